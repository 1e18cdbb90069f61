/** `memdir reindex`: forget what the search database holds for a project's files and sync them again. */

import { deleteDocsOf, readRows } from "../sync/apply.js";
import { ownsRow, type SourceRoots } from "../sync/discover.js";
import { forgetListings, type SyncReport, syncSearchDb } from "../sync/sync.js";
import type { Db } from "./db.js";

/**
 * Drops every row the sync of `roots` owns (transcript turns from backfill are kept) and syncs from
 * the files. Same result as deleting the database and syncing.
 */
export async function rebuildSearchDb(db: Db, roots: SourceRoots, nowMs: number): Promise<SyncReport> {
  db.transaction(() => {
    forgetListings(db);
    for (const path of readRows(db, roots.project, (r) => ownsRow(roots, r)).keys()) {
      deleteDocsOf(db, path);
      db.prepare("DELETE FROM files WHERE path = ?").run(path);
    }
  }).immediate();
  const report = await syncSearchDb(db, roots, nowMs);
  // Merge the FTS segments: deleted rows stop counting in BM25's statistics, so scores equal a fresh build.
  db.prepare("INSERT INTO fts (fts) VALUES ('optimize')").run();
  return report;
}
