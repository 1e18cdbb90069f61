/**
 * Stop and PreCompact (DESIGN.md §4 "End of turn"): capture `<remember>` tags from the last assistant
 * message, then start the extraction job detached when it is due (every `extraction.everyNTurns` turns;
 * always before a compaction) and return at once. Mutual exclusion with the main agent (seed 000
 * §24.2) is the job's: it finds the turns in which the agent wrote memory itself in the transcript
 * slice and skips only those, so earlier turns of a throttled batch are still extracted. At Stop,
 * the auto-dream's cheap gates are checked too (seed 000 §24.6), and the dream job started when they open.
 */
import type { HookInput } from "../../adapters/claude-code/hook-input.js";
import { foldToolLog } from "../../project/index.js";
import type { AppContext } from "../context.js";
import { maybeStartDream } from "../dream-gate.js";
import { captureRememberTags } from "./remember.js";
import { updateTurnState } from "./turn-state.js";

/** The argv of the extraction job for a session. */
export function extractionJobArgs(ctx: AppContext, input: HookInput): string[] {
  const args = ["job", "extract", "--session", input.session_id, "--cwd", ctx.paths.projectRoot];
  if (typeof input.transcript_path === "string" && input.transcript_path)
    args.push("--transcript", input.transcript_path);
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
  updateTurnState(paths.stateRoot, input.session_id, (s) => {
    if (isStop) s.stops++;
    due = !isStop || s.stops - s.lastExtractionStop >= config.extraction.everyNTurns;
    if (due) s.lastExtractionStop = s.stops;
  });
  if (due) await rt.spawnJob(extractionJobArgs(ctx, input));
  if (isStop) await maybeStartDream(ctx, input.session_id);
  return undefined;
}
