/**
 * The session-memory lock: `updateSessionMemory` under the session's `session-memory.lock`, shared by the
 * mid-turn job, the extraction job and the compaction hook. Loads no model provider (the hook bundle
 * imports it).
 */
import { join } from "node:path";
import { acquireLockSync, tryAcquireLock } from "../../core/lock.js";
import { sessionStatePaths } from "../../paths/index.js";
import type { AppContext } from "../context.js";
import {
  type SessionMemoryOptions,
  type SessionMemoryOutcome,
  updateSessionMemory,
} from "./session-memory-update.js";

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
    if (opts.reason === "precompact" && opts.model)
      await updateSessionMemory(ctx, { ...opts, model: undefined, provisional: true });
    return await updateSessionMemory(ctx, opts);
  } finally {
    lock.release();
  }
}
