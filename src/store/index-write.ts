/**
 * Writing MEMORY.md and the dir lock shared by every writer of a memory dir (DESIGN.md §6 "every
 * write: lock, re-read, merge, atomic replace"; in Claude Code, concurrent MEMORY.md appends
 * lost lines). `rebuildIndex` and `deleteMemory` live here; `upsertMemory` in upsert.ts.
 */
import { statSync } from "node:fs";
import { basename, join, normalize } from "node:path";
import { MemdirError } from "../core/errors.js";
import { ensureDir, readBytesIfExists } from "../core/fs.js";
import { withLockSync } from "../core/lock.js";
import { type Journal, trackedRemove, trackedUpdate } from "./history/journal.js";
import { INDEX_FILE, planIndex } from "./memory-md.js";
import { scanTopics } from "./scan.js";
import { readTeamConfig, teamDirOf, teamLink } from "./team-dir.js";
import type { IndexWriteResult, TopicHeader } from "./types.js";

/** Why MEMORY.md was not rewritten: another writer kept changing it (CHECKED_ROUNDS times in a row). */
export const INDEX_LEFT_WARNING =
  "MEMORY.md kept changing under another writer: it was left as that writer made it, the next write brings it up to date";

/** The dir-level lock file every writer of a memory dir holds. */
export const STORE_LOCK_FILE = ".memdir.lock";
export const DEFAULT_LOCK_TIMEOUT_MS = 30_000;

export interface StoreWriteOptions {
  /** Wait at most this long for the dir lock (ms, default 30,000). */
  lockTimeoutMs?: number;
  /**
   * Record every file this call writes or deletes in this change set (store/history `createJournal`:
   * bytes before, hash after; `memdir undo`). Absent = plain atomic writes, nothing recorded.
   */
  journal?: Journal;
}

/** Runs `fn` holding `<memoryDir>/.memdir.lock` (creates the dir). Throws MemdirError LOCK_TIMEOUT. */
export function withStoreLock<T>(memoryDir: string, fn: () => T, opts: StoreWriteOptions = {}): T {
  ensureDir(memoryDir);
  return withLockSync(join(memoryDir, STORE_LOCK_FILE), fn, {
    timeoutMs: opts.lockTimeoutMs ?? DEFAULT_LOCK_TIMEOUT_MS,
  });
}

/** Headers of every topic file (no 200-file limit: the index accounts for all of them). */
export const scanAll = (memoryDir: string): TopicHeader[] =>
  scanTopics(memoryDir, { maxFiles: Number.POSITIVE_INFINITY }).topics;

/** True when `path` exists (any kind). */
export function fileExists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * The team topic files of `memoryDir` as index entries (the combined MEMORY.md of Claude Code: `team/<file>`,
 * or the absolute path of an in-repo team dir); none when there is no team dir.
 */
function teamTopics(memoryDir: string): { link: string; header: TopicHeader }[] {
  const config = readTeamConfig(memoryDir);
  const dir = teamDirOf(memoryDir, config);
  return scanTopics(dir, { maxFiles: Number.POSITIVE_INFINITY }).topics.map((header) => ({
    link: teamLink(memoryDir, basename(header.path), config),
    header,
  }));
}

/**
 * Rewrites MEMORY.md from `headers` (caller holds the lock) plus the team topic files (see teamTopics).
 * Does not create it for an empty dir. With `opts.journal` the write is recorded in that change set.
 */
export function writeIndexLocked(
  memoryDir: string,
  headers: TopicHeader[],
  opts: StoreWriteOptions = {},
): IndexWriteResult {
  const path = join(memoryDir, INDEX_FILE);
  const team = teamTopics(memoryDir);
  const byFile = new Map(headers.map((h) => [basename(h.path), h]));
  for (const t of team) byFile.set(t.link, t.header);
  const resolve = (target: string) => {
    let t = target;
    try {
      t = decodeURIComponent(target);
    } catch {}
    const file = normalize(t).replace(/\\/g, "/").replace(/^\.\//, "");
    const h = byFile.get(file);
    if (h) return { file, recencyMs: h.mtimeMs };
    try {
      const s = statSync(join(memoryDir, file));
      return s.isFile() ? { file, recencyMs: s.mtimeMs } : undefined;
    } catch {
      return undefined;
    }
  };
  const topics = [
    ...headers.map((h) => ({ file: basename(h.path), h })),
    ...team.map((t) => ({ file: t.link, h: t.header })),
  ].map(({ file, h }) => ({ file, title: h.name, hook: h.description, recencyMs: h.mtimeMs }));
  let plan: ReturnType<typeof planIndex> | undefined;
  // Planned again from the bytes on disk whenever a live writer changed MEMORY.md in between.
  const w = trackedUpdate(opts, path, (existing) => {
    plan = undefined;
    if (existing === undefined && topics.length === 0) return undefined;
    plan = planIndex(existing, topics, resolve);
    return plan.text !== existing ? plan.text : undefined;
  });
  const changed = w.status === "written";
  if (plan === undefined) return { changed, listed: [], collapsed: [] };
  if (w.status === "changed") return { changed, listed: [], collapsed: [], warning: INDEX_LEFT_WARNING };
  return {
    changed,
    listed: plan.listed,
    collapsed: plan.collapsed,
    ...(plan.warning ? { warning: plan.warning } : {}),
  };
}

/**
 * Rebuilds MEMORY.md from a scan of every topic file, under the dir lock: existing lines keep their
 * place, lines to missing files go, new topics are appended, then the write-time budget applies.
 */
export function rebuildIndex(memoryDir: string, opts: StoreWriteOptions = {}): IndexWriteResult {
  return withStoreLock(memoryDir, () => writeIndexLocked(memoryDir, scanAll(memoryDir), opts), opts);
}

/**
 * Deletes topic `name` (file name with or without `.md`) and its MEMORY.md line, under the dir lock,
 * through a checked delete of the bytes it read: `deleted: false` when no such file exists, or
 * (`changed: true`) when another writer changed it during the delete (then it is kept).
 * @throws MemdirError BAD_PATH when `name` is not a plain file name.
 */
export function deleteMemory(
  memoryDir: string,
  name: string,
  opts: StoreWriteOptions = {},
): { deleted: boolean; path: string; changed?: true; warning?: string } {
  const stem = name.replace(/\.md$/i, "");
  if (stem === "" || /[/\\]/.test(stem) || stem === "." || stem === ".." || stem.toLowerCase() === "memory") {
    throw new MemdirError("BAD_PATH", `cannot delete memory ${JSON.stringify(name)}`, {
      expected: "the name of a topic file in the memory dir, e.g. testing-no-db-mocks",
      received: JSON.stringify(name),
      hint: "use a name listed by `memdir status`, without a directory",
    });
  }
  const path = join(memoryDir, `${stem}.md`);
  if (!fileExists(path)) return { deleted: false, path };
  return withStoreLock(
    memoryDir,
    () => {
      const bytes = readBytesIfExists(path);
      if (bytes === null) return { deleted: false, path };
      const r = trackedRemove(opts, path, bytes);
      if (r.status === "missing") return { deleted: false, path };
      if (r.status === "changed") return { deleted: false, path, changed: true as const };
      const idx = writeIndexLocked(memoryDir, scanAll(memoryDir), opts);
      return idx.warning ? { deleted: true, path, warning: idx.warning } : { deleted: true, path };
    },
    opts,
  );
}
