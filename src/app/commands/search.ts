/**
 * `memdir search` and `memdir reindex` use cases (issue 3 points 1 and 5).
 */

import { relative } from "node:path";
import { squashWhitespace, truncateCodePoints } from "../../core/text.js";
import type { AppContext } from "../context.js";
import { openSyncedIndex, searchRoots } from "../search-db.js";

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
  /** Problems with the index itself (a failed sync: results may be stale; a rebuilt corrupt index). */
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
  const { s, db, sync, syncError, recovered } = await openSyncedIndex(ctx, 5_000);
  const warnings = [
    ...(recovered ? [recovered] : []),
    ...(syncError
      ? [`the index could not be updated (results may be stale): ${syncError.split("\n")[0]}`]
      : []),
  ];
  try {
    const hits = s.searchIndex(db, query, {
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

/** Rebuilds this project's part of the index from the files. */
export async function runReindex(ctx: AppContext): Promise<SyncReport> {
  const s: Search = await import("../../search/index.js");
  const db = s.openIndex(ctx.paths.indexFile, { nowMs: ctx.rt.now() });
  try {
    return await s.reindex(db, searchRoots(ctx.paths), ctx.rt.now());
  } finally {
    db.close();
  }
}

/** Whitespace squashed, cut to 160 code points (descriptions of session turns are whole prompts). */
function oneLine(s: string): string {
  return truncateCodePoints(squashWhitespace(s), 160);
}

type Color = { bold: (s: string) => string; dim: (s: string) => string };

function where(h: SearchHit, cwd: string): string {
  if (h.source === "sessions" && typeof h.meta.sessionId === "string") {
    const when =
      typeof h.meta.timestamp === "string" ? h.meta.timestamp : new Date(h.updatedMs).toISOString();
    const turn = typeof h.meta.turn === "number" ? ` turn ${h.meta.turn}` : "";
    return `session ${h.meta.sessionId}${turn} · ${when}`;
  }
  const rel = relative(cwd, h.path);
  return rel.startsWith("..") ? h.path : rel;
}

/** Human output: one block per hit (rank, score, source/scope/type, where, title, snippet, why). */
export function formatSearch(r: SearchResult, cwd: string, c: Color): string {
  const out: string[] = [];
  if (!r.hits.length) {
    out.push(`No results for ${JSON.stringify(truncateCodePoints(r.query, 80))}.`);
    if (r.hint) out.push(c.dim(r.hint));
  }
  r.hits.forEach((h, i) => {
    const label = [h.source, h.scope, h.type].filter(Boolean).join("/");
    out.push(`${c.bold(`${i + 1}. ${h.name}`)}  ${c.dim(`${h.score.toFixed(3)} · ${label}`)}`);
    out.push(`   ${c.dim(where(h, cwd))}`);
    const desc = oneLine(h.description);
    if (desc && desc !== h.name) out.push(`   ${desc}`);
    if (h.snippet && h.snippet !== h.description) out.push(`   ${c.dim("…")} ${oneLine(h.snippet)}`);
    if (h.why.terms.length)
      out.push(`   ${c.dim(`matched ${h.why.terms.join(", ")} in ${h.why.fields.join(", ")}`)}`);
  });
  for (const e of r.errors) out.push(c.dim(`not searchable (fix the file): ${e.path}: ${e.message}`));
  for (const w of r.warnings) out.push(`warning: ${w}`);
  return out.join("\n");
}

/** One line per counter of a sync report, plus the files that failed to parse. */
export function formatSyncReport(r: SyncReport): string {
  const lines = [
    `indexed: ${r.added} added, ${r.changed} changed, ${r.moved} moved, ${r.removed} removed, ${r.unchanged} unchanged`,
  ];
  for (const e of r.errors) lines.push(`not indexed (fix the file, then run again): ${e.path}: ${e.message}`);
  return lines.join("\n");
}
