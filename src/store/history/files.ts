/**
 * The files of `<project memory dir>/.history/` (DESIGN.md §3.1): per change set `<id>.json` (the
 * change set, mode 0600 in a 0700 dir), and while a journal writes ahead, `<id>.writes.jsonl` (the
 * hashes of later writes of files it already recorded) and `<id>.lock` (the writing process's pid).
 * `.history/.lock` guards them all and is always the innermost lock (taken with or without a store
 * lock held, never the other way round).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isoUtc } from "../../core/clock.js";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { ensureDir, readTextIfExists, removeFile } from "../../core/fs.js";
import { writeJsonAtomic } from "../../core/json.js";
import { isPidAlive, readLockOwner, withLockSync } from "../../core/lock.js";
import { isStoredHash } from "./hash.js";
import { ID_RE, parseChangeSet } from "./parse.js";
import type { ChangeSet, IncompleteState, LoggedWrites } from "./types.js";

export const HISTORY_DIR = ".history";
export const HISTORY_LOCK = ".lock";
const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

/** `<projectMemoryDir>/.history`. */
export const historyDir = (projectMemoryDir: string): string => join(projectMemoryDir, HISTORY_DIR);
/** `.history/<id>.json`: the change set. */
export const setPath = (dir: string, id: string): string => join(historyDir(dir), `${id}.json`);
/** `.history/<id>.writes.jsonl`: later writes of an incomplete change set (one JSON line each). */
export const writeLogPath = (dir: string, id: string): string => join(historyDir(dir), `${id}.writes.jsonl`);
/** `.history/<id>.lock`: held by the process writing change set `id` ahead, until it commits. */
export const writerLockPath = (dir: string, id: string): string => join(historyDir(dir), `${id}.lock`);

/** Runs `fn` holding `.history/.lock` (creates the dir, mode 0700). Throws MemdirError LOCK_TIMEOUT. */
export function withHistoryLock<T>(projectMemoryDir: string, fn: () => T, lockTimeoutMs?: number): T {
  const dir = historyDir(projectMemoryDir);
  ensureDir(dir);
  return withLockSync(join(dir, HISTORY_LOCK), fn, { timeoutMs: lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS });
}

/** `20261129T101500Z-ab12`: the UTC second of `nowMs` + 4 random hex digits. */
export function newChangeSetId(nowMs: number): string {
  const stamp = isoUtc(nowMs)
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
  const { randomBytes } = process.getBuiltinModule("node:crypto");
  return `${stamp}-${randomBytes(2).toString("hex")}`;
}

/** A fresh id for `nowMs` that no change set (nor a writer's lock) of `dir` uses. Call under the history lock. */
export function unusedChangeSetId(dir: string, nowMs: number): string {
  for (;;) {
    const id = newChangeSetId(nowMs);
    if (
      readTextIfExists(setPath(dir, id)) === undefined &&
      readLockOwner(writerLockPath(dir, id)) === undefined
    )
      return id;
  }
}

/** @throws MemdirError BAD_INPUT when a fixed journal id is not a change-set id. */
export function checkChangeSetId(id: string | undefined): void {
  if (id === undefined || ID_RE.test(id)) return;
  throw new MemdirError("BAD_INPUT", `${JSON.stringify(id)} is not a change-set id`, {
    expected: "an id like 20261129T101500Z-ab12 (UTC second, dash, at least 4 hex digits)",
    received: JSON.stringify(id),
    hint: "leave `id` out: the journal makes one from its time at its first write",
  });
}

/** Writes change set `cs` atomically (mode 0600, durable). Call under the history lock. */
export const writeSet = (projectMemoryDir: string, cs: ChangeSet): void =>
  writeJsonAtomic(setPath(projectMemoryDir, cs.id), cs, { mode: 0o600 });

/** Every readable change set of the dir as stored, newest first (by `seq`); unreadable files are skipped. */
export function readAllChangeSets(projectMemoryDir: string): ChangeSet[] {
  const dir = historyDir(projectMemoryDir);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return [];
    throw e;
  }
  const out: ChangeSet[] = [];
  for (const n of names) {
    if (!n.endsWith(".json") || !ID_RE.test(n.slice(0, -5))) continue;
    try {
      const text = readTextIfExists(join(dir, n));
      if (text !== undefined) out.push(parseChangeSet(text, join(dir, n)));
    } catch {
      // A broken file never hides the others (`readChangeSet` reports it by id).
    }
  }
  return out.sort((a, b) => b.seq - a.seq || (a.id < b.id ? 1 : -1));
}

/** The change set `id` as stored, undefined when there is no such file. @throws MemdirError BAD_JSON (unreadable). */
export function readChangeSet(projectMemoryDir: string, id: string): ChangeSet | undefined {
  if (!ID_RE.test(id)) return undefined;
  const path = setPath(projectMemoryDir, id);
  const text = readTextIfExists(path);
  return text === undefined ? undefined : parseChangeSet(text, path);
}

/** The pid of the live process writing change set `id` ahead, undefined when none is alive. */
export function liveWriter(projectMemoryDir: string, id: string): number | undefined {
  const pid = readLockOwner(writerLockPath(projectMemoryDir, id))?.pid;
  return typeof pid === "number" && Number.isInteger(pid) && pid > 0 && isPidAlive(pid) ? pid : undefined;
}

/** Undefined for a committed change set; else "running" (its writer is alive) or "interrupted". */
export function incompleteState(projectMemoryDir: string, cs: ChangeSet): IncompleteState | undefined {
  if (cs.complete !== false) return undefined;
  return liveWriter(projectMemoryDir, cs.id) === undefined ? "interrupted" : "running";
}

/**
 * The later writes `<id>.writes.jsonl` recorded, by `<scope>/<file>`. A line that is cut (no
 * newline: the writer died mid-append) or malformed is skipped; no file = an empty map.
 */
export function readWriteLog(projectMemoryDir: string, id: string): Map<string, LoggedWrites> {
  const out = new Map<string, LoggedWrites>();
  const text = readTextIfExists(writeLogPath(projectMemoryDir, id));
  if (text === undefined) return out;
  const lines = text.split("\n");
  lines.pop(); // after the last newline: empty, or a line the writer did not finish
  for (const line of lines) {
    let v: { scope?: unknown; file?: unknown; after?: unknown; interleaved?: unknown };
    try {
      v = JSON.parse(line) as typeof v;
    } catch {
      continue;
    }
    if ((v.scope !== "project" && v.scope !== "user") || typeof v.file !== "string" || !isStoredHash(v.after))
      continue;
    const key = `${v.scope}/${v.file}`;
    const w = out.get(key) ?? { hashes: [], interleaved: false };
    w.hashes.push(v.after);
    if (v.interleaved === true) w.interleaved = true;
    out.set(key, w);
  }
  return out;
}

/** Removes change set `id` and its write log and writer lock. Call under the history lock. */
export function removeSet(projectMemoryDir: string, id: string): void {
  removeFile(setPath(projectMemoryDir, id));
  removeFile(writeLogPath(projectMemoryDir, id));
  removeFile(writerLockPath(projectMemoryDir, id));
}
