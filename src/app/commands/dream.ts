/**
 * `memdir dream --kill`: stopping a running dream so that its lock rolls back (the holder's signal
 * handler does it; a dead holder is recovered here). The dream itself is `app/jobs/dream.ts` `runDream`;
 * its text is `cli/format/dream.ts`.
 */
import { dreamInProgress, recoverStaleConsolidationLock } from "../../jobs/dream/index.js";
import { projectContext } from "../context.js";
import type { Runtime } from "../runtime.js";

/**
 * `memdir dream --kill`: SIGTERM to the dream in progress for this project (its handler rolls the
 * lock back and exits; a dream applying a change finishes that change first, a dream planning offline
 * finishes the plan first), waiting up to `waitMs` (default 60,000 ms) for it to go; a holder already
 * dead is recovered here (lock mtime rolled back). Returns a one-line message.
 */
export async function killDream(rt: Runtime, cwd: string, waitMs = 60_000): Promise<string> {
  const { paths } = projectContext(rt, cwd);
  const pid = dreamInProgress(paths.memoryDir);
  if (pid === undefined) return "no dream is running for this project";
  const wasAlive = rt.isAlive(pid);
  if (wasAlive) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {}
    const until = rt.now() + waitMs;
    while (rt.isAlive(pid) && rt.now() < until) await new Promise((r) => setTimeout(r, 50));
    if (rt.isAlive(pid)) return `dream ${pid} did not stop within ${waitMs} ms; try again or kill -9 ${pid}`;
  }
  // A holder that died before its handler ran (or crashed earlier) leaves the lock in progress: recover it.
  recoverStaleConsolidationLock(paths.memoryDir, { pid: rt.pid, isAlive: rt.isAlive });
  return wasAlive
    ? `dream ${pid} stopped; its lock was rolled back (the next session retries)`
    : `dream ${pid} had died; its lock was rolled back (the next session retries)`;
}
