/**
 * The apply step of a sync: one IMMEDIATE transaction that re-reads the rows, re-plans against
 * them (so two processes syncing at once cannot insert the same document twice) and writes.
 * A file that fails to parse gets a row with its error and no documents; it never blocks the rest.
 */

import { analyze } from "../analyze/index.js";
import { cachedStatement, type Db } from "../db/db.js";
import { planSync } from "./plan.js";
import type { DiskEntry, DocInput, FileRow, SyncPlan } from "./types.js";

interface RawRow {
  path: string;
  source: FileRow["source"];
  scope: FileRow["scope"];
  project: string;
  size: number;
  mtime_ms: number;
  hash: string;
  error: string | null;
}

/** The `files` rows of `project` and of the user scope (project "") accepted by `owns`, by path. */
export function readRows(db: Db, project: string, owns: (r: FileRow) => boolean): Map<string, FileRow> {
  const rows = db
    .prepare(
      "SELECT path, source, scope, project, size, mtime_ms, hash, error FROM files WHERE project IN (?, '')",
    )
    .all(project) as RawRow[];
  const out = new Map<string, FileRow>();
  for (const r of rows) {
    const row: FileRow = { ...r, mtimeMs: r.mtime_ms };
    if (owns(row)) out.set(r.path, row);
  }
  return out;
}

/** Deletes a file's documents (and their FTS rows); keeps the `files` row. */
export function deleteDocsOf(db: Db, path: string): void {
  const ids = cachedStatement(db, "SELECT id FROM docs WHERE file = ?").pluck().all(path) as number[];
  const delFts = cachedStatement(db, "DELETE FROM fts WHERE rowid = ?");
  for (const id of ids) delFts.run(id);
  cachedStatement(db, "DELETE FROM docs WHERE file = ?").run(path);
}

/** Inserts documents of the file row `file` (analysed into the FTS table). Keys must be unused. */
export function insertDocs(
  db: Db,
  file: { path: string; source: string; scope: string; project: string },
  docs: DocInput[],
): void {
  const ins = cachedStatement(
    db,
    `INSERT INTO docs (file, key, source, scope, project, type, name, description, body, grp, updated_ms, meta)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const fts = cachedStatement(db, "INSERT INTO fts (rowid, name, description, body) VALUES (?, ?, ?, ?)");
  for (const d of docs) {
    const { lastInsertRowid } = ins.run(
      file.path,
      d.key,
      file.source,
      file.scope,
      file.project,
      d.type,
      d.name,
      d.description,
      d.body,
      d.group,
      Math.trunc(d.updatedMs),
      JSON.stringify(d.meta),
    );
    fts.run(
      lastInsertRowid,
      analyze(d.name).join(" "),
      analyze(d.description).join(" "),
      analyze(d.body).join(" "),
    );
  }
}

function upsertFileRow(db: Db, e: DiskEntry, hash: string, error: string | null, nowMs: number): void {
  cachedStatement(
    db,
    `INSERT INTO files (path, source, scope, project, size, mtime_ms, hash, offset, error, indexed_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
     ON CONFLICT(path) DO UPDATE SET source = excluded.source, scope = excluded.scope,
       project = excluded.project, size = excluded.size, mtime_ms = excluded.mtime_ms,
       hash = excluded.hash, error = excluded.error, indexed_ms = excluded.indexed_ms`,
  ).run(e.path, e.source, e.scope, e.project, e.size, e.mtimeMs, hash, error, nowMs);
}

function removeFile(db: Db, path: string): void {
  deleteDocsOf(db, path);
  cachedStatement(db, "DELETE FROM files WHERE path = ?").run(path);
}

/** File content -> documents (sync/parse.ts; injected so the no-change path never loads `yaml`). */
export type DocParser = (e: DiskEntry, text: string) => DocInput[];

function indexFile(
  db: Db,
  e: DiskEntry,
  content: { text: string; hash: string },
  parse: DocParser,
  nowMs: number,
): void {
  deleteDocsOf(db, e.path);
  let docs: DocInput[] = [];
  let error: string | null = null;
  try {
    docs = parse(e, content.text);
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  upsertFileRow(db, e, content.hash, error, nowMs);
  insertDocs(db, e, docs);
}

/**
 * Plans against the rows as they are inside the transaction and applies the plan.
 * `contents` holds the text and hash of every file whose stat differed when the caller looked.
 */
export function applySync(
  db: Db,
  project: string,
  disk: DiskEntry[],
  owns: (r: FileRow) => boolean,
  contents: Map<string, { text: string; hash: string }>,
  parse: DocParser,
  nowMs: number,
): SyncPlan {
  return db
    .transaction(() => {
      const rows = readRows(db, project, owns);
      const hashes = new Map([...contents].map(([p, c]) => [p, c.hash]));
      const plan = planSync(disk, rows, hashes);
      for (const path of plan.removed) removeFile(db, path);
      for (const m of plan.moved) removeFile(db, m.from);
      for (const e of [...plan.added, ...plan.changed, ...plan.moved.map((m) => m.to)]) {
        const c = contents.get(e.path);
        if (c) indexFile(db, e, c, parse, nowMs);
      }
      for (const e of plan.touched) {
        cachedStatement(db, "UPDATE files SET size = ?, mtime_ms = ?, indexed_ms = ? WHERE path = ?").run(
          e.size,
          e.mtimeMs,
          nowMs,
          e.path,
        );
      }
      return plan;
    })
    .immediate();
}
