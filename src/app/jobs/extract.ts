/**
 * The detached extraction job (`memdir job extract`, started by Stop / PreCompact / SessionEnd /
 * SessionStart reclaim). One job per session at a time (a lock per session); every outcome is an event
 * that `memdir status` shows: `extraction`, `extraction_skipped` (with its reason), `extraction_failed`.
 */

import { join } from "node:path";
import { describeError, isMemdirError } from "../../core/errors.js";
import { acquireLockSync } from "../../core/lock.js";
import type { HarnessName } from "../../harness/index.js";
import { type RunExtractionResult, runExtraction } from "../../jobs/extract/index.js";
import { updateSummaryWithModel } from "../../jobs/summarize/index.js";
import { sessionStatePaths } from "../../paths/index.js";
import { foldToolLog } from "../../project/index.js";
import { readCursor, readSessionStarted, takeExtractionQueue } from "../../sessions/index.js";
import { commitChangeSet, createJournal, type Journal } from "../../store/index.js";
import { type AppContext, ensureProjectState, localTimeZone, projectContext } from "../context.js";
import { type ModelChoice, openModel } from "../model/provider.js";
import type { Runtime } from "../runtime.js";
import { transcriptAdapterFor } from "../transcript-reader.js";
import { ingestSessionTranscript } from "./ingest-session.js";
import { checkTranscriptInput } from "./input.js";
import { TRANSCRIPT_READ_BYTES } from "./limits.js";
import { recoverSessions } from "./recover-tools.js";
import type { ExtractRequest } from "./request.js";
import { lockedSessionMemory } from "./session-memory-lock.js";
import { withdrawAbandoned } from "./withdraw.js";

export interface ExtractJobResult {
  sessionId: string;
  memories: number;
  facts: number;
  from: number;
  to: number;
  skipped?: string;
  error?: string;
  /** The run's change set (`memdir history`), when it wrote memory-dir files. */
  changeSet?: string;
  /** The run stopped at its byte budget with more of the transcript left. */
  more?: boolean;
}

/** Runs of one session per job at most while each stops at its byte budget (1 GiB of transcript in all). */
const MAX_ROUNDS = 16;

/** Wait this long for another extraction of the same session to finish (ms). */
const SESSION_LOCK_TIMEOUT_MS = 120_000;

async function extractOne(ctx: AppContext, w: Work, model: ModelChoice): Promise<ExtractJobResult> {
  const { sessionId, transcriptPath } = w;
  const { paths, rt } = ctx;
  const sp = sessionStatePaths(paths.stateRoot, sessionId);
  // An async body: the lock is held until the model run and the writes are done.
  const lock = acquireLockSync(join(sp.dir, "extract.lock"), { timeoutMs: SESSION_LOCK_TIMEOUT_MS });
  try {
    const cursor = readCursor(paths.stateRoot, sessionId);
    const transcript =
      transcriptPath ??
      cursor.transcriptPath ??
      readSessionStarted(paths.stateRoot, sessionId)?.transcript_path;
    const input = transcript ? checkTranscriptInput(ctx, "extract", sessionId, transcript) : "missing";
    if (!transcript || input !== "ok") {
      // Claude Code may not have flushed it yet, or deleted it (cleanupPeriodDays): not a failure.
      const reason = !transcript
        ? "no_transcript"
        : input === "refused"
          ? "input_refused"
          : "transcript_missing";
      ctx.event("extraction_skipped", { session_id: sessionId, reason });
      return { sessionId, memories: 0, facts: 0, from: cursor.offset, to: cursor.offset, skipped: reason };
    }
    if (model.kind === "unavailable") {
      ctx.event("extraction_model_failed", {
        session_id: sessionId,
        provider: model.resolved.provider,
        error: model.reason,
      });
    }
    // One change set per run (`memdir history` / `memdir undo`): every memory-dir write of the run.
    const nowMs = rt.now();
    const journal = createJournal({
      pid: rt.pid,
      kind: "extraction",
      summary: `extraction of session ${sessionId}`,
      roots: { project: paths.memoryDir, user: paths.userMemoryDir },
      nowMs,
    });
    let r: RunExtractionResult | undefined;
    let changeSet: string | undefined;
    try {
      r = await runExtraction({
        sessionId,
        transcriptPath: transcript,
        read: (await transcriptAdapterFor(transcript, w.harness)).transcripts.read,
        stateRoot: paths.stateRoot,
        target: {
          memoryDir: paths.memoryDir,
          userMemoryDir: paths.userMemoryDir,
          projectMemoryFile: paths.projectMemory,
          projectRoot: paths.projectRoot,
          journal,
          kairos: ctx.config.kairos,
          timeZone: localTimeZone(ctx),
        },
        nowMs,
        homeDir: rt.env.HOME,
        model: model.kind === "model" ? model : undefined,
        maxBytes: TRANSCRIPT_READ_BYTES,
        withdraw: (abandoned) => withdrawAbandoned(ctx, sessionId, abandoned),
      });
    } finally {
      // Also after a failure part-way: what was written stays undoable.
      changeSet = commitExtraction(ctx, sessionId, journal, r);
    }
    return recordExtraction(ctx, sessionId, r, changeSet);
  } finally {
    lock.release();
  }
}

/** What a run wrote: the model's applied ops, or the offline engine's upserts. */
function writtenBy(r: RunExtractionResult): { action: string }[] {
  const m = r.model;
  return m && m.engine === "model" ? m.applied : (r.result?.written ?? []);
}

/**
 * Commits the run's change set (nothing when it wrote nothing); summary e.g. "extraction of session
 * <id>: 2 created, 1 merged". Never throws: a failed commit is logged, the memories stay written.
 */
function commitExtraction(
  ctx: AppContext,
  sessionId: string,
  journal: Journal,
  r: RunExtractionResult | undefined,
): string | undefined {
  try {
    const counts = new Map<string, number>();
    for (const w of r ? writtenBy(r) : []) counts.set(w.action, (counts.get(w.action) ?? 0) + 1);
    const parts = ["created", "merged", "replaced", "deleted"].flatMap((a) =>
      counts.get(a) ? [`${counts.get(a)} ${a}`] : [],
    );
    const tail = r === undefined ? " (failed part-way)" : parts.length ? `: ${parts.join(", ")}` : "";
    return commitChangeSet(journal, { summary: `extraction of session ${sessionId}${tail}` });
  } catch (e) {
    ctx.log("error", "job:extract", `change set not recorded: ${describeError(e)}`, {
      session_id: sessionId,
    });
    return undefined;
  }
}

/** The job's result and its events: `extraction` / `extraction_skipped` / `extraction_model_failed`. */
function recordExtraction(
  ctx: AppContext,
  sessionId: string,
  r: RunExtractionResult,
  changeSet: string | undefined,
): ExtractJobResult {
  const { from, to } = r.cursor;
  if (r.skipped) {
    ctx.event("extraction_skipped", {
      session_id: sessionId,
      reason: r.skipped,
      from,
      to,
      messages: r.messages,
    });
    return {
      sessionId,
      memories: 0,
      facts: 0,
      from,
      to,
      skipped: r.skipped,
      ...(r.more ? { more: true } : {}),
    };
  }
  const m = r.model;
  if (m?.failure) {
    ctx.event("extraction_model_failed", {
      session_id: sessionId,
      error: m.failure.slice(0, 300),
      error_kind: m.error?.kind ?? "invalid_output",
      fallback: "offline",
    });
  }
  const written = writtenBy(r);
  const count = (a: string) => written.filter((w) => w.action === a).length;
  // KAIROS mode: the offline engine's memories went to the daily log, not to topic files.
  const loggedOffline = r.result?.logged?.appended ?? 0;
  const out: ExtractJobResult = {
    sessionId,
    memories:
      m && m.engine === "model"
        ? written.filter((w) => w.action !== "skipped").length
        : written.length + loggedOffline,
    facts: r.result?.factsAdded ?? 0,
    from,
    to,
  };
  ctx.event("extraction", {
    session_id: sessionId,
    engine: m ? m.engine : "offline",
    ...(m
      ? {
          turns: m.turns,
          outcome: m.outcome,
          ...(m.note ? { note: m.note.slice(0, 200) } : {}),
          input_tokens: m.usage.inputTokens,
          output_tokens: m.usage.outputTokens,
        }
      : {}),
    ...(r.agentTurnMessages ? { agent_turn_messages_skipped: r.agentTurnMessages } : {}),
    memories: out.memories,
    created: count("created"),
    merged: count("merged"),
    replaced: count("replaced"),
    deleted: count("deleted"),
    logged: count("logged") + loggedOffline,
    facts: out.facts,
    from,
    to,
    skipped_messages: r.plan?.skipped.length ?? 0,
    ...(changeSet ? { change_set: changeSet } : {}),
  });
  if (changeSet) out.changeSet = changeSet;
  if (r.more) out.more = true;
  return out;
}

type Work = { sessionId: string; transcriptPath?: string; harness?: HarnessName };

/** One session's extraction; failures become events and results, never throws. */
async function extractSafely(ctx: AppContext, w: Work, model: ModelChoice): Promise<ExtractJobResult> {
  try {
    let r: ExtractJobResult;
    let rounds = 0;
    do r = await extractOne(ctx, w, model);
    while (r.more && ++rounds < MAX_ROUNDS);
    return r;
  } catch (e) {
    if (isMemdirError(e, "LOCK_TIMEOUT")) {
      // Another job of this session is still running (a slow model): the next turn end catches up.
      ctx.event("extraction_skipped", { session_id: w.sessionId, reason: "busy" });
      return { sessionId: w.sessionId, memories: 0, facts: 0, from: 0, to: 0, skipped: "busy" };
    }
    const error = describeError(e);
    ctx.event("extraction_failed", { session_id: w.sessionId, error });
    ctx.log("error", "job:extract", error, { session_id: w.sessionId });
    return { sessionId: w.sessionId, memories: 0, facts: 0, from: 0, to: 0, error };
  }
}

/** Session memory for one session; it records its own events. */
async function sessionMemory(
  ctx: AppContext,
  w: Work,
  reason: "stop" | "precompact",
  model: ModelChoice,
): Promise<void> {
  if (!ctx.config.sessionMemory.enabled) return;
  try {
    await lockedSessionMemory(
      ctx,
      {
        sessionId: w.sessionId,
        transcriptPath: w.transcriptPath,
        ...(w.harness ? { harness: w.harness } : {}),
        reason,
        ...(model.kind === "model"
          ? { model: { provider: model.provider, update: updateSummaryWithModel } }
          : {}),
      },
      true,
    );
  } catch (e) {
    ctx.log("error", "job:session-memory", describeError(e), { session_id: w.sessionId });
  }
}

/**
 * Runs the job. Failures of a session's extraction are recorded as `extraction_failed` events and
 * returned; only an unusable project context (bad config, bad paths) throws.
 */
export async function runExtractionJob(rt: Runtime, opts: ExtractRequest): Promise<ExtractJobResult[]> {
  const ctx = projectContext(rt, opts.cwd);
  ensureProjectState(ctx);
  let model: ModelChoice = { kind: "offline" };
  try {
    model = openModel(ctx);
  } catch (e) {
    ctx.event("extraction_model_failed", { error: describeError(e).slice(0, 300), fallback: "offline" });
  }
  const work: Work[] = [];
  if (opts.sessionId)
    work.push({
      sessionId: opts.sessionId,
      transcriptPath: opts.transcriptPath,
      ...(opts.harness ? { harness: opts.harness } : {}),
    });
  if (opts.queue) {
    for (const q of takeExtractionQueue(ctx.paths.stateRoot))
      work.push({ sessionId: q.sessionId, transcriptPath: q.transcriptPath });
  }
  // The tool calls no hook recorded first, so the fold below, the session summary and the end record
  // all see them (recover-tools.ts: its own cursor, independent of the extraction's).
  await recoverSessions(ctx, work);
  try {
    foldToolLog(ctx.paths.projectMemory, ctx.paths.projectRoot, rt.now());
  } catch (e) {
    ctx.log("warn", "job:extract", `project learning not folded: ${describeError(e)}`);
  }
  const results: ExtractJobResult[] = [];
  const precompact = opts.precompact === true;
  for (const w of work) {
    if (w.transcriptPath) await ingestSessionTranscript(ctx, w.transcriptPath, w.harness);
    // Before a compaction the summary goes first: the compacted session's next start injects it, and
    // a model extraction (up to 5 calls) must not make it arrive late.
    if (precompact) await sessionMemory(ctx, w, "precompact", model);
    const r = await extractSafely(ctx, w, model);
    results.push(r);
    if (!precompact && r.skipped !== "input_refused") await sessionMemory(ctx, w, "stop", model);
  }
  return results;
}
