/**
 * Lock files with PID liveness: a lock whose holder process is gone is taken over.
 *
 * A lock is a file created exclusively (`wx`) whose content is `{"pid":N,"token":"…","acquiredAt":ms}`.
 * A holder is alive when `process.kill(pid, 0)` succeeds or fails with EPERM; ESRCH means dead; a
 * missing or invalid pid counts as alive (backward compatible) unless the lock is older than
 * `staleMs`. A dead holder's lock is taken over under a short exclusive "reclaim" guard and the
 * new content is read back (write-then-reread), so two racing reclaimers can never both win.
 */
import { closeSync, openSync, statSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { errnoCode, MemdirError } from "./errors.js";
import { ensureDir, readTextIfExists, removeFile } from "./fs.js";
import { uniqueSuffix } from "./unique.js";

export interface LockOwner {
  pid?: number;
  token?: string;
  acquiredAt?: number;
}

export interface LockHandle {
  path: string;
  token: string;
  /** Removes the lock if it is still ours. Safe to call twice. */
  release(): void;
}

export interface LockOptions {
  /** Give up after this many ms (default 10,000). Throws MemdirError LOCK_TIMEOUT. */
  timeoutMs?: number;
  /** A lock older than this many ms is stale whatever its pid says (default: never). */
  staleMs?: number;
  /** Liveness probe, injectable for tests (default `isPidAlive`). */
  isAlive?: (pid: number) => boolean;
  /** The pid written into the lock (default `process.pid`). */
  pid?: number;
}

/**
 * PID liveness: `process.kill(pid, 0)` ok = alive, ESRCH = dead, EPERM = alive (another user's
 * process), a missing, non-integer or non-positive pid = alive.
 */
export function isPidAlive(pid: unknown): boolean {
  if (typeof pid !== "number" || !Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errnoCode(e) !== "ESRCH";
  }
}

/** The largest lock file read (bytes); a real one is under 100. */
const MAX_LOCK_BYTES = 4096;

/** Reads a lock file's owner; `undefined` when the file is missing, `{}` when it is unparsable. */
export function readLockOwner(path: string): LockOwner | undefined {
  const text = readTextIfExists(path, MAX_LOCK_BYTES);
  if (text === undefined) return undefined;
  try {
    const v = JSON.parse(text) as unknown;
    if (typeof v === "number") return { pid: v };
    return typeof v === "object" && v !== null ? (v as LockOwner) : {};
  } catch {
    const n = Number(text.trim());
    return Number.isInteger(n) && n > 0 ? { pid: n } : {};
  }
}

const sleeper = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(sleeper, 0, 0, ms);
}

function createExclusive(path: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, "wx", 0o600);
  } catch (e) {
    if (errnoCode(e) === "EEXIST") return false;
    if (errnoCode(e) !== "ENOENT") throw e;
    ensureDir(dirname(path)); // first lock in a new dir
    try {
      fd = openSync(path, "wx", 0o600);
    } catch (e2) {
      if (errnoCode(e2) === "EEXIST") return false;
      throw e2;
    }
  }
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  return true;
}

function lockAgeMs(path: string): number | undefined {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * An EMPTY lock file (its creator died between creating it and writing its owner, a window of
 * microseconds) is stale once it is this old (ms); without this it would block forever. A lock with
 * content but no valid pid is still respected (a foreign or older format).
 */
export const OWNERLESS_STALE_MS = 2_000;

function isEmptyFile(path: string): boolean {
  try {
    return statSync(path).size === 0;
  } catch {
    return false;
  }
}

function isStale(path: string, owner: LockOwner, opts: LockOptions): boolean {
  const alive = opts.isAlive ?? isPidAlive;
  const hasPid = owner.pid !== undefined && Number.isInteger(owner.pid) && owner.pid > 0;
  if (hasPid && !alive(owner.pid as number)) return true;
  if (!hasPid && isEmptyFile(path)) {
    const age = lockAgeMs(path);
    if (age !== undefined && age > OWNERLESS_STALE_MS) return true;
  }
  if (opts.staleMs !== undefined) {
    const age = lockAgeMs(path);
    if (age !== undefined && age > opts.staleMs) return true;
  }
  return false;
}

/**
 * One attempt to take the lock at `path`. Returns a handle, or `undefined` when a live holder has it.
 * A dead (or `staleMs`-old) holder's lock is reclaimed.
 */
export function tryAcquireLock(path: string, opts: LockOptions = {}): LockHandle | undefined {
  const token = uniqueSuffix();
  const content = JSON.stringify({ pid: opts.pid ?? process.pid, token, acquiredAt: Date.now() });
  if (createExclusive(path, content)) return verify(path, token);
  const owner = readLockOwner(path);
  if (owner === undefined) return createExclusive(path, content) ? verify(path, token) : undefined;
  if (!isStale(path, owner, opts)) return undefined;
  // Reclaim under a guard so one reclaimer cannot delete a lock another has just taken.
  const guard = `${path}.reclaim`;
  const guardAge = lockAgeMs(guard);
  if (guardAge !== undefined && guardAge > 10_000) removeFile(guard); // a reclaimer died mid-way
  if (!createExclusive(guard, content)) return undefined;
  try {
    const again = readLockOwner(path);
    if (again !== undefined) {
      if (again.token !== owner.token || again.pid !== owner.pid || !isStale(path, again, opts))
        return undefined;
      removeFile(path);
    }
    return createExclusive(path, content) ? verify(path, token) : undefined;
  } finally {
    removeFile(guard);
  }
}

function verify(path: string, token: string): LockHandle | undefined {
  const owner = readLockOwner(path);
  if (owner?.token !== token) return undefined;
  let released = false;
  return {
    path,
    token,
    release() {
      if (released) return;
      released = true;
      if (readLockOwner(path)?.token === token) removeFile(path);
    },
  };
}

/**
 * Takes the lock, waiting with jittered backoff (sync sleep, no event loop needed) up to `timeoutMs`.
 * Throws MemdirError LOCK_TIMEOUT naming the holder.
 */
export function acquireLockSync(path: string, opts: LockOptions = {}): LockHandle {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  let wait = 2;
  for (;;) {
    const h = tryAcquireLock(path, opts);
    if (h) return h;
    if (Date.now() >= deadline) {
      const owner = readLockOwner(path);
      throw new MemdirError("LOCK_TIMEOUT", `could not take the lock ${path}`, {
        expected: "the lock to be free or held by a dead process",
        received: `held by pid ${owner?.pid ?? "unknown"} since ${owner?.acquiredAt ? new Date(owner.acquiredAt).toISOString() : "unknown"}`,
        hint: "retry later; if no memdir process is running, delete the lock file",
      });
    }
    sleepSync(wait + Math.random() * wait);
    wait = Math.min(wait * 2, 50);
  }
}

/** Runs `fn` while holding the lock at `path`; always releases. */
export function withLockSync<T>(path: string, fn: () => T, opts: LockOptions = {}): T {
  const h = acquireLockSync(path, opts);
  try {
    return fn();
  } finally {
    h.release();
  }
}
