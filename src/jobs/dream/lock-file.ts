/**
 * Low-level pieces of the consolidation lock (same file and format as Claude Code's consolidationLock.ts):
 * file names, integer-millisecond mtimes, the holder PID, the in-progress sidecar and the short guard
 * that serializes the lock's check-then-write sections. Sync fs only; nothing here reads the clock.
 */
import { statSync, utimesSync } from "node:fs";
import { join } from "node:path";
// Core files one by one, not core/index.js: the Stop hook loads this, and core/index pulls in yaml.
import { errnoCode, MemdirError } from "../../core/errors.js";
import { readTextIfExists } from "../../core/fs.js";
import { parseJson } from "../../core/json.js";
import { acquireLockSync } from "../../core/lock.js";

/** The lock file in the memory dir: content = holder PID while held, mtime = lastConsolidatedAt. */
export const LOCK_FILE = ".consolidate-lock";
/**
 * Sidecar written before the PID and removed when the dream ends: `{"pid":N,"priorMtimeMs":ms|null}`.
 * Its presence with a pid equal to the lock's content is what "in progress" means (see lock.ts).
 */
export const PRIOR_FILE = ".consolidate-lock.prior";
/** Guard (core/lock, dead-PID reclaim) held for the few ms of an acquire/release/rollback/recovery. */
export const GUARD_FILE = ".consolidate-lock.guard";
/** A holder's lock counts for this many ms after its mtime (Claude Code's HOLDER_STALE_MS, 1 hour). */
export const HOLD_MS = 3_600_000;
/** How long a caller waits for the guard (ms) before giving up. */
export const GUARD_WAIT_MS = 2_000;

export interface PriorRecord {
  pid: number;
  /** The lock's mtime before this dream (integer ms), `null` when there was no lock file. */
  priorMtimeMs: number | null;
}

export const lockPath = (memoryDir: string): string => join(memoryDir, LOCK_FILE);
export const priorPath = (memoryDir: string): string => join(memoryDir, PRIOR_FILE);

/** The file's mtime in integer ms (rounded), `undefined` when it is missing. One `statSync`. */
export function mtimeMsOf(path: string): number | undefined {
  try {
    return Math.round(statSync(path).mtimeMs);
  } catch (e) {
    const code = errnoCode(e);
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw e;
  }
}

/**
 * Sets atime and mtime to `ms` (integer ms). utimes takes float seconds, which cannot hold every
 * millisecond exactly (…123 ms reads back as …122.999), so `mtimeMsOf` rounds: the pair round-trips
 * every integer ms exactly (sub-microsecond error against a half-millisecond margin).
 */
export function setMtimeMs(path: string, ms: number): void {
  const t = Math.round(ms) / 1000;
  utimesSync(path, t, t);
}

/** A positive decimal PID from the lock's text; `undefined` for empty, "done" or garbage. */
export function parsePid(text: string | undefined): number | undefined {
  const s = text?.trim() ?? "";
  if (!/^[1-9][0-9]{0,9}$/.test(s)) return undefined;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** The lock content's PID, `undefined` when the file is missing or holds no PID. */
export function readHolderPid(path: string): number | undefined {
  const text = readTextIfExists(path, 4096);
  return text === undefined ? undefined : parsePid(text);
}

/** The sidecar, `undefined` when missing or malformed (a malformed one is treated as absent). */
export function readPrior(memoryDir: string): PriorRecord | undefined {
  const text = readTextIfExists(priorPath(memoryDir));
  if (text === undefined) return undefined;
  try {
    const v = parseJson(text, PRIOR_FILE) as Partial<PriorRecord>;
    const pid = typeof v.pid === "number" && Number.isSafeInteger(v.pid) ? v.pid : undefined;
    const prior = v.priorMtimeMs;
    if (pid === undefined || !(prior === null || typeof prior === "number")) return undefined;
    return { pid, priorMtimeMs: prior };
  } catch {
    return undefined;
  }
}

/**
 * Runs `fn` under the guard. Returns `{ ok: false, holderPid }` when the guard stayed busy for
 * GUARD_WAIT_MS (another process is inside its few-ms critical section and is stuck or slow).
 */
export function withGuard<T>(
  memoryDir: string,
  pid: number,
  isAlive: (pid: number) => boolean,
  fn: () => T,
): { ok: true; value: T } | { ok: false } {
  let guard: ReturnType<typeof acquireLockSync>;
  try {
    guard = acquireLockSync(join(memoryDir, GUARD_FILE), { pid, isAlive, timeoutMs: GUARD_WAIT_MS });
  } catch (e) {
    if (e instanceof MemdirError && e.code === "LOCK_TIMEOUT") return { ok: false };
    throw e;
  }
  try {
    return { ok: true, value: fn() };
  } finally {
    guard.release();
  }
}
