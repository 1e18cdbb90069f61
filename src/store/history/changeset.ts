/**
 * Change-set files: `<project memory dir>/.history/<id>.json` (DESIGN.md §3.1), written atomically
 * (mode 0600, dir 0700) under `.history/.lock`, which is always the innermost lock (taken with or
 * without a store lock held, never the other way round). Retention: the newest 100 change sets and
 * nothing older than 90 days, pruned at every commit.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { isoUtc } from "../../core/clock.js";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { ensureDir, readTextIfExists, removeFile } from "../../core/fs.js";
import { writeJsonAtomic } from "../../core/json.js";
import { withLockSync } from "../../core/lock.js";
import { bytesHash, type Journal } from "./journal.js";
import { ID_RE, parseChangeSet } from "./parse.js";
import type { ChangeSet, ChangeSetInfo, StoredEntry } from "./types.js";

export const HISTORY_DIR = ".history";
export const HISTORY_LOCK = ".lock";
/** Retention (issue 5 point 5 design): newest N kept … */
export const HISTORY_MAX_SETS = 100;
/** … and nothing older than this (ms): 90 days. */
export const HISTORY_MAX_AGE_MS = 90 * 24 * 3600 * 1000;
const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

/** `<projectMemoryDir>/.history`. */
export const historyDir = (projectMemoryDir: string): string => join(projectMemoryDir, HISTORY_DIR);

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

/** Every readable change set of the dir, newest first (by commit order); unreadable files are skipped. */
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

/** The change set `id`, undefined when there is no such file. @throws MemdirError BAD_JSON (unreadable). */
export function readChangeSet(projectMemoryDir: string, id: string): ChangeSet | undefined {
  if (!ID_RE.test(id)) return undefined;
  const path = join(historyDir(projectMemoryDir), `${id}.json`);
  const text = readTextIfExists(path);
  return text === undefined ? undefined : parseChangeSet(text, path);
}

/** The `memdir history` view of a change set. */
export const changeSetInfo = (cs: ChangeSet): ChangeSetInfo => ({
  id: cs.id,
  kind: cs.kind,
  createdAt: cs.createdAt,
  summary: cs.summary,
  files: cs.files.length,
  ...(cs.undoes ? { undoes: cs.undoes } : {}),
  ...(cs.undoneBy ? { undoneBy: cs.undoneBy } : {}),
});

/**
 * The change sets of `projectMemoryDir`, newest first: `{id, kind, createdAt (ISO UTC), summary,
 * files (count), undoes?, undoneBy?}`. [] when there is no history. Unreadable files are skipped.
 */
export function listChangeSets(projectMemoryDir: string): ChangeSetInfo[] {
  return readAllChangeSets(projectMemoryDir).map(changeSetInfo);
}

const writeSet = (projectMemoryDir: string, cs: ChangeSet) =>
  writeJsonAtomic(join(historyDir(projectMemoryDir), `${cs.id}.json`), cs, { mode: 0o600 });

/** Drops change sets beyond the newest HISTORY_MAX_SETS or older than HISTORY_MAX_AGE_MS (never `keep`). */
function prune(projectMemoryDir: string, nowMs: number, keep: string): void {
  const all = readAllChangeSets(projectMemoryDir);
  all.forEach((cs, i) => {
    if (cs.id === keep) return;
    const old = nowMs - Date.parse(cs.createdAt) > HISTORY_MAX_AGE_MS;
    if (i >= HISTORY_MAX_SETS || old) removeFile(join(historyDir(projectMemoryDir), `${cs.id}.json`));
  });
}

export interface CommitOptions {
  /** Replaces the journal's summary (e.g. once the counts are known). */
  summary?: string;
  /** For an undo: the change set it reverted (marked `undoneBy`; if that was itself an undo, its target is live again). */
  undoes?: string;
  /** Write the change set even when no file changed (an undo that found everything already reverted). */
  allowEmpty?: boolean;
  /** Wait at most this long for `.history/.lock` (ms, default 30,000). */
  lockTimeoutMs?: number;
}

/** The journal's entries that changed something, as stored (before bytes base64). */
function storedEntries(journal: Journal): StoredEntry[] {
  const out: StoredEntry[] = [];
  for (const e of journal.entries()) {
    const beforeHash = e.before === null ? null : bytesHash(e.before);
    if (beforeHash === e.after) continue; // written back to what it was (or created then deleted)
    const s: StoredEntry = {
      scope: e.scope,
      file: e.file,
      before: e.before === null ? null : Buffer.from(e.before).toString("base64"),
      after: e.after,
    };
    if (e.beforeMode !== undefined) s.beforeMode = e.beforeMode;
    if (e.beforeMtimeMs !== undefined) s.beforeMtimeMs = e.beforeMtimeMs;
    if (e.interleaved) s.interleaved = true;
    out.push(s);
  }
  return out;
}

/**
 * Writes the journal as `<roots.project>/.history/<id>.json` when any file ended up different from
 * before (or `allowEmpty`), prunes old change sets, and returns the id; undefined when nothing
 * changed. With `undoes`, marks that change set `undoneBy` this one in the same lock, and when it was
 * itself an undo, clears `undoneBy` on the change set it had reverted (redo).
 * @throws MemdirError LOCK_TIMEOUT; fs errors.
 */
export function commitChangeSet(journal: Journal, opts: CommitOptions = {}): string | undefined {
  if (journal.id !== undefined && !ID_RE.test(journal.id)) {
    throw new MemdirError("BAD_INPUT", `${JSON.stringify(journal.id)} is not a change-set id`, {
      expected: "an id like 20261129T101500Z-ab12 (UTC second, dash, at least 4 hex digits)",
      received: JSON.stringify(journal.id),
      hint: "leave `id` out: commitChangeSet makes one from the journal's time",
    });
  }
  const files = storedEntries(journal);
  if (files.length === 0 && !opts.allowEmpty) return undefined;
  const dir = journal.roots.project;
  return withHistoryLock(
    dir,
    () => {
      const all = readAllChangeSets(dir);
      let id = journal.id ?? newChangeSetId(journal.nowMs);
      while (journal.id === undefined && readTextIfExists(join(historyDir(dir), `${id}.json`)) !== undefined)
        id = newChangeSetId(journal.nowMs);
      const cs: ChangeSet = {
        version: 1,
        id,
        seq: Math.max(0, ...all.map((c) => c.seq)) + 1,
        kind: journal.kind,
        createdAt: isoUtc(journal.nowMs),
        summary: opts.summary ?? journal.summary,
        files,
        ...(opts.undoes ? { undoes: opts.undoes } : {}),
      };
      writeSet(dir, cs);
      if (opts.undoes) {
        const target = all.find((c) => c.id === opts.undoes);
        if (target) {
          writeSet(dir, { ...target, undoneBy: id });
          const redone = target.undoes ? all.find((c) => c.id === target.undoes) : undefined;
          if (redone && redone.undoneBy === target.id) {
            const { undoneBy: _drop, ...live } = redone;
            writeSet(dir, live);
          }
        }
      }
      prune(dir, journal.nowMs, id);
      return id;
    },
    opts.lockTimeoutMs,
  );
}
