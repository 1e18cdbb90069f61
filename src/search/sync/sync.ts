/**
 * `syncSearchDb`: make the search database match the files of one project (and the user scope). Cheap when
 * nothing changed: one stat per file and one SELECT; only files whose stat differs are read.
 */

import { readTextIfExists } from "../../core/fs.js";
import { FNV_OFFSET_BASIS, fnv1a32Of } from "../../core/text.js";
import { cachedStatement, type Db } from "../db/db.js";
import { applySync, type DocParser, readRows } from "./apply.js";
import { discoverFiles, ownsRow, type SourceRoots } from "./discover.js";
import { needsContent } from "./plan.js";
import type { DiskEntry, FileRow, SyncPlan } from "./types.js";

export interface SyncReport {
  added: number;
  changed: number;
  touched: number;
  moved: number;
  removed: number;
  unchanged: number;
  /** Files of this sync's sources that failed to parse (now or at an earlier sync); never blocking. */
  errors: { path: string; message: string }[];
}

function report(plan: SyncPlan, errors: SyncReport["errors"]): SyncReport {
  return {
    added: plan.added.length,
    changed: plan.changed.length,
    touched: plan.touched.length,
    moved: plan.moved.length,
    removed: plan.removed.length,
    unchanged: plan.unchanged,
    errors,
  };
}

/**
 * Syncs the sources under `roots` into `db`. Async only to load the parsers lazily. Rows of other projects and of transcripts are left
 * alone. A file that vanishes or cannot be read between listing and reading is skipped this time.
 * @throws SqliteError SQLITE_BUSY when another writer holds the database past the busy timeout.
 */
/** FNV-1a (32-bit, base 36) of the roots and every listed file's path, size and mtime. */
function listingFingerprint(roots: SourceRoots, disk: DiskEntry[]): string {
  let h = FNV_OFFSET_BASIS;
  const add = (s: string) => {
    h = fnv1a32Of(s, h);
  };
  add(JSON.stringify(roots));
  for (const d of disk) add(`${d.path}\0${d.size}\0${d.mtimeMs}\n`);
  return `${h.toString(36)}:${disk.length}`;
}

/** The fast path's key: per project and per set of sources synced (a hook syncs the memories only). */
const LISTING_KEY = (roots: SourceRoots) => {
  const given = (["memoryDir", "userMemoryDir", "notepad", "wikiDir", "summariesDir"] as const).filter(
    (k) => roots[k] !== undefined,
  );
  return `listing:${roots.project}${given.length === 5 ? "" : `:${given.join(",")}`}`;
};

/** Forgets the listing fingerprints (reindex, which deletes rows the fingerprints vouch for). */
export function forgetListings(db: Db): void {
  db.prepare("DELETE FROM meta WHERE k LIKE 'listing:%'").run();
}

export async function syncSearchDb(db: Db, roots: SourceRoots, nowMs: number): Promise<SyncReport> {
  const owns = (r: FileRow) => ownsRow(roots, r);
  const disk = discoverFiles(roots);
  // Fast path (every prompt of a session): the same files with the same stats as the last sync of
  // this project, which left the rows matching them. One SELECT, no row scan.
  const fp = listingFingerprint(roots, disk);
  const last = cachedStatement(db, "SELECT v FROM meta WHERE k = ?").get(LISTING_KEY(roots)) as
    | { v: string }
    | undefined;
  if (last) {
    const saved = JSON.parse(last.v) as { fp: string; errors: SyncReport["errors"] };
    if (saved.fp === fp) return { ...report(EMPTY_PLAN, saved.errors), unchanged: disk.length };
  }
  const contents = new Map<string, { text: string; hash: string }>();
  const stale = needsContent(disk, readRows(db, roots.project, owns));
  // node:crypto costs a hook tens of ms to load: only a sync that has something to read loads it.
  // process.getBuiltinModule, not import(): dist/hook.cjs runs from a V8 code cache in a vm.Script,
  // where a dynamic import() of a builtin throws.
  const crypto = stale.length ? process.getBuiltinModule("node:crypto") : undefined;
  for (const e of stale) {
    try {
      const text = readTextIfExists(e.path) ?? "";
      const hash = (crypto as typeof import("node:crypto"))
        .createHash("sha256")
        .update(text, "utf8")
        .digest("hex")
        .slice(0, 32);
      contents.set(e.path, { text, hash });
    } catch {
      // vanished or unreadable: reconsidered next sync
    }
  }
  // The parsers (and `yaml`) load only when some file changed: the common no-change sync stays cheap.
  const parse: DocParser = contents.size
    ? (await import("./parse.js")).docsForFile
    : () => {
        throw new Error("unreachable: no file content to parse");
      };
  const plan = applySync(db, roots.project, disk, owns, contents, parse, nowMs);
  const errors = [...readRows(db, roots.project, owns).values()]
    .filter((r) => r.error !== null)
    .map((r) => ({ path: r.path, message: r.error as string }));
  // Only a listing that was read completely vouches for the rows (a file that vanished mid-sync, or
  // could not be read, is reconsidered next time).
  if (stale.length === contents.size) {
    cachedStatement(db, "INSERT OR REPLACE INTO meta (k, v) VALUES (?, ?)").run(
      LISTING_KEY(roots),
      JSON.stringify({ fp, errors }),
    );
  }
  return report(plan, errors);
}

const EMPTY_PLAN: SyncPlan = { added: [], changed: [], touched: [], moved: [], removed: [], unchanged: 0 };
