/**
 * The detached extraction job (`memdir job extract`, started by Stop / PreCompact / SessionEnd /
 * SessionStart reclaim). One job per session at a time (a lock per session); every outcome is an event
 * that `memdir status` shows: `extraction`, `extraction_skipped` (with its reason), `extraction_failed`.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { readClaudeTranscript } from "../adapters/claude-code/index.js";
import { describeError } from "../core/errors.js";
import { withLockSync } from "../core/lock.js";
import { runExtraction } from "../jobs/extract/index.js";
import { sessionStatePaths } from "../paths/index.js";
import { foldToolLog } from "../project/index.js";
import { readCursor, readSessionStarted, takeExtractionQueue, writeCursor } from "../sessions/index.js";
import { type AppContext, projectContext } from "./context.js";
import { indexSessionTranscript } from "./index-session.js";
import type { Runtime } from "./runtime.js";

export interface ExtractJobOptions {
  cwd: string;
  sessionId?: string;
  transcriptPath?: string;
  /** Also process the queue of reclaimed sessions. */
  queue?: boolean;
  /** Mutual exclusion: only move the cursor past the new messages (the agent wrote memory itself). */
  advanceOnly?: boolean;
}

export interface ExtractJobResult {
  sessionId: string;
  memories: number;
  facts: number;
  from: number;
  to: number;
  skipped?: string;
  error?: string;
}

/** Wait this long for another extraction of the same session to finish (ms). */
const SESSION_LOCK_TIMEOUT_MS = 120_000;

function extractOne(
  ctx: AppContext,
  sessionId: string,
  transcriptPath: string | undefined,
  advanceOnly: boolean,
): ExtractJobResult {
  const { paths, rt } = ctx;
  const sp = sessionStatePaths(paths.stateRoot, sessionId);
  return withLockSync(
    join(sp.dir, "extract.lock"),
    () => {
      const cursor = readCursor(paths.stateRoot, sessionId);
      const transcript =
        transcriptPath ??
        cursor.transcriptPath ??
        readSessionStarted(paths.stateRoot, sessionId)?.transcript_path;
      if (!transcript || !existsSync(transcript)) {
        // Claude Code may not have flushed it yet, or deleted it (cleanupPeriodDays): not a failure.
        const reason = transcript ? "transcript_missing" : "no_transcript";
        ctx.event("extraction_skipped", { session_id: sessionId, reason });
        return { sessionId, memories: 0, facts: 0, from: cursor.offset, to: cursor.offset, skipped: reason };
      }
      if (advanceOnly) {
        const slice = readClaudeTranscript(transcript, cursor.offset);
        writeCursor(
          paths.stateRoot,
          sessionId,
          { transcriptPath: transcript, offset: slice.endOffset, turns: cursor.turns + 1 },
          rt.now(),
        );
        return {
          sessionId,
          memories: 0,
          facts: 0,
          from: cursor.offset,
          to: slice.endOffset,
          skipped: "agent_wrote_memory",
        };
      }
      const r = runExtraction({
        sessionId,
        transcriptPath: transcript,
        stateRoot: paths.stateRoot,
        target: {
          memoryDir: paths.memoryDir,
          userMemoryDir: paths.userMemoryDir,
          projectMemoryFile: paths.projectMemory,
          projectRoot: paths.projectRoot,
        },
        nowMs: rt.now(),
      });
      const out: ExtractJobResult = {
        sessionId,
        memories: r.result.written.length,
        facts: r.result.factsAdded,
        from: r.cursor.from,
        to: r.cursor.to,
      };
      ctx.event("extraction", {
        session_id: sessionId,
        engine: "offline",
        memories: out.memories,
        created: r.result.written.filter((w) => w.action === "created").length,
        merged: r.result.written.filter((w) => w.action === "merged").length,
        facts: out.facts,
        from: out.from,
        to: out.to,
        skipped_messages: r.plan.skipped.length,
      });
      return out;
    },
    { timeoutMs: SESSION_LOCK_TIMEOUT_MS },
  );
}

/**
 * Runs the job. Failures of a session's extraction are recorded as `extraction_failed` events and
 * returned; only an unusable project context (bad config, bad paths) throws.
 */
export function runExtractionJob(rt: Runtime, opts: ExtractJobOptions): ExtractJobResult[] {
  const ctx = projectContext(rt, opts.cwd);
  try {
    foldToolLog(ctx.paths.projectMemory, ctx.paths.projectRoot, rt.now());
  } catch (e) {
    ctx.log("warn", "job:extract", `project learning not folded: ${describeError(e)}`);
  }
  const work: { sessionId: string; transcriptPath?: string }[] = [];
  if (opts.sessionId) work.push({ sessionId: opts.sessionId, transcriptPath: opts.transcriptPath });
  if (opts.queue) {
    for (const q of takeExtractionQueue(ctx.paths.stateRoot))
      work.push({ sessionId: q.sessionId, transcriptPath: q.transcriptPath });
  }
  const results: ExtractJobResult[] = [];
  for (const w of work) {
    if (w.transcriptPath) indexSessionTranscript(ctx, w.transcriptPath);
    try {
      results.push(
        extractOne(ctx, w.sessionId, w.transcriptPath, !!opts.advanceOnly && w.sessionId === opts.sessionId),
      );
    } catch (e) {
      const error = describeError(e);
      ctx.event("extraction_failed", { session_id: w.sessionId, error });
      ctx.log("error", "job:extract", error, { session_id: w.sessionId });
      results.push({ sessionId: w.sessionId, memories: 0, facts: 0, from: 0, to: 0, error });
    }
  }
  return results;
}
