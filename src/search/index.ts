/**
 * L3 search (DESIGN.md §5): the derived SQLite FTS5 index of topic files (every scope), notepad
 * entries, wiki pages, session summaries and past transcripts' turns. Sync is a pure plan applied in
 * one transaction; queries are analysed (never raw FTS syntax) and re-ranked with explanations.
 * Imports better-sqlite3: hooks load this module lazily, only on the paths that search.
 */

export * from "./analyze/index.js";
export {
  type Db,
  DEFAULT_BUSY_TIMEOUT_MS,
  type OpenSearchDbOptions,
  openSearchDb,
  SCHEMA_VERSION,
} from "./db/db.js";
export { rebuildSearchDb } from "./db/rebuild.js";
export * from "./query/index.js";
export * from "./sync/index.js";
