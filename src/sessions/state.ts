/**
 * Internal helpers for session-scoped state: the per-session lock, owned reads (session file first,
 * legacy file only when it names this session) and atomic writes. Paths come from `paths/`.
 */
import { join } from "node:path";
import { removeFile } from "../core/fs.js";
import { readJsonFile, writeJsonAtomic } from "../core/json.js";
import { withLockSync } from "../core/lock.js";
import { assertPathSegment, readStateJson, sessionStatePaths } from "../paths/index.js";

/**
 * Throws MemdirError BAD_INPUT unless `id` is usable as one path segment (the paths/ rule: 1-200
 * characters, no `/`, `\\`, `..` or NUL).
 */
export function assertSessionId(id: string): void {
  assertPathSegment(id, "session id");
}

/** Whether `id` passes `assertSessionId`. */
export function isValidSessionId(id: string): boolean {
  try {
    assertPathSegment(id, "session id");
    return true;
  } catch {
    return false;
  }
}

/** Per-session lock options: hooks must not hang (3 s), a lock older than 30 s is stale. */
const LOCK_OPTS = { timeoutMs: 3_000, staleMs: 30_000 };

/** `<stateRoot>/state/sessions` (DESIGN.md §3.2). */
export function sessionsStateDir(stateRoot: string): string {
  return join(stateRoot, "state", "sessions");
}

/** The session's state directory. */
export function sessionDir(stateRoot: string, sessionId: string): string {
  assertSessionId(sessionId);
  return sessionStatePaths(stateRoot, sessionId).dir;
}

/** Runs `fn` under the session's lock (`<dir>/.session.lock`). Throws MemdirError LOCK_TIMEOUT. */
export function withSessionLock<T>(stateRoot: string, sessionId: string, fn: () => T): T {
  return withLockSync(join(sessionDir(stateRoot, sessionId), ".session.lock"), fn, LOCK_OPTS);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Reads state file `name` of a session: the session-scoped file, else the legacy unscoped file but
 * only when its `session_id` is this session (ownerless state never bleeds into a session).
 * Unreadable or invalid files count as missing.
 */
export function readOwned<T>(stateRoot: string, sessionId: string, name: string): (T & object) | undefined {
  assertSessionId(sessionId);
  const [own, ...legacy] = sessionStatePaths(stateRoot, sessionId).read(name);
  if (own !== undefined) {
    const v = readStateJson<unknown>([own], undefined);
    if (isObject(v)) return v as T & object;
  }
  for (const p of legacy) {
    const v = readStateJson<unknown>([p], undefined);
    if (isObject(v) && v.session_id === sessionId) return v as T & object;
  }
  return undefined;
}

/** Writes state file `name` of a session (session-scoped path, atomic). */
export function writeOwned(stateRoot: string, sessionId: string, name: string, value: unknown): void {
  // Session state is rewritten by the next event; atomic rename without fsync (hot path).
  writeJsonAtomic(sessionStatePaths(stateRoot, sessionId).write(name), value, { durable: false });
}

/** Removes the session-scoped state file `name` (the legacy file is never touched). */
export function removeOwned(stateRoot: string, sessionId: string, name: string): void {
  removeFile(sessionStatePaths(stateRoot, sessionId).write(name));
}

/** Path of a plain (non `-state`) JSON file in the session dir, e.g. `session-started.json`. */
export function sessionFile(stateRoot: string, sessionId: string, file: string): string {
  return join(sessionDir(stateRoot, sessionId), file);
}

/** Reads a JSON object file leniently; undefined when missing or not an object. */
export function readObject<T>(path: string): (T & object) | undefined {
  const v = readJsonFile<unknown>(path, undefined, true);
  return isObject(v) ? (v as T & object) : undefined;
}

/** A finite number or `fallback`. */
export function num(v: unknown, fallback = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** Milliseconds of an ISO string, or undefined. */
export function isoMs(v: unknown): number | undefined {
  if (typeof v !== "string") return undefined;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : t;
}
