/**
 * One session-memory update for one session: read the summary's bookkeeping, read the transcript from
 * where the last update stopped, decide (trigger.ts), and when it is time build the sections (offline
 * engine, or a model through the app), plan and apply. Sync (the offline path); the app's model path
 * uses `prepareSummaryUpdate` + `planPrepared` around its model call.
 */
import { isoUtc } from "../../core/clock.js";
import type { ConversationMessage, ReadTranscript } from "../../transcripts/types.js";
import { applySummaryPlan } from "./apply.js";
import { buildOfflineSections } from "./offline/index.js";
import { planSummary, type SummaryPlan } from "./plan.js";
import { readSummaryFile } from "./read.js";
import type { SessionSummary, SummarySections } from "./sections.js";
import {
  DEFAULT_SESSION_MEMORY_CONFIG,
  decideUpdate,
  observeSlice,
  type SessionMemoryConfig,
  type TriggerObservation,
} from "./trigger.js";

export interface SummaryRunOptions {
  sessionId: string;
  /** The session's transcript. */
  transcriptPath: string;
  /** The reader of the harness that wrote it (its adapter's `transcripts.read`). */
  read: ReadTranscript;
  /** `<stateRoot>/summaries/<session-id>.md` (read.ts `summaryPath`). */
  summaryPath: string;
  /** "stop" at a turn end (thresholds apply), "precompact" before a compaction (forced). */
  reason: "stop" | "precompact";
  /** ms since the epoch (the `updated` time). */
  nowMs: number;
  config?: Readonly<SessionMemoryConfig>;
  /**
   * Bytes of transcript read at most per read (default: all). The new part is read from the last
   * update's offset; the whole conversation the offline engine sees is then the last `maxBytes` bytes.
   */
  maxBytes?: number;
}

export type PreparedUpdate =
  | { kind: "skip"; reason: string; observation?: TriggerObservation }
  | {
      kind: "update";
      /** "threshold" or "forced". */
      why: string;
      current: SessionSummary | undefined;
      /** The whole conversation (for the offline engine). */
      messages: ConversationMessage[];
      /** The messages since the last update (for a model). */
      newMessages: ConversationMessage[];
      cwd: string | undefined;
      observation: TriggerObservation;
      /** Transcript byte offset read up to; main-chain tool calls up to there. */
      endOffset: number;
      toolCalls: number;
    };

/**
 * Reads and decides; no writes. @throws MemdirError NOT_FOUND when the transcript is missing (callers
 * check first), IO on read errors.
 */
export function prepareSummaryUpdate(opts: SummaryRunOptions): PreparedUpdate {
  const current = readSummaryFile(opts.summaryPath);
  let from = current?.meta.transcriptOffset ?? 0;
  let prevTokens = current?.meta.contextTokens ?? 0;
  let prevCalls = current?.meta.toolCalls ?? 0;
  const bounds = { maxBytes: opts.maxBytes };
  let slice = opts.read(opts.transcriptPath, from, bounds);
  if ((slice.skipped.cursor_past_end ?? 0) > 0) {
    // The transcript was replaced (shorter than where we stopped): start over on the new file.
    from = 0;
    prevTokens = 0;
    prevCalls = 0;
    slice = opts.read(opts.transcriptPath, 0, bounds);
  }
  const observation = observeSlice(slice.messages, slice.compactions, { contextTokens: prevTokens });
  const decision = decideUpdate(
    observation,
    current !== undefined,
    opts.reason,
    opts.config ?? DEFAULT_SESSION_MEMORY_CONFIG,
  );
  if (!decision.update) return { kind: "skip", reason: decision.reason, observation };
  const fullFrom = opts.maxBytes ? Math.max(0, slice.endOffset - opts.maxBytes) : 0;
  const full = from === fullFrom ? slice : opts.read(opts.transcriptPath, fullFrom, bounds);
  return {
    kind: "update",
    why: decision.why,
    current,
    messages: full.messages,
    newMessages: slice.messages,
    cwd: full.cwd,
    observation,
    endOffset: slice.endOffset,
    toolCalls: prevCalls + observation.toolCallsSince,
  };
}

/** Plans the file for a prepared update with `sections` written by `engine`. Pure. */
export function planPrepared(
  prep: Extract<PreparedUpdate, { kind: "update" }>,
  sections: SummarySections,
  engine: string,
  opts: { sessionId: string; nowMs: number },
): SummaryPlan {
  const previous = prep.current?.meta.updates ?? 0;
  return planSummary(
    sections,
    {
      sessionId: opts.sessionId,
      updated: isoUtc(opts.nowMs),
      engine,
      contextTokens: prep.observation.contextTokens,
      toolCalls: prep.toolCalls,
      updates: previous + 1,
      transcriptOffset: prep.endOffset,
    },
    previous,
  );
}

export type SummaryRunResult =
  | { status: "skipped"; reason: string; observation?: TriggerObservation }
  | { status: "updated"; why: string; summary: SessionSummary; observation: TriggerObservation };

/**
 * The offline update: prepare → offline engine → plan → apply (lock, re-read, atomic write). A plan
 * overtaken by a concurrent update is skipped with reason `superseded`.
 * @throws MemdirError NOT_FOUND (transcript missing), LOCK_TIMEOUT; fs errors
 */
export function runSummaryUpdate(opts: SummaryRunOptions): SummaryRunResult {
  const prep = prepareSummaryUpdate(opts);
  if (prep.kind === "skip") return { status: "skipped", reason: prep.reason, observation: prep.observation };
  const sections = buildOfflineSections(prep.messages, { cwd: prep.cwd });
  const plan = planPrepared(prep, sections, "offline", opts);
  const applied = applySummaryPlan(opts.summaryPath, plan);
  if (!applied.written) return { status: "skipped", reason: applied.reason, observation: prep.observation };
  return { status: "updated", why: prep.why, summary: plan.summary, observation: prep.observation };
}
