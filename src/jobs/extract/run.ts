/**
 * One extraction run for one session (DESIGN.md §4 "Extraction job"): read the transcript from the
 * session's cursor (complete lines only), plan with the offline engine, apply, and only then move
 * the cursor. A crash between apply and the cursor write re-reads the same messages next time;
 * the store merges them into the memories already written (`unchanged`), so nothing duplicates.
 */
import { readClaudeTranscript } from "../../adapters/claude-code/index.js";
import { readCursor, writeCursor } from "../../sessions/index.js";
import { type ApplyResult, applyExtraction, type ExtractionTarget } from "./apply.js";
import { type ExtractionPlan, planExtraction } from "./engine/index.js";

export interface RunExtractionOptions {
  sessionId: string;
  /** The Claude Code transcript (`~/.claude/projects/<dir>/<session>.jsonl`). */
  transcriptPath: string;
  /** The project's `.memdir/` (session state lives under it). */
  stateRoot: string;
  target: ExtractionTarget;
  /** ms since the epoch. */
  nowMs: number;
  /** Start here (bytes) instead of the stored cursor (replay, tests). */
  fromOffset?: number;
}

export interface RunExtractionResult {
  plan: ExtractionPlan;
  result: ApplyResult;
  /** Byte offsets: where this run started and where the cursor now stands. */
  cursor: { from: number; to: number };
}

/**
 * Runs one extraction. The start is `fromOffset`, else the stored cursor when it belongs to the
 * same transcript path, else 0; a cursor past the end of the file (the file was replaced) restarts
 * at 0. The cursor is written (under the session lock, never backwards) after every memory and
 * fact is durable, with `turns` increased by the number of user prompts read.
 * @throws MemdirError NOT_FOUND when the transcript is missing; store/project errors from apply
 *   (then the cursor does not move and the next run retries the same slice).
 */
export function runExtraction(opts: RunExtractionOptions): RunExtractionResult {
  const stored = readCursor(opts.stateRoot, opts.sessionId);
  const sameFile = stored.transcriptPath === undefined || stored.transcriptPath === opts.transcriptPath;
  let from = opts.fromOffset ?? (sameFile ? stored.offset : 0);
  let slice = readClaudeTranscript(opts.transcriptPath, from);
  if ((slice.skipped.cursor_past_end ?? 0) > 0) {
    from = 0;
    slice = readClaudeTranscript(opts.transcriptPath, 0);
  }
  const plan = planExtraction(slice.messages, { sessionId: opts.sessionId, nowMs: opts.nowMs });
  const result = applyExtraction(plan, opts.target, opts.nowMs);
  const prompts = slice.messages.filter((m) => m.kind === "prompt" && !m.isSidechain).length;
  const written = writeCursor(
    opts.stateRoot,
    opts.sessionId,
    {
      transcriptPath: opts.transcriptPath,
      offset: slice.endOffset,
      turns: (sameFile ? stored.turns : 0) + prompts,
    },
    opts.nowMs,
  );
  return { plan, result, cursor: { from, to: written.offset } };
}
