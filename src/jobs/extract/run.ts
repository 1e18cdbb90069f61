/**
 * One extraction run for one session (DESIGN.md §4 "Extraction job"): read the transcript from the
 * session's cursor (complete lines only), extract (offline engine, or the model with the offline
 * engine as its fallback), apply, and only then move the cursor. A crash between apply and the cursor
 * write re-reads the same messages next time; the store merges them into the memories already
 * written (`unchanged`), so nothing duplicates.
 */
import type { LlmProvider } from "../../llm/types.js";
import { readCursor, writeCursor } from "../../sessions/index.js";
import type { ConversationMessage, ReadTranscript } from "../../transcripts/types.js";
import { type ApplyResult, applyExtraction, type ExtractionTarget } from "./apply.js";
import { type ExtractionPlan, planExtraction } from "./engine/index.js";
import { hasProse } from "./model/render.js";
import { type ModelExtractionResult, runModelExtraction } from "./model/run.js";
import { splitAtMemoryWrite } from "./mutual.js";

export interface RunExtractionOptions {
  sessionId: string;
  /** The session's transcript. */
  transcriptPath: string;
  /** The reader of the harness that wrote it (its adapter's `transcripts.read`). */
  read: ReadTranscript;
  /** The project's `.memdir/` (session state lives under it). */
  stateRoot: string;
  target: ExtractionTarget;
  /** ms since the epoch. */
  nowMs: number;
  /** Start here (bytes) instead of the stored cursor (replay, tests). */
  fromOffset?: number;
  /** The user's home: `~` and `$HOME` in the agent's commands are expanded when looking for memory writes. */
  homeDir?: string;
  /** Extract with this model (already guarded: budgets + breaker); absent = the offline engine. */
  model?: { provider: LlmProvider; maxInputTokens: number; maxOutputTokens: number };
  /** Read at most this many bytes of transcript (default: to the end); `more` says when some are left. */
  maxBytes?: number;
  /**
   * Called with the slice's `abandoned` uuids (entries an earlier run read that a rewind has since left
   * off the live branch) before anything is extracted and before the cursor moves; it withdraws what
   * was learned from them (its own change set). A throw fails the run: the cursor stays, the next run
   * sees the same abandoned entries again.
   */
  withdraw?: (abandoned: string[]) => unknown;
  /**
   * The transcript is a subagent's own (Claude Code marks every entry of one `isSidechain`): its
   * messages are read as the main chain, so its prompt is extracted and its memory writes count.
   */
  mainChain?: boolean;
}

export interface RunExtractionResult {
  /** The offline engine's plan when it ran (offline, or as the model's fallback). */
  plan?: ExtractionPlan;
  /** The offline engine's writes when it ran. */
  result?: ApplyResult;
  /** The model run, when a model was configured and the slice held prose. */
  model?: ModelExtractionResult;
  /**
   * Set when nothing was extracted on purpose: `nothing_new` (no new messages), `no_prose` (only tool
   * output, code or JSON), or `agent_wrote_memory` (the agent wrote into a memory dir itself in every
   * turn of the slice that had anything to read).
   */
  skipped?: "nothing_new" | "no_prose" | "agent_wrote_memory";
  /** Messages left out because the agent wrote memory itself in their turn. */
  agentTurnMessages?: number;
  /** Byte offsets: where this run started and where the cursor now stands. */
  cursor: { from: number; to: number };
  /** Messages read in this run (main chain and sidechains; the live branch only). */
  messages: number;
  /** Entries an earlier run read that are no longer on the live branch (handed to `withdraw`). */
  abandoned?: string[];
  /** `maxBytes` stopped the read with more of the transcript left (run again to continue). */
  more?: boolean;
}

async function extract(
  opts: RunExtractionOptions,
  messages: ConversationMessage[],
): Promise<Omit<RunExtractionResult, "cursor" | "messages">> {
  if (messages.length === 0) return { skipped: "nothing_new" };
  const dirs = [opts.target.memoryDir, opts.target.userMemoryDir];
  const split = splitAtMemoryWrite(messages, dirs, opts.homeDir);
  const agent = split.skipped.length ? { agentTurnMessages: split.skipped.length } : {};
  if (!hasProse(split.extract))
    return { skipped: split.skipped.length ? "agent_wrote_memory" : "no_prose", ...agent };
  const out = await extractFrom(opts, split.extract);
  return { ...out, ...agent };
}

/**
 * When the slice was said: its newest message timestamp not after `nowMs` (a replay or a late
 * extraction runs long after), else `nowMs`. KAIROS log entries are stamped with it, so a relative
 * date in them is later resolved against the day it was said (seed 000 §24.1 daily logs).
 */
export function saidAtMs(messages: ConversationMessage[], nowMs: number): number {
  let best: number | undefined;
  for (const m of messages) {
    const t = Date.parse(m.timestamp);
    if (Number.isFinite(t) && t <= nowMs && (best === undefined || t > best)) best = t;
  }
  return best ?? nowMs;
}

async function extractFrom(
  opts: RunExtractionOptions,
  messages: ConversationMessage[],
): Promise<Omit<RunExtractionResult, "cursor" | "messages">> {
  const said = saidAtMs(messages, opts.nowMs);
  if (opts.model) {
    const model = await runModelExtraction({
      ...opts.model,
      messages,
      target: opts.target,
      sessionId: opts.sessionId,
      nowMs: opts.nowMs,
      saidAtMs: said,
    });
    return model.fallback ? { model, ...model.fallback } : { model };
  }
  const plan = planExtraction(messages, { sessionId: opts.sessionId, nowMs: opts.nowMs });
  return { plan, result: applyExtraction(plan, opts.target, opts.nowMs, { saidAtMs: said }) };
}

/**
 * Runs one extraction. The start is `fromOffset`, else the stored cursor when it belongs to the
 * same transcript path, else 0; a cursor past the end of the file (the file was replaced) restarts
 * at 0. The cursor is written (under the session lock, never backwards) after every memory and
 * fact is durable, with `turns` increased by the number of user prompts read. The turns in which the
 * agent wrote memory itself are not extracted (the others of the slice are); a slice with nothing new
 * or no prose is not either; the cursor moves past all of them (`skipped`, `agentTurnMessages`).
 * @throws MemdirError NOT_FOUND when the transcript is missing; store/project errors from apply
 *   (then the cursor does not move and the next run retries the same slice). Model failures are
 *   not thrown: the offline engine's result is applied and `model.failure` says why.
 */
export async function runExtraction(opts: RunExtractionOptions): Promise<RunExtractionResult> {
  const stored = readCursor(opts.stateRoot, opts.sessionId);
  const sameFile = stored.transcriptPath === undefined || stored.transcriptPath === opts.transcriptPath;
  let from = opts.fromOffset ?? (sameFile ? stored.offset : 0);
  const bounds = { maxBytes: opts.maxBytes };
  let slice = opts.read(opts.transcriptPath, from, bounds);
  if ((slice.skipped.cursor_past_end ?? 0) > 0) {
    from = 0;
    slice = opts.read(opts.transcriptPath, 0, bounds);
  }
  const abandoned = slice.abandoned ?? [];
  if (abandoned.length > 0) opts.withdraw?.(abandoned);
  const messages = opts.mainChain
    ? slice.messages.map((m) => (m.isSidechain ? { ...m, isSidechain: false } : m))
    : slice.messages;
  const out = await extract(opts, messages);
  const prompts = messages.filter((m) => m.kind === "prompt" && !m.isSidechain).length;
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
  return {
    ...out,
    cursor: { from, to: written.offset },
    messages: slice.messages.length,
    ...(abandoned.length > 0 ? { abandoned } : {}),
    ...(slice.more ? { more: true } : {}),
  };
}
