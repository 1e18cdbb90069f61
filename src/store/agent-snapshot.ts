/**
 * VCS snapshots of agent memory: a committed copy of an agent's project-scope memory dir in
 * `<project>/.claude/agent-memory-snapshots/<agent>/` (topic files + MEMORY.md) with `snapshot.json`
 * `{ "updatedAt": "<ISO 8601>" }`. The memory dir a snapshot was synced into records it in
 * `.snapshot-synced.json` `{ "syncedFrom": "<the snapshot's updatedAt>" }` (per machine: agent memory
 * dirs are not committed), so one snapshot is initialized or announced once.
 *
 * The check (a plan, reads only): `none` (no usable snapshot, or already synced), `initialize` (the memory
 * dir has no memory yet: copy the snapshot in), `prompt-update` (the snapshot is newer than what was
 * synced: never overwrite; the model is told and decides how to merge).
 */
import { existsSync, lstatSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { MemdirError } from "../core/errors.js";
import { ensureDir, readBytesIfExists, readTextIfExists, removeFile, writeFileAtomic } from "../core/fs.js";
import { readJsonFile, writeJsonAtomic } from "../core/json.js";
import { withLockSync } from "../core/lock.js";
import { scrub } from "../privacy/index.js";
import { listTopicFiles } from "./list.js";
import { INDEX_FILE } from "./memory-md.js";

export const SNAPSHOT_FILE = "snapshot.json";
export const SNAPSHOT_SYNCED_FILE = ".snapshot-synced.json";

/** The store's dir lock (index-write.ts STORE_LOCK_FILE; not imported: that module pulls in the scan and `yaml`). */
const LOCK_FILE = ".memdir.lock";
const LOCK_TIMEOUT_MS = 30_000;
const withDirLock = <T>(dir: string, fn: () => T): T => {
  ensureDir(dir);
  return withLockSync(join(dir, LOCK_FILE), fn, { timeoutMs: LOCK_TIMEOUT_MS });
};

export type SnapshotAction = "none" | "initialize" | "prompt-update";

export interface SnapshotCheck {
  action: SnapshotAction;
  /** The snapshot's `updatedAt`, when there is a usable snapshot. */
  updatedAt?: string;
  /** Why `none`: `no_snapshot`, `bad_snapshot` (no valid `updatedAt`), `synced` (this one was synced). */
  reason?: "no_snapshot" | "bad_snapshot" | "synced";
}

/** The snapshot's `updatedAt` when `snapshot.json` holds a valid ISO time; null when there is no file. */
export function readSnapshotTime(snapshotDir: string): string | null | undefined {
  const f = join(snapshotDir, SNAPSHOT_FILE);
  if (!existsSync(f)) return null;
  const v = readJsonFile<{ updatedAt?: unknown } | null>(f, null, true)?.updatedAt;
  return typeof v === "string" && Number.isFinite(Date.parse(v)) ? v : undefined;
}

/** The `syncedFrom` this memory dir recorded, if any. */
export function readSyncedFrom(memoryDir: string): string | undefined {
  const v = readJsonFile<{ syncedFrom?: unknown } | null>(
    join(memoryDir, SNAPSHOT_SYNCED_FILE),
    null,
    true,
  )?.syncedFrom;
  return typeof v === "string" ? v : undefined;
}

/** Records that `memoryDir` is synced with the snapshot of `updatedAt`. */
export function recordSnapshotSynced(memoryDir: string, updatedAt: string): void {
  writeJsonAtomic(join(memoryDir, SNAPSHOT_SYNCED_FILE), { syncedFrom: updatedAt });
}

/** True when `memoryDir` holds memory (a non-empty MEMORY.md or a topic file). */
export function hasMemory(memoryDir: string): boolean {
  try {
    if (statSync(join(memoryDir, INDEX_FILE)).size > 0) return true;
  } catch {
    // no index
  }
  return listTopicFiles(memoryDir).length > 0;
}

/** Plans what to do with `snapshotDir` for `memoryDir` (reads only). */
export function checkSnapshot(snapshotDir: string, memoryDir: string): SnapshotCheck {
  const updatedAt = readSnapshotTime(snapshotDir);
  if (updatedAt === null) return { action: "none", reason: "no_snapshot" };
  if (updatedAt === undefined) return { action: "none", reason: "bad_snapshot" };
  if (!hasMemory(memoryDir)) return { action: "initialize", updatedAt };
  const synced = readSyncedFrom(memoryDir);
  const syncedMs = synced === undefined ? Number.NaN : Date.parse(synced);
  if (Number.isFinite(syncedMs) && Date.parse(updatedAt) <= syncedMs)
    return { action: "none", updatedAt, reason: "synced" };
  return { action: "prompt-update", updatedAt };
}

/**
 * The Markdown files of a snapshot or memory dir that are regular files (a symbolic link is never
 * followed: a committed snapshot could point anywhere on the machine): MEMORY.md (when present) and the
 * topic files.
 */
export function memoryFiles(dir: string): string[] {
  const topics = listTopicFiles(dir);
  return [INDEX_FILE, ...topics].filter((f) => {
    try {
      return lstatSync(join(dir, f)).isFile();
    } catch {
      return false;
    }
  });
}

/**
 * Copies the snapshot into `memoryDir` (under its store lock) and records it as synced; files already
 * there are never overwritten. Returns the file names copied.
 */
export function initializeFromSnapshot(snapshotDir: string, memoryDir: string, updatedAt: string): string[] {
  return withDirLock(memoryDir, () => {
    const copied: string[] = [];
    for (const f of memoryFiles(snapshotDir)) {
      const to = join(memoryDir, f);
      if (existsSync(to)) continue;
      // A teammate's snapshot is text nobody here scrubbed: secrets and `<private>` text stay out.
      const text = readTextIfExists(join(snapshotDir, f));
      if (text === undefined) continue;
      writeFileAtomic(to, scrub(text), { mode: 0o600 });
      copied.push(f);
    }
    recordSnapshotSynced(memoryDir, updatedAt);
    return copied;
  });
}

/**
 * Publishes `memoryDir` (an agent's project-scope memory) as the snapshot in `snapshotDir`: its Markdown
 * files replace the snapshot's (files gone from the memory dir are removed), `snapshot.json` gets
 * `updatedAt`, and the memory dir records the snapshot as synced (its author is not told about it).
 * @throws MemdirError NOT_FOUND when `memoryDir` holds no memory.
 */
export function publishSnapshot(
  memoryDir: string,
  snapshotDir: string,
  updatedAt: string,
): { files: string[]; removed: string[] } {
  if (!hasMemory(memoryDir)) {
    throw new MemdirError("NOT_FOUND", `there is no agent memory to publish in ${memoryDir}`, {
      expected: "a MEMORY.md or topic files in the agent's project-scope memory dir",
      received: "an empty or missing directory",
      hint: "let the agent learn something first, or check the agent name (`memdir list --agent <agent> --scope project`)",
    });
  }
  return withDirLock(memoryDir, () => {
    const files = memoryFiles(memoryDir);
    const keep = new Set(files);
    const removed: string[] = [];
    for (const f of memoryFiles(snapshotDir)) {
      if (keep.has(f)) continue;
      removeFile(join(snapshotDir, f));
      removed.push(f);
    }
    for (const f of files) {
      // A committed file: readable by the team (0644), replaced atomically.
      const bytes = readBytesIfExists(join(memoryDir, f));
      if (bytes) writeFileAtomic(join(snapshotDir, f), bytes, { mode: 0o644 });
    }
    writeJsonAtomic(join(snapshotDir, SNAPSHOT_FILE), { updatedAt }, { mode: 0o644 });
    recordSnapshotSynced(memoryDir, updatedAt);
    return { files, removed };
  });
}

/** Names of the agents with a snapshot under `snapshotBase`. */
export function listSnapshots(snapshotBase: string): string[] {
  try {
    return readdirSync(snapshotBase, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(join(snapshotBase, d.name, SNAPSHOT_FILE)))
      .map((d) => d.name)
      .sort();
  } catch {
    return [];
  }
}
