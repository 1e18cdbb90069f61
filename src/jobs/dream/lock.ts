/**
 * The consolidation lock `memory/.consolidate-lock` (the format of Claude Code's consolidationLock.ts).
 * Content = holder PID (decimal text) while a dream runs; mtime =
 * lastConsolidatedAt. Shared with Claude Code's own auto-dream, which uses the same file the same way.
 *
 * States (how an in-progress dream is told apart from a finished one):
 * - in progress: content = holder PID AND the sidecar `.consolidate-lock.prior` names that PID and
 *   the prior mtime. The sidecar is written before the PID and removed last: it is the commit marker.
 * - finished (`release`): content is empty, mtime = lastConsolidatedAt, no sidecar.
 * - rolled back (`rollback`, signal, crash recovery): mtime = the prior value (content keeps the
 *   now-dead PID, as Claude Code's does), or no file at all when there was none; no sidecar.
 * A PID content without a sidecar (Claude Code's own finished dream) is a finished state too.
 * Check-then-write sections run under a short core/lock guard `.consolidate-lock.guard`, so two
 * memdir processes can never both win (Claude Code's write-then-reread alone cannot promise that);
 * the read-back stays as Claude Code's defence against a writer that does not take the guard.
 */
import { constants } from "node:os";
import { join } from "node:path";
import { removeFile, writeFileAtomic } from "../../core/fs.js";
import { isPidAlive, readLockOwner } from "../../core/lock.js";
import {
  GUARD_FILE,
  HOLD_MS,
  lockPath,
  mtimeMsOf,
  priorPath,
  readHolderPid,
  readPrior,
  setMtimeMs,
  withGuard,
} from "./lock-file.js";

export { HOLD_MS, LOCK_FILE, PRIOR_FILE } from "./lock-file.js";

export interface ConsolidationLockHandle {
  ok: true;
  /** lastConsolidatedAt before this dream (integer ms), `undefined` when there was no lock file. */
  priorMtimeMs: number | undefined;
  /**
   * Success: content emptied, mtime = `nowMs` (default: the acquire's `nowMs`, as in Claude Code, so
   * sessions touched during the dream still count for the next one). Idempotent; a no-op after
   * `rollback` or when another process has taken the lock over since.
   */
  release(nowMs?: number): void;
  /** Failure or kill: mtime back to `priorMtimeMs`, or the file deleted when there was none. Idempotent. */
  rollback(): void;
}

export type ConsolidationLockResult =
  | ConsolidationLockHandle
  | { ok: false; reason: "held"; holderPid: number };

export interface AcquireOptions {
  /** The PID written into the lock (the caller's `process.pid`). */
  pid: number;
  /** Current time, ms since the epoch. */
  nowMs: number;
  /** PID liveness probe (default core/lock `isPidAlive`). */
  isAlive?: (pid: number) => boolean;
}

/** lastConsolidatedAt: the lock's mtime in integer ms, `undefined` without a lock file. ONE stat. */
export function readLastConsolidatedAt(memoryDir: string): number | undefined {
  return mtimeMsOf(lockPath(memoryDir));
}

/**
 * Takes the lock (sync). Held = mtime less than HOLD_MS (1 h) before `nowMs` AND the content PID alive;
 * otherwise (no file, finished, dead holder, holder older than 1 h) we write the sidecar and our PID
 * (atomic), set mtime = `nowMs`, read it back and give up if another process won. A dead holder's
 * interrupted dream is rolled back first, so `priorMtimeMs` is the last real consolidation.
 * Returns `held` also when the guard stays busy for 2 s. Throws fs errors other than ENOENT.
 */
export function tryAcquireConsolidationLock(
  memoryDir: string,
  opts: AcquireOptions,
): ConsolidationLockResult {
  const { pid, nowMs } = opts;
  const isAlive = opts.isAlive ?? isPidAlive;
  const path = lockPath(memoryDir);
  const r = withGuard(memoryDir, pid, isAlive, (): ConsolidationLockResult => {
    recoverUnderGuard(memoryDir, isAlive);
    const mtime = mtimeMsOf(path);
    const holder = mtime === undefined ? undefined : readHolderPid(path);
    if (mtime !== undefined && holder !== undefined && nowMs - mtime < HOLD_MS && isAlive(holder))
      return { ok: false, reason: "held", holderPid: holder };
    // An alive holder older than 1 h is taken over: its own prior is the last real consolidation.
    const side = readPrior(memoryDir);
    const prior = side !== undefined && side.pid === holder ? (side.priorMtimeMs ?? undefined) : mtime;
    writeFileAtomic(priorPath(memoryDir), JSON.stringify({ pid, priorMtimeMs: prior ?? null }));
    writeFileAtomic(path, String(pid));
    setMtimeMs(path, nowMs);
    const now = readHolderPid(path);
    if (now !== pid) {
      if (readPrior(memoryDir)?.pid === pid) removeFile(priorPath(memoryDir));
      return { ok: false, reason: "held", holderPid: now ?? 0 };
    }
    return makeHandle(memoryDir, pid, isAlive, nowMs, prior);
  });
  if (r.ok) return r.value;
  const guardPid = readLockOwner(join(memoryDir, GUARD_FILE))?.pid;
  return { ok: false, reason: "held", holderPid: readHolderPid(path) ?? guardPid ?? 0 };
}

function makeHandle(
  memoryDir: string,
  pid: number,
  isAlive: (pid: number) => boolean,
  acquiredAtMs: number,
  prior: number | undefined,
): ConsolidationLockHandle {
  const path = lockPath(memoryDir);
  let done = false;
  // Guarded when possible; a busy guard (stuck peer) must not stop a rollback in a signal handler.
  const finish = (fn: () => void): void => {
    if (done) return;
    done = true;
    if (!withGuard(memoryDir, pid, isAlive, fn).ok) fn();
  };
  const dropSidecar = (): void => {
    if (readPrior(memoryDir)?.pid === pid) removeFile(priorPath(memoryDir));
  };
  return {
    ok: true,
    priorMtimeMs: prior,
    release(nowMs = acquiredAtMs) {
      finish(() => {
        if (readHolderPid(path) === pid) {
          writeFileAtomic(path, "");
          setMtimeMs(path, nowMs);
        }
        dropSidecar();
      });
    },
    rollback() {
      finish(() => {
        if (readHolderPid(path) === pid) rollbackTo(path, prior);
        dropSidecar();
      });
    },
  };
}

function rollbackTo(path: string, prior: number | undefined): void {
  if (prior === undefined) removeFile(path);
  else setMtimeMs(path, prior);
}

export type RecoveryResult =
  | { recovered: true; holderPid: number; priorMtimeMs: number | undefined }
  | { recovered: false; reason: "not-in-progress" | "holder-alive" | "orphan-sidecar-removed" | "busy" };

/**
 * Crash recovery: when the lock is in progress (content PID = sidecar PID) and that PID is dead,
 * roll back as `rollback()` would (prior mtime restored, or the file deleted) and drop the sidecar.
 * A sidecar naming a dead PID that no longer holds the lock (a crash mid-acquire or mid-release)
 * is just removed. Finished locks, Claude Code's PID-only locks and live holders are left alone.
 */
export function recoverStaleConsolidationLock(
  memoryDir: string,
  opts: { isAlive?: (pid: number) => boolean; pid: number },
): RecoveryResult {
  const isAlive = opts.isAlive ?? isPidAlive;
  const r = withGuard(memoryDir, opts.pid, isAlive, () => recoverUnderGuard(memoryDir, isAlive));
  return r.ok ? r.value : { recovered: false, reason: "busy" };
}

function recoverUnderGuard(memoryDir: string, isAlive: (pid: number) => boolean): RecoveryResult {
  const side = readPrior(memoryDir);
  if (side === undefined) return { recovered: false, reason: "not-in-progress" };
  if (isAlive(side.pid)) return { recovered: false, reason: "holder-alive" };
  const path = lockPath(memoryDir);
  const prior = side.priorMtimeMs ?? undefined;
  const inProgress = readHolderPid(path) === side.pid;
  if (inProgress) rollbackTo(path, prior);
  removeFile(priorPath(memoryDir));
  return inProgress
    ? { recovered: true, holderPid: side.pid, priorMtimeMs: prior }
    : { recovered: false, reason: "orphan-sidecar-removed" };
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/** Exit code for a signal, as the default action would report it (130 / 143 / 129). */
export const signalExitCode = (sig: (typeof SIGNALS)[number]): number => 128 + constants.signals[sig];

export interface SignalOptions {
  /**
   * While this returns true (e.g. a write is being applied), a signal is only recorded through
   * `onDeferred` and the caller stops at its next safe point; otherwise it rolls back and exits.
   */
  deferWhile?: () => boolean;
  onDeferred?: (sig: (typeof SIGNALS)[number]) => void;
}

/**
 * On SIGINT/SIGTERM/SIGHUP (Ctrl-C, `memdir dream --kill`, terminal closed): `handle.rollback()`,
 * then exit with 128 + the signal number (130/143/129), as the default action would report; or,
 * while `opts.deferWhile()` is true, only `opts.onDeferred(sig)` (the caller finishes the step in
 * hand, rolls back and exits itself). Node runs signal handlers between event-loop turns, so a
 * caller doing long synchronous work must yield (setImmediate) for them to run.
 * Returns a function that removes the listeners. `exit` is injectable (default `process.exit`).
 */
export function installRollbackOnSignals(
  handle: Pick<ConsolidationLockHandle, "rollback">,
  exit: (code: number) => void = (code) => process.exit(code),
  opts: SignalOptions = {},
): () => void {
  const listeners = SIGNALS.map((sig) => {
    const fn = (): void => {
      if (opts.deferWhile?.()) {
        opts.onDeferred?.(sig);
        return;
      }
      try {
        handle.rollback();
      } finally {
        exit(signalExitCode(sig));
      }
    };
    process.on(sig, fn);
    return [sig, fn] as const;
  });
  return () => {
    for (const [sig, fn] of listeners) process.off(sig, fn);
  };
}

/**
 * The PID of the dream in progress, if any: the lock's content PID when the sidecar names the same
 * PID (a finished dream empties the content and removes the sidecar). The PID may be dead (a crash
 * not yet recovered): check it with the liveness probe. Used by `memdir dream --kill` and status.
 */
export function dreamInProgress(memoryDir: string): number | undefined {
  const side = readPrior(memoryDir);
  if (side === undefined) return undefined;
  return readHolderPid(lockPath(memoryDir)) === side.pid ? side.pid : undefined;
}
