/**
 * The detached "session memory only" job (`memdir job session-memory`), started mid-turn by the
 * PostToolUse gate (hooks/session-memory-gate.ts) so that a long agent turn gets its summary updates
 * at Claude Code's cadence (seed 000 §24.3), not only at its Stop. It evaluates the trigger with
 * reason "stop" (thresholds apply) and updates the summary when due, with the configured model if any.
 * One such job per session at a time: a second one finds the lock held and is skipped (`busy`), since
 * the running one reads the transcript as it is then anyway.
 */

import { join } from "node:path";
import { describeError } from "../core/errors.js";
import { acquireLockSync, tryAcquireLock } from "../core/lock.js";
import type { HarnessName } from "../harness/index.js";
import { sessionStatePaths } from "../paths/index.js";
import { type AppContext, ensureProjectState, projectContext } from "./context.js";
import { openModel } from "./llm.js";
import type { Runtime } from "./runtime.js";
import {
  type SessionMemoryOptions,
  type SessionMemoryOutcome,
  updateSessionMemory,
} from "./session-memory.js";

export interface SessionMemoryJobOptions {
  /** The project directory (`--cwd`). */
  cwd: string;
  /** `--session`. */
  sessionId: string;
  /** `--transcript`; default: the one the cursor or the session start recorded. */
  transcriptPath?: string;
  /** `--harness`; default: recognised from the transcript. */
  harness?: HarnessName;
}

/** Lock file of the job in the session's state dir. */
export const SESSION_MEMORY_JOB_LOCK = "session-memory.lock";

/** A job lock older than this (ms) is taken over whatever its pid says (a hung model call). */
const STALE_MS = 10 * 60_000;

/**
 * `updateSessionMemory` under the session's session-memory lock, shared by this job and the
 * extraction job (so a Stop-time run and a mid-turn job never both call the model). With `wait`
 * (before a compaction, and the extraction job's turn-end run, which must cover the turn's last
 * messages) a held lock is waited for, up to a minute; without it (the mid-turn job) it means `busy`.
 */
export async function lockedSessionMemory(
  ctx: AppContext,
  opts: SessionMemoryOptions,
  wait = opts.reason === "precompact",
): Promise<SessionMemoryOutcome> {
  const sp = sessionStatePaths(ctx.paths.stateRoot, opts.sessionId);
  const file = join(sp.dir, SESSION_MEMORY_JOB_LOCK);
  const lockOpts = { pid: ctx.rt.pid, staleMs: STALE_MS };
  let lock = tryAcquireLock(file, lockOpts);
  if (!lock && wait) {
    try {
      lock = acquireLockSync(file, { ...lockOpts, timeoutMs: 60_000 });
    } catch {
      lock = undefined;
    }
  }
  if (!lock) {
    ctx.event("session_memory_skipped", { session_id: opts.sessionId, trigger: opts.reason, reason: "busy" });
    return { status: "skipped", reason: "busy", path: "" };
  }
  try {
    // Before a compaction a model may be slower than the compaction itself: the offline summary is
    // written first (well under a second), so the compacted session's start always has one; the
    // model's update follows.
    if (opts.reason === "precompact" && opts.provider)
      await updateSessionMemory(ctx, { ...opts, provider: undefined, provisional: true });
    return await updateSessionMemory(ctx, opts);
  } finally {
    lock.release();
  }
}

/**
 * Runs one session-memory evaluation. Outcomes are the events of `updateSessionMemory`
 * (`session_memory_updated` / `_skipped` / `_failed`), plus `session_memory_skipped` with reason
 * `busy` when another session-memory run of the session holds the lock. A model that cannot be opened
 * (bad MEMDIR_LLM, no key) means the offline engine, with a warning in the log.
 * @throws MemdirError only for an unusable project context (bad config, bad paths) or session id
 */
export async function runSessionMemoryJob(
  rt: Runtime,
  opts: SessionMemoryJobOptions,
): Promise<SessionMemoryOutcome> {
  const ctx = projectContext(rt, opts.cwd);
  ensureProjectState(ctx);
  let provider: SessionMemoryOptions["provider"];
  if (ctx.config.sessionMemory.enabled) {
    try {
      const model = openModel(ctx);
      if (model.kind === "model") provider = model.provider;
      else if (model.kind === "unavailable")
        ctx.log("warn", "job:session-memory", `model not used: ${model.reason}`, {
          session_id: opts.sessionId,
        });
    } catch (e) {
      ctx.log("warn", "job:session-memory", `model not used: ${describeError(e)}`, {
        session_id: opts.sessionId,
      });
    }
  }
  return lockedSessionMemory(ctx, {
    sessionId: opts.sessionId,
    transcriptPath: opts.transcriptPath,
    ...(opts.harness ? { harness: opts.harness } : {}),
    reason: "stop",
    provider,
  });
}
