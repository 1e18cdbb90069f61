import type { AppContext } from "../context.js";
import { openSyncedSearchDb, searchRoots } from "../search-db.js";

type Search = typeof import("../../search/index.js");
export type SearchHit = import("../../search/index.js").SearchHit;
export type SyncReport = import("../../search/index.js").SyncReport;

export interface SearchCommandOptions {
  scope?: ("project" | "team" | "user")[];
  type?: string[];
  source?: ("memories" | "notes" | "wiki" | "sessions")[];
  limit?: number;
  /** Search every project's documents, not only this project's (and user-scope ones). */
  allProjects?: boolean;
}

export interface SearchResult {
  query: string;
  hits: SearchHit[];
  /** Files that are not searchable because they failed to parse. */
  errors: SyncReport["errors"];
  /** Problems with the search database itself (a failed sync: results may be stale; a rebuilt corrupt search database). */
  warnings: string[];
  /** What to try when nothing was found (past sessions of other projects). */
  hint?: string;
}

/** Syncs this project's files, then searches. */
export async function runSearch(
  ctx: AppContext,
  query: string,
  o: SearchCommandOptions,
): Promise<SearchResult> {
  const { s, db, sync, syncError, recovered } = await openSyncedSearchDb(ctx, 5_000);
  const warnings = [
    ...(recovered ? [recovered] : []),
    ...(syncError
      ? [`the search database could not be updated (results may be stale): ${syncError.split("\n")[0]}`]
      : []),
  ];
  try {
    const hits = s.querySearchDb(db, query, {
      nowMs: ctx.rt.now(),
      limit: o.limit ?? 10,
      filter: {
        sources: o.source,
        scopes: o.scope,
        types: o.type,
        project: o.allProjects ? null : ctx.paths.projectRoot,
      },
    });
    const sessionsOnly = o.source?.length === 1 && o.source[0] === "sessions";
    const hint =
      !hits.length && sessionsOnly && !o.allProjects
        ? "Only this project's sessions were searched: add --all-projects, and run `memdir backfill` to index past sessions."
        : undefined;
    return { query, hits, errors: sync?.errors ?? [], warnings, hint };
  } finally {
    db.close();
  }
}

/** Rebuilds this project's part of the search database from the files. */
export async function runReindex(ctx: AppContext): Promise<SyncReport> {
  const s: Search = await import("../../search/index.js");
  const db = s.openSearchDb(ctx.paths.indexFile, { nowMs: ctx.rt.now() });
  try {
    return await s.rebuildSearchDb(db, searchRoots(ctx.paths), ctx.rt.now());
  } finally {
    db.close();
  }
}
