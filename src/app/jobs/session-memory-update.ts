/**
 * Session memory (the rolling summary) for one session: evaluated by the extraction job
 * at each turn end (Stop) and forced before a compaction (PreCompact). Every outcome is one event that
 * `memdir status` shows: `session_memory_updated`, `session_memory_skipped` (with its reason),
 * `session_memory_failed`.
 */

import { describeError } from "../../core/errors.js";
import type { HarnessName } from "../../harness/index.js";
import {
  applySummaryPlan,
  buildOfflineSections,
  planPrepared,
  prepareSummaryUpdate,
  summaryPath,
} from "../../jobs/summarize/index.js";
import type { updateSummaryWithModel } from "../../jobs/summarize/model.js";
import type { LlmProvider } from "../../llm/types.js";
import { readCursor, readSessionStarted } from "../../sessions/index.js";
import { withoutPrivateEchoes } from "../../transcripts/index.js";
import type { AppContext } from "../context.js";
import { transcriptAdapterFor } from "../transcript-reader.js";
import { checkTranscriptInput } from "./input.js";
import { TRANSCRIPT_READ_BYTES } from "./limits.js";

export interface SessionMemoryOptions {
  sessionId: string;
  /** The transcript; default: the one the extraction cursor or the session start recorded. */
  transcriptPath?: string;
  /** The harness that wrote it; default: recognised from the file. */
  harness?: HarnessName;
  /** "stop" (turn end: thresholds apply) or "precompact" (forced refresh before a compaction). */
  reason: "stop" | "precompact";
  /**
   * A (guarded) model and the summarizer that asks it (jobs/summarize `updateSummaryWithModel`, passed in so
   * the hooks, which only write offline summaries, never load it): it rewrites the sections that changed;
   * without one the offline engine runs.
   */
  model?: { provider: LlmProvider; update: typeof updateSummaryWithModel };
  /**
   * Write the sections but keep the bookkeeping (offset, tokens, tool calls) of the previous update,
   * so the next run still sees these messages as new: the quick offline summary written before a
   * compaction, ahead of the model's slower update of the same messages.
   */
  provisional?: boolean;
}

export interface SessionMemoryOutcome {
  status: "updated" | "skipped" | "failed";
  /** updated: "threshold" | "forced"; skipped: why (disabled, no_transcript, below_init_threshold…). */
  reason: string;
  /** The summary file (`<stateRoot>/summaries/<session-id>.md`), "" when the id was unusable. */
  path: string;
  contextTokens?: number;
  engine?: string;
  /** failed: the error; updated: why the model's answer was not used, if it was not. */
  error?: string;
}

/**
 * Updates the session's summary when the trigger says so. Never throws: every failure becomes a
 * `session_memory_failed` event (and a log line) and is returned.
 */
export async function updateSessionMemory(
  ctx: AppContext,
  opts: SessionMemoryOptions,
): Promise<SessionMemoryOutcome> {
  const { paths, rt } = ctx;
  const sid = opts.sessionId;
  const skip = (reason: string, path: string, extra: Record<string, unknown> = {}): SessionMemoryOutcome => {
    ctx.event("session_memory_skipped", { session_id: sid, trigger: opts.reason, reason, ...extra });
    return { status: "skipped", reason, path };
  };
  let path = "";
  try {
    path = summaryPath(paths.summariesDir, sid);
    if (!ctx.config.sessionMemory.enabled) return skip("disabled", path);
    const transcript =
      opts.transcriptPath ??
      readCursor(paths.stateRoot, sid).transcriptPath ??
      readSessionStarted(paths.stateRoot, sid)?.transcript_path;
    const input = transcript ? checkTranscriptInput(ctx, "session-memory", sid, transcript) : "missing";
    if (!transcript || input !== "ok")
      return skip(
        !transcript ? "no_transcript" : input === "refused" ? "input_refused" : "transcript_missing",
        path,
      );
    const run = {
      sessionId: sid,
      transcriptPath: transcript,
      read: (await transcriptAdapterFor(transcript, opts.harness)).transcripts.read,
      summaryPath: path,
      reason: opts.reason,
      nowMs: rt.now(),
      maxBytes: TRANSCRIPT_READ_BYTES,
    };
    const prep = prepareSummaryUpdate(run);
    if (prep.kind === "skip")
      return skip(prep.reason, path, { context_tokens: prep.observation?.contextTokens ?? null });
    // Echoes of `<private>` text (the assistant repeating it) are removed before either engine reads.
    const all = withoutPrivateEchoes(prep.messages);
    const offline = buildOfflineSections(all, { cwd: prep.cwd });
    let sections = offline;
    let engine = "offline";
    let modelError: string | undefined;
    if (opts.model) {
      const fresh = withoutPrivateEchoes(prep.newMessages, prep.messages);
      const m = await opts.model.update(opts.model.provider, prep.current?.sections, fresh, {
        fallback: offline,
        maxInputTokens: ctx.config.llm.maxInputTokensPerCall,
        maxOutputTokens: ctx.config.llm.maxOutputTokensPerCall,
      });
      sections = m.sections;
      engine = m.engine;
      modelError = m.failure;
      if (m.failure) {
        // Never silent: a `_failed` event reaches SessionStart and `memdir status`.
        ctx.event("session_memory_model_failed", {
          session_id: sid,
          error: m.failure.slice(0, 300),
          fallback: "offline",
        });
        ctx.log("warn", "job:session-memory", `model not used: ${m.failure}`, { session_id: sid });
      }
    }
    const last = prep.current?.meta;
    const kept = opts.provisional
      ? {
          ...prep,
          endOffset: last?.transcriptOffset ?? 0,
          toolCalls: last?.toolCalls ?? 0,
          observation: { ...prep.observation, contextTokens: last?.contextTokens ?? 0 },
        }
      : prep;
    const plan = planPrepared(kept, sections, engine, { sessionId: sid, nowMs: rt.now() });
    const applied = applySummaryPlan(path, plan);
    if (!applied.written) return skip(applied.reason, path);
    const meta = plan.summary.meta;
    ctx.event("session_memory_updated", {
      session_id: sid,
      trigger: opts.reason,
      reason: prep.why,
      engine,
      context_tokens: meta.contextTokens,
      tool_calls: meta.toolCalls,
      updates: meta.updates,
      ...(modelError ? { model_error: modelError.slice(0, 300) } : {}),
    });
    return {
      status: "updated",
      reason: prep.why,
      path,
      contextTokens: meta.contextTokens,
      engine,
      ...(modelError ? { error: modelError } : {}),
    };
  } catch (e) {
    const error = describeError(e);
    ctx.event("session_memory_failed", { session_id: sid, trigger: opts.reason, error: error.slice(0, 500) });
    ctx.log("error", "job:session-memory", error, { session_id: sid });
    return { status: "failed", reason: "error", path, error };
  }
}
