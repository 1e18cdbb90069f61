/**
 * One extraction run for one session (DESIGN.md §4 "Extraction job"): read the transcript from the
 * session's cursor (complete lines only), extract (offline engine, or the model with the offline
 * engine as its fallback), apply, and only then move the cursor. A crash between apply and the cursor
 * write re-reads the same messages next time; the store merges them into the memories already
 * written (`unchanged`), so nothing duplicates.
 */
import { readClaudeTranscript } from "../../adapters/claude-code/index.js";
import type { LlmProvider } from "../../llm/types.js";
import { readCursor, writeCursor } from "../../sessions/index.js";
import type { ConversationMessage } from "../../transcripts/types.js";
import { type ApplyResult, applyExtraction, type ExtractionTarget } from "./apply.js";
import { type ExtractionPlan, planExtraction } from "./engine/index.js";
import { hasProse } from "./model/render.js";
import { type ModelExtractionResult, runModelExtraction } from "./model/run.js";
import { agentWroteMemory } from "./mutual.js";

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
  /** Extract with this model (already guarded: budgets + breaker); absent = the offline engine. */
  model?: { provider: LlmProvider; maxInputTokens: number; maxOutputTokens: number };
}

export interface RunExtractionResult {
  /** The offline engine's plan when it ran (offline, or as the model's fallback). */
  plan?: ExtractionPlan;
  /** The offline engine's writes when it ran. */
  result?: ApplyResult;
  /** The model run, when a model was configured and the slice held prose. */
  model?: ModelExtractionResult;
  /**
   * Set when nothing was extracted on purpose: `no_prose` (only tool output, code or JSON), or
   * `agent_wrote_memory` (the main agent wrote into a memory dir itself in these messages).
   */
  skipped?: "no_prose" | "agent_wrote_memory";
  /** Byte offsets: where this run started and where the cursor now stands. */
  cursor: { from: number; to: number };
  /** Messages read in this run (main chain and sidechains). */
  messages: number;
}

async function extract(
  opts: RunExtractionOptions,
  messages: ConversationMessage[],
): Promise<Omit<RunExtractionResult, "cursor" | "messages">> {
  if (agentWroteMemory(messages, [opts.target.memoryDir, opts.target.userMemoryDir]))
    return { skipped: "agent_wrote_memory" };
  if (!hasProse(messages)) return { skipped: "no_prose" };
  if (opts.model) {
    const model = await runModelExtraction({
      ...opts.model,
      messages,
      target: opts.target,
      sessionId: opts.sessionId,
      nowMs: opts.nowMs,
    });
    return model.fallback ? { model, ...model.fallback } : { model };
  }
  const plan = planExtraction(messages, { sessionId: opts.sessionId, nowMs: opts.nowMs });
  return { plan, result: applyExtraction(plan, opts.target, opts.nowMs) };
}

/**
 * Runs one extraction. The start is `fromOffset`, else the stored cursor when it belongs to the
 * same transcript path, else 0; a cursor past the end of the file (the file was replaced) restarts
 * at 0. The cursor is written (under the session lock, never backwards) after every memory and
 * fact is durable, with `turns` increased by the number of user prompts read. A slice in which the
 * agent wrote memory itself, or without prose, moves the cursor without extracting (`skipped`).
 * @throws MemdirError NOT_FOUND when the transcript is missing; store/project errors from apply
 *   (then the cursor does not move and the next run retries the same slice). Model failures are
 *   not thrown: the offline engine's result is applied and `model.failure` says why.
 */
export async function runExtraction(opts: RunExtractionOptions): Promise<RunExtractionResult> {
  const stored = readCursor(opts.stateRoot, opts.sessionId);
  const sameFile = stored.transcriptPath === undefined || stored.transcriptPath === opts.transcriptPath;
  let from = opts.fromOffset ?? (sameFile ? stored.offset : 0);
  let slice = readClaudeTranscript(opts.transcriptPath, from);
  if ((slice.skipped.cursor_past_end ?? 0) > 0) {
    from = 0;
    slice = readClaudeTranscript(opts.transcriptPath, 0);
  }
  const out = await extract(opts, slice.messages);
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
  return { ...out, cursor: { from, to: written.offset }, messages: slice.messages.length };
}
