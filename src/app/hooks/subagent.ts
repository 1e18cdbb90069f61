/** SubagentStart / SubagentStop: subagent tracking; `<remember>` tags in a subagent's final message. */
import type { SubagentStartEvent, SubagentStopEvent } from "../../harness/index.js";
import { recordSubagent } from "../../sessions/index.js";
import type { AppContext } from "../context.js";
import { captureRememberTags } from "../remember.js";

export async function onSubagent(
  ctx: AppContext,
  input: SubagentStartEvent | SubagentStopEvent,
): Promise<undefined> {
  const now = ctx.rt.now();
  const start = input.type === "subagentStart";
  recordSubagent(
    ctx.paths.stateRoot,
    input.sessionId,
    { kind: start ? "start" : "stop", agentId: input.agentId, agentType: input.agentType },
    now,
  );
  const last = input.type === "subagentStop" ? (input.lastAssistantMessage ?? "") : "";
  if (/<remember/i.test(last)) await captureRememberTags(ctx, last, now);
  return undefined;
}
