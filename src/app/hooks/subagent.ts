/** SubagentStart / SubagentStop: subagent tracking; `<remember>` tags in a subagent's final message. */
import type { HookInput } from "../../adapters/claude-code/hook-input.js";
import { recordSubagent } from "../../sessions/index.js";
import type { AppContext } from "../context.js";
import { captureRememberTags } from "./remember.js";

export async function onSubagent(ctx: AppContext, input: HookInput): Promise<undefined> {
  const now = ctx.rt.now();
  const start = input.hook_event_name === "SubagentStart";
  recordSubagent(
    ctx.paths.stateRoot,
    input.session_id,
    {
      kind: start ? "start" : "stop",
      agentId: typeof input.agent_id === "string" ? input.agent_id : "unknown",
      agentType: typeof input.agent_type === "string" ? input.agent_type : undefined,
    },
    now,
  );
  const last = typeof input.last_assistant_message === "string" ? input.last_assistant_message : "";
  if (!start && /<remember/i.test(last)) await captureRememberTags(ctx, last, now);
  return undefined;
}
