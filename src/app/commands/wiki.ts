/**
 * `memdir wiki add | query | lint`. Pages live in `<stateRoot>/wiki/`; queries go
 * through the search database (wiki source only), which scores keyword and tag matches (tags are
 * indexed above the body). Reading never takes the wiki's write lock.
 */

import { existsSync } from "node:fs";
import { addPage, type LintFinding, lintWiki, type PageInput } from "../../wiki/index.js";
import { type AppContext, ensureProjectState } from "../context.js";
import { runSearch, type SearchResult } from "./search.js";

export interface WikiAddResult {
  slug: string;
  path: string;
  created: boolean;
  changed: boolean;
}

/** Adds (or updates, by slug or title) a wiki page. Creates `.memdir/` when needed. */
export function runWikiAdd(ctx: AppContext, input: PageInput): WikiAddResult {
  ensureProjectState(ctx);
  return addPage(ctx.paths.wikiDir, input, { nowMs: ctx.rt.now(), clock: () => ctx.rt.now() });
}

/** Ranked wiki pages for `query`. */
export function runWikiQuery(ctx: AppContext, query: string, limit: number): Promise<SearchResult> {
  return runSearch(ctx, query, { source: ["wiki"], limit });
}

/** Lint findings; [] when the wiki does not exist yet. */
export function runWikiLint(
  ctx: AppContext,
  opts: { staleDays?: number; maxPageBytes?: number },
): LintFinding[] {
  if (!existsSync(ctx.paths.wikiDir)) return [];
  return lintWiki(ctx.paths.wikiDir, { nowMs: ctx.rt.now(), ...opts });
}
