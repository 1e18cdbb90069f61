/**
 * The app's door to the search database: which files a project's sync covers, and opening + syncing
 * the search database with failures isolated (the search database is derived: a sync that fails leaves the last
 * good state searchable, and files are never touched because of it). Loads `search/` (and
 * better-sqlite3) lazily: hooks import this module only on the paths that search.
 */

import { describeError } from "../core/errors.js";
import type { ProjectPaths } from "../paths/index.js";
import type { AppContext } from "./context.js";

type SearchModule = typeof import("../search/index.js");

export type { SearchModule };

/** Loads the search layer (and better-sqlite3) on first use. */
export async function loadSearch(): Promise<SearchModule> {
  return import("../search/index.js");
}

/** The files one project's sync covers: project and user memory dirs, notepad, wiki and session summaries. */
export function searchRoots(paths: ProjectPaths): import("../search/index.js").SourceRoots {
  return {
    project: paths.projectRoot,
    memoryDir: paths.memoryDir,
    userMemoryDir: paths.userMemoryDir,
    notepad: paths.notepad,
    wikiDir: paths.wikiDir,
    summariesDir: paths.summariesDir,
  };
}

type SearchSource = "memories" | "notes" | "wiki" | "sessions";
const ROOTS_OF: Record<
  SearchSource,
  readonly ("memoryDir" | "userMemoryDir" | "notepad" | "wikiDir" | "summariesDir")[]
> = {
  memories: ["memoryDir", "userMemoryDir"],
  notes: ["notepad"],
  wiki: ["wikiDir"],
  sessions: ["summariesDir"],
};

/** `roots` cut to the given sources (all when none given): a sync then leaves the other sources' rows alone. */
function rootsOf(
  roots: import("../search/index.js").SourceRoots,
  sources: readonly SearchSource[] | undefined,
): import("../search/index.js").SourceRoots {
  if (!sources) return roots;
  const keep = new Set(sources.flatMap((s) => ROOTS_OF[s]));
  const out: import("../search/index.js").SourceRoots = { project: roots.project };
  for (const k of ["memoryDir", "userMemoryDir", "notepad", "wikiDir", "summariesDir"] as const)
    if (keep.has(k) && roots[k] !== undefined) out[k] = roots[k];
  return out;
}

export interface OpenedSearchDb {
  s: SearchModule;
  db: import("../search/index.js").Db;
  /** The sync report, or undefined when the sync failed (logged) and the search database is used as it was. */
  sync: import("../search/index.js").SyncReport | undefined;
  /** Why the sync failed, for surfaces that can tell the user (the CLI); hooks only log it. */
  syncError?: string;
  /** Set when a corrupt index file was moved aside and a new one created. */
  recovered?: string;
}

/**
 * Opens the search database and syncs the project's files into it. A sync failure (another writer holding
 * the database past `busyTimeoutMs`, an I/O fault) is logged and the search database is queried as it is.
 * The caller closes `db`.
 * @throws MemdirError INDEX_OPEN when the database cannot be opened at all.
 */
export async function openSyncedSearchDb(
  ctx: AppContext,
  busyTimeoutMs: number,
  opts: { sources?: readonly SearchSource[] } = {},
): Promise<OpenedSearchDb> {
  const s = await loadSearch();
  let recovered: string | undefined;
  const db = s.openSearchDb(ctx.paths.indexFile, {
    busyTimeoutMs,
    nowMs: ctx.rt.now(),
    onRecover: (aside) => {
      recovered = `the search database was corrupt: moved to ${aside} and rebuilt from your files; run \`memdir backfill\` to index past sessions again`;
      ctx.log("warn", "search", recovered);
    },
  });
  let sync: OpenedSearchDb["sync"];
  let syncError: string | undefined;
  try {
    sync = await s.syncSearchDb(db, rootsOf(searchRoots(ctx.paths), opts.sources), ctx.rt.now());
    for (const e of sync.errors) ctx.log("warn", "search", `not indexed: ${e.path}: ${e.message}`);
  } catch (e) {
    syncError = describeError(e);
    ctx.log("warn", "search", `index sync skipped: ${syncError}`);
  }
  return { s, db, sync, syncError, recovered };
}
