/** The rows backfill keeps per transcript: its `files` row (byte cursor) and its turn documents. */

import type { Db } from "../db/db.js";

/**
 * The `files` row of a transcript. `size`/`mtimeMs` are -1 while a file is only partly indexed.
 * `files.hash` holds `<head fingerprint> t<nextTurn>`.
 */
export interface TranscriptRow {
  size: number;
  mtimeMs: number;
  /** Head fingerprint (`head.ts`). */
  head: string;
  /** Byte offset the next read starts at. */
  offset: number;
  /** The turn number (1-based) of the first prompt a read from `offset` meets. */
  nextTurn: number;
  project: string;
}

/** The row of `path`, or undefined when the transcript was never indexed. */
export function readTranscriptRow(db: Db, path: string): TranscriptRow | undefined {
  const r = db
    .prepare("SELECT size, mtime_ms AS mtimeMs, hash, offset, project FROM files WHERE path = ?")
    .get(path) as (Omit<TranscriptRow, "head" | "nextTurn"> & { hash: string }) | undefined;
  if (!r) return undefined;
  const m = /^(\S+) t(\d+)$/.exec(r.hash);
  const { hash: _h, ...rest } = r;
  return { ...rest, head: m?.[1] ?? "", nextTurn: m ? Number(m[2]) : 1 };
}

/** Writes the `files` row of a transcript (source `sessions`, scope `project`). */
export function writeTranscriptRow(db: Db, path: string, row: TranscriptRow, nowMs: number): void {
  db.prepare(
    `INSERT INTO files (path, source, scope, project, size, mtime_ms, hash, offset, error, indexed_ms)
     VALUES (?, 'sessions', 'project', ?, ?, ?, ?, ?, NULL, ?)
     ON CONFLICT(path) DO UPDATE SET source = excluded.source, scope = excluded.scope,
       project = excluded.project, size = excluded.size, mtime_ms = excluded.mtime_ms,
       hash = excluded.hash, offset = excluded.offset, error = NULL, indexed_ms = excluded.indexed_ms`,
  ).run(path, row.project, row.size, row.mtimeMs, `${row.head} t${row.nextTurn}`, row.offset, nowMs);
}

/** The turn number stored for document `key`, or undefined. */
export function turnOfKey(db: Db, key: string): number | undefined {
  const v = db.prepare("SELECT json_extract(meta, '$.turn') FROM docs WHERE key = ?").pluck().get(key);
  return typeof v === "number" ? v : undefined;
}

/** Keys of `path`'s documents whose turn number is `turn` or later. */
export function keysFromTurn(db: Db, path: string, turn: number): string[] {
  return db
    .prepare("SELECT key FROM docs WHERE file = ? AND json_extract(meta, '$.turn') >= ?")
    .pluck()
    .all(path, turn) as string[];
}

/** The highest turn number indexed for `path` (0 when none). */
export function lastTurnOf(db: Db, path: string): number {
  const v = db.prepare("SELECT MAX(json_extract(meta, '$.turn')) FROM docs WHERE file = ?").pluck().get(path);
  return typeof v === "number" ? v : 0;
}

/** The session id (group) stored for `path`'s turns, if any. */
export function groupOf(db: Db, path: string): string | undefined {
  const v = db.prepare("SELECT grp FROM docs WHERE file = ? AND grp IS NOT NULL LIMIT 1").pluck().get(path);
  return typeof v === "string" ? v : undefined;
}

/** Deletes the document `key` (and its FTS row); true when it existed. */
export function deleteDocByKey(db: Db, key: string): boolean {
  const id = db.prepare("SELECT id FROM docs WHERE key = ?").pluck().get(key) as number | undefined;
  if (id === undefined) return false;
  db.prepare("DELETE FROM fts WHERE rowid = ?").run(id);
  db.prepare("DELETE FROM docs WHERE id = ?").run(id);
  return true;
}
