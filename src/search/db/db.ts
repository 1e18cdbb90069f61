/**
 * The derived search database (DESIGN.md §5 L3, §6 "files are the truth"): one SQLite file
 * (`<memdirHome>/index/search.db`) in WAL mode with a busy timeout, rebuilt from the files at any
 * time. A schema or analyzer version mismatch drops every table and recreates them (the next sync
 * re-reads the files); a file that is not a database is moved aside and replaced.
 */

import { chmodSync, mkdirSync, renameSync, statSync } from "node:fs";
import { dirname } from "node:path";
import type Database from "better-sqlite3";
import { MemdirError } from "../../core/errors.js";
import { FTS_TOKENIZER } from "../analyze/index.js";
import { newDatabase } from "./sqlite.js";

export type Db = Database.Database;

/** Bump when the tables or the analyzer's output change: the search database is then rebuilt from files. */
export const SCHEMA_VERSION = 6;

/** Default busy timeout (ms) for CLI and jobs; hooks pass a short one. */
export const DEFAULT_BUSY_TIMEOUT_MS = 5_000;

export interface OpenSearchDbOptions {
  /** How long (ms) a statement waits for another writer before SQLITE_BUSY. Default 5,000. */
  busyTimeoutMs?: number;
  /** Clock for the name of a moved-aside corrupt file. */
  nowMs?: number;
  /** Called with the new path of a corrupt index file that was moved aside (what it held is lost). */
  onRecover?: (movedTo: string) => void;
}

const TABLES = ["fts_vocab", "fts", "docs", "files", "meta"] as const;

function createSchema(db: Db): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS files (
      path TEXT PRIMARY KEY, source TEXT NOT NULL, scope TEXT NOT NULL, project TEXT NOT NULL,
      size INTEGER NOT NULL, mtime_ms INTEGER NOT NULL, hash TEXT NOT NULL,
      offset INTEGER NOT NULL DEFAULT 0, error TEXT, indexed_ms INTEGER NOT NULL
    );
    -- Small columns first: ranking reads them for hundreds of candidates without touching the text.
    CREATE TABLE IF NOT EXISTS docs (
      id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, scope TEXT NOT NULL, grp TEXT,
      updated_ms INTEGER NOT NULL, source TEXT NOT NULL, project TEXT NOT NULL,
      type TEXT NOT NULL DEFAULT '', file TEXT NOT NULL, meta TEXT NOT NULL DEFAULT '{}',
      name TEXT NOT NULL, description TEXT NOT NULL, body TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS docs_file ON docs(file);
    CREATE INDEX IF NOT EXISTS docs_grp ON docs(grp, updated_ms, key);
    -- A regular (not contentless) table: deleting a row then updates BM25's row count and average
    -- length; a contentless_delete table keeps counting deleted rows, so scores drift with edits.
    CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
      name, description, body, tokenize='${FTS_TOKENIZER}'
    );
    -- Per-term document counts, read by the query planner (query/plan.ts) and the recall gate.
    CREATE VIRTUAL TABLE IF NOT EXISTS fts_vocab USING fts5vocab(fts, 'row');
  `);
}

function versionTag(): string {
  return `${SCHEMA_VERSION}|${FTS_TOKENIZER}`;
}

function currentTag(db: Db): string | undefined {
  const has = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'meta'").get();
  return has
    ? (db.prepare("SELECT v FROM meta WHERE k = 'version'").get() as { v: string } | undefined)?.v
    : undefined;
}

function ensureSchema(db: Db): void {
  if (currentTag(db) === versionTag()) return;
  db.transaction(() => {
    // Checked again under the write lock: two processes opening a new index at once rebuild it once.
    if (currentTag(db) === versionTag()) return;
    for (const t of TABLES) db.exec(`DROP TABLE IF EXISTS ${t}`);
    createSchema(db);
    db.prepare("INSERT INTO meta (k, v) VALUES ('version', ?)").run(versionTag());
  }).immediate();
}

/** Prepared statements per database: queries run the same few SQL texts many times. */
const STATEMENTS = new WeakMap<Db, Map<string, Database.Statement>>();

/** `db.prepare(sql)`, prepared once per database. */
export function cachedStatement(db: Db, sql: string): Database.Statement {
  let m = STATEMENTS.get(db);
  if (!m) {
    m = new Map();
    STATEMENTS.set(db, m);
  }
  let st = m.get(sql);
  if (!st) {
    st = db.prepare(sql);
    m.set(sql, st);
  }
  return st;
}

function isNotADatabase(e: unknown): boolean {
  const code = (e as { code?: unknown })?.code;
  return code === "SQLITE_NOTADB" || code === "SQLITE_CORRUPT";
}

/**
 * The search database holds session text: owner-only like every other memdir file (0600). One stat per open;
 * SQLite creates `-wal`/`-shm` with the database file's mode, so fixing the file fixes them.
 */
function ownerOnly(file: string): void {
  try {
    if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
    for (const ext of ["-wal", "-shm"]) {
      const st = statSync(file + ext, { throwIfNoEntry: false });
      if (st && (st.mode & 0o077) !== 0) chmodSync(file + ext, 0o600);
    }
  } catch {
    // a file we do not own: leave it
  }
}

function openRaw(file: string, busyTimeoutMs: number): Db {
  const db = newDatabase(file, busyTimeoutMs);
  ownerOnly(file);
  // WAL persists in the file: only a new (or rolled back) database needs the switch, which writes.
  if (String(db.pragma("journal_mode", { simple: true })).toLowerCase() !== "wal")
    db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  // Reads through a memory map: a query touches a few hundred scattered pages of a file that can
  // be hundreds of MB (100k documents), and each read() would copy a page.
  db.pragma("mmap_size = 268435456");
  return db;
}

/**
 * Opens (creating when missing) the search database at `file`, in WAL mode with a busy timeout, and makes the
 * schema current. A corrupt file is renamed to `<file>.corrupt-<ms>` and a fresh index created:
 * the search database is derived data, the files are the truth.
 * @throws MemdirError INDEX_OPEN when the directory cannot be created or SQLite cannot open the file.
 */
export function openSearchDb(file: string, opts: OpenSearchDbOptions = {}): Db {
  const timeout = opts.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  } catch (e) {
    throw new MemdirError("INDEX_OPEN", `cannot create the search database directory ${dirname(file)}`, {
      expected: "a writable directory",
      received: String((e as Error).message),
      hint: "check permissions of MEMDIR_HOME, or set MEMDIR_HOME to a writable directory",
    });
  }
  let db: Db | undefined;
  try {
    db = openRaw(file, timeout);
    ensureSchema(db);
    return db;
  } catch (e) {
    db?.close();
    if (!isNotADatabase(e)) {
      throw new MemdirError("INDEX_OPEN", `cannot open the search database ${file}`, {
        expected: "an SQLite database (derived, rebuildable)",
        received: String((e as Error).message),
        hint: "delete the file and run `memdir reindex`",
      });
    }
    const aside = `${file}.corrupt-${opts.nowMs ?? 0}`;
    renameSync(file, aside);
    for (const ext of ["-wal", "-shm"]) {
      try {
        renameSync(file + ext, aside + ext);
      } catch {
        // absent
      }
    }
    const fresh = openRaw(file, timeout);
    ensureSchema(fresh);
    opts.onRecover?.(aside);
    return fresh;
  }
}
