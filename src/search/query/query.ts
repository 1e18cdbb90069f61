/**
 * `querySearchDb`: user text -> ranked hits. The text is analysed and turned
 * into a safe FTS5 expression over its rarest terms (never raw FTS syntax: query/plan.ts); FTS5
 * `bm25()` with field weights picks up to CANDIDATES documents (query/candidates.ts); `rank()` adds
 * recency, scope, group and neighbour evidence and explains each hit. Only returned hits read their
 * full rows.
 */

import type { Db } from "../db/db.js";
import { type Candidate, rank } from "../rank/index.js";
import {
  candidatesFor,
  type FullRow,
  ftsCandidates,
  fullRow,
  groupPositions,
  type LightRow,
  likeCandidates,
} from "./candidates.js";
import { planQuery, type QueryPlan } from "./plan.js";
import { makeSnippet } from "./snippet.js";
import type { SearchFilter, SearchHit, SearchOptions } from "./types.js";

export { CANDIDATES } from "./candidates.js";
/** Upper bound of `limit`. */
export const MAX_LIMIT = 200;

/** Fields read from the database on first access (rank() explains only the hits it returns). */
function lazyFields(db: Db, id: number, cache: Map<number, FullRow>): Candidate["fields"] {
  const row = () => {
    let r = cache.get(id);
    if (!r) {
      r = fullRow(db, id);
      cache.set(id, r);
    }
    return r;
  };
  return {
    get name() {
      return row().name;
    },
    get description() {
      return row().description;
    },
    get body() {
      return row().body;
    },
  };
}

/**
 * Stage 1 of `querySearchDb`: the candidate rows (light columns) for `plan` under the filter, minus
 * excluded keys, in key order. Large index: documents with all the rarest terms first, the OR only
 * when they are too few; one-character CJK terms fall back to LIKE.
 */
export function candidateRows(db: Db, plan: QueryPlan, f: SearchFilter, limit: number): LightRow[] {
  const { q, match, matchAll } = plan;
  const rows = new Map<number, LightRow>();
  const n = candidatesFor(limit);
  if (matchAll) for (const r of ftsCandidates(db, matchAll, f, n)) rows.set(r.id, r);
  if (match && rows.size < limit)
    for (const r of ftsCandidates(db, match, f, n)) if (!rows.has(r.id)) rows.set(r.id, r);
  if (rows.size < limit) for (const r of likeCandidates(db, q, f)) if (!rows.has(r.id)) rows.set(r.id, r);
  const exclude = new Set(f.excludeKeys ?? []);
  const live = [...rows.values()].filter((r) => !exclude.has(r.key));
  // rank() breaks ties by docId: candidates are numbered in key order, so ties fall the same way in
  // a rebuilt index (whose row ids differ).
  return live.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Stage 2 of `querySearchDb`: neighbour positions, rank(), and the full rows of the returned hits. */
export function rankRows(
  db: Db,
  plan: QueryPlan,
  live: LightRow[],
  nowMs: number,
  limit: number,
): SearchHit[] {
  const { q } = plan;
  const seqs = groupPositions(db, live);
  const full = new Map<number, FullRow>();
  const cands: Candidate[] = live.map((r, i) => ({
    docId: i,
    bm25: r.s,
    group: r.grp,
    seq: seqs.get(r.id),
    updatedMs: r.updated_ms,
    scope: r.scope,
    fields: lazyFields(db, r.id, full),
  }));
  const terms = new Set([...q.terms, ...q.phrases.flat()]);
  return rank(q, cands, { nowMs, limit }).map((h) => {
    const r = live[h.docId] as LightRow;
    const f = full.get(r.id) ?? fullRow(db, r.id);
    return {
      key: r.key,
      path: f.file,
      source: f.source,
      scope: r.scope,
      project: f.project,
      type: f.type,
      name: f.name,
      description: f.description,
      snippet: makeSnippet(f.body, terms, f.description),
      score: h.score,
      why: h.why,
      updatedMs: r.updated_ms,
      group: r.grp,
      meta: JSON.parse(f.meta) as Record<string, unknown>,
    };
  });
}

/**
 * Ranked hits for `text` (or a plan from `planQuery`, which the recall gate reuses). Never throws on
 * user text: text with nothing searchable (empty, punctuation, only stopwords) returns [].
 * Hits are ordered by score desc, then key asc (stable across a rebuild).
 * @throws SqliteError only for database faults (busy past the timeout, I/O).
 */
export function querySearchDb(db: Db, text: string | QueryPlan, opts: SearchOptions): SearchHit[] {
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.trunc(opts.limit ?? 10)));
  const plan = typeof text === "string" ? planQuery(db, text) : text;
  return rankRows(db, plan, candidateRows(db, plan, opts.filter ?? {}, limit), opts.nowMs, limit);
}
