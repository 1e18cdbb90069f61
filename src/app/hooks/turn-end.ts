/**
 * Stop and PreCompact (DESIGN.md §4 "End of turn"): capture `<remember>` tags from the last assistant
 * message, then start the extraction job detached when it is due (every `extraction.everyNTurns` turns;
 * always before a compaction) and return at once. When the main agent itself wrote to the memory dir
 * this turn (mutual exclusion, seed 000 §24.2), the job only moves the cursor past those messages.
 */
import type { HookInput } from "../../adapters/claude-code/hook-input.js";
import { foldToolLog } from "../../project/index.js";
import type { AppContext } from "../context.js";
import { captureRememberTags } from "./remember.js";
import { updateTurnState } from "./turn-state.js";

/** The argv of the extraction job for a session. */
export function extractionJobArgs(ctx: AppContext, input: HookInput, advanceOnly: boolean): string[] {
  const args = ["job", "extract", "--session", input.session_id, "--cwd", ctx.paths.projectRoot];
  if (typeof input.transcript_path === "string" && input.transcript_path)
    args.push("--transcript", input.transcript_path);
  if (advanceOnly) args.push("--advance-only");
  // Session memory is refreshed before a compaction whatever its thresholds say (seed 000 §24.3).
  if (input.hook_event_name === "PreCompact") args.push("--precompact");
  return args;
}

export async function onTurnEnd(ctx: AppContext, input: HookInput): Promise<string | undefined> {
  const { paths, rt, config } = ctx;
  const now = rt.now();
  const isStop = input.hook_event_name === "Stop";
  const last = typeof input.last_assistant_message === "string" ? input.last_assistant_message : "";
  if (isStop && /<remember/i.test(last)) await captureRememberTags(ctx, last, now);

  foldToolLog(paths.projectMemory, paths.projectRoot, now);
  let due = false;
  let advanceOnly = false;
  updateTurnState(paths.stateRoot, input.session_id, (s) => {
    if (isStop) s.stops++;
    due = !isStop || s.stops - s.lastExtractionStop >= config.extraction.everyNTurns;
    if (due) {
      advanceOnly = s.agentWroteMemory;
      s.lastExtractionStop = s.stops;
      s.agentWroteMemory = false;
    }
  });
  if (!due) return undefined;
  if (advanceOnly) {
    ctx.event("extraction_skipped", { session_id: input.session_id, reason: "agent_wrote_memory" });
  }
  await rt.spawnJob(extractionJobArgs(ctx, input, advanceOnly));
  return undefined;
}
