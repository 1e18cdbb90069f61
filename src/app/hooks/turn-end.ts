/**
 * Stop and PreCompact (DESIGN.md §4 "End of turn"): capture `<remember>` tags from the last assistant
 * message, then start the extraction job detached when it is due (every `extraction.everyNTurns` turns;
 * always before a compaction), else the job that recovers the tool calls no hook recorded (the
 * extraction job does that too), and return at once. Mutual exclusion with the main agent (a turn in
 * which the agent wrote memory itself is not extracted again, as Claude Code 2.1.x does) is the job's: it finds the turns in which the agent wrote memory itself in the transcript
 * slice and skips only those, so earlier turns of a throttled batch are still extracted. After a Stop,
 * that job checks the auto-dream's cheap gates too, and starts the dream job when they open.
 */
import type { CompactionEvent, SessionEndEvent, TurnEndEvent } from "../../harness/index.js";
import { foldToolLog } from "../../project/index.js";
import type { AppContext } from "../context.js";
import type { ExtractRequest, RecoverRequest } from "../jobs/request.js";
import { captureRememberTags } from "../remember.js";
import { mergeModes, turnModes, updateTurnState } from "../turn-state.js";

/** The extraction job of a session's transcript. */
export function extractionJob(
  ctx: AppContext,
  input: TurnEndEvent | CompactionEvent | SessionEndEvent,
): ExtractRequest {
  return {
    kind: "extract",
    cwd: ctx.paths.projectRoot,
    harness: input.harness,
    sessionId: input.sessionId,
    ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
    // Session memory is refreshed before a compaction whatever its thresholds say (Claude Code 2.1.x refreshes its session memory before compacting).
    ...(input.type === "compaction" ? { precompact: true } : {}),
  };
}

/** The recovery of a session's unrecorded tool calls (a turn end whose extraction is not due). */
function recoveryJob(ctx: AppContext, input: TurnEndEvent | CompactionEvent): RecoverRequest {
  return {
    kind: "recover",
    cwd: ctx.paths.projectRoot,
    harness: input.harness,
    sessionId: input.sessionId,
    ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
  };
}

/** The offline session summary before a compaction (provisional: the job's run still sees the messages as new). */
async function writeSummaryNow(ctx: AppContext, input: CompactionEvent): Promise<void> {
  try {
    const { lockedSessionMemory } = await import("../jobs/session-memory-lock.js");
    await lockedSessionMemory(
      ctx,
      {
        sessionId: input.sessionId,
        ...(input.transcriptPath ? { transcriptPath: input.transcriptPath } : {}),
        harness: input.harness,
        reason: "precompact",
        provisional: true,
      },
      false,
    );
  } catch (e) {
    ctx.log("warn", "hook:compaction", `session summary not written before the compaction: ${String(e)}`, {
      session_id: input.sessionId,
    });
  }
}

export async function onTurnEnd(
  ctx: AppContext,
  input: TurnEndEvent | CompactionEvent,
): Promise<string | undefined> {
  const { paths, rt, config } = ctx;
  const now = rt.now();
  const isStop = input.type === "turnEnd";
  const last = input.type === "turnEnd" ? (input.lastAssistantMessage ?? "") : "";
  if (/<remember/i.test(last)) await captureRememberTags(ctx, last, now);

  foldToolLog(paths.projectMemory, paths.projectRoot, now);
  let due = false;
  updateTurnState(paths.stateRoot, input.sessionId, (s) => {
    if (isStop) s.stops++;
    due = !isStop || s.stops - s.lastExtractionStop >= config.extraction.everyNTurns;
    if (due) s.lastExtractionStop = s.stops;
    const modes = turnModes(input.permissionMode, config.kairos);
    if (modes.length) s.modes = mergeModes(s.modes, modes);
  });
  // Before a compaction the harness starts the compacted session right after this hook returns: the
  // offline summary is written here, within the hook, so that start always injects it; the job's
  // model run refines it later.
  if (!isStop && config.sessionMemory.enabled) await writeSummaryNow(ctx, input);
  // The extraction job recovers the tool calls no hook recorded; without it, the recover job does.
  // After a Stop, that job checks the auto-dream's gates too.
  const job = due ? extractionJob(ctx, input) : recoveryJob(ctx, input);
  await rt.spawnJob(isStop ? { ...job, dreamCheck: true } : job);
  return undefined;
}
