/**
 * `searchIndex`: user text -> ranked hits (issue 3 points 2, 3, 5). The text is analysed and turned
 * into a safe FTS5 expression (never raw FTS syntax); FTS5 `bm25()` with field weights picks up to
 * CANDIDATES documents; `rank()` adds recency, scope and group evidence and explains each hit.
 * Short CJK queries (one character) that the bigram index cannot answer fall back to LIKE.
 */

import type { AnalyzedQuery } from "../analyze/index.js";
import { cachedStatement, type Db } from "../index/db.js";
import { type Candidate, FIELD_WEIGHTS, rank } from "../rank/index.js";
import { planQuery, type QueryPlan } from "./plan.js";
import { makeSnippet } from "./snippet.js";
import type { SearchFilter, SearchHit, SearchOptions } from "./types.js";

/** How many FTS5 matches the re-ranker sees (rank/ was tuned with 300). */
export const CANDIDATES = 300;
/** Upper bound of `limit`. */
export const MAX_LIMIT = 200;

interface DocRow {
  id: number;
  key: string;
  file: string;
  source: SearchHit["source"];
  scope: SearchHit["scope"];
  project: string;
  type: string;
  name: string;
  description: string;
  body: string;
  grp: string | null;
  updated_ms: number;
  meta: string;
  s: number;
}

const COLS =
  "d.id, d.key, d.file, d.source, d.scope, d.project, d.type, d.name, d.description, d.body, d.grp, d.updated_ms, d.meta";

function filterSql(f: SearchFilter): { sql: string; args: unknown[] } {
  const parts: string[] = [];
  const args: unknown[] = [];
  const inList = (col: string, vals: readonly string[] | undefined) => {
    if (!vals?.length) return;
    parts.push(`${col} IN (${vals.map(() => "?").join(",")})`);
    args.push(...vals);
  };
  inList("d.source", f.sources);
  inList("d.scope", f.scopes);
  inList("d.type", f.types);
  if (f.project !== undefined && f.project !== null) {
    parts.push("(d.project = ? OR d.scope = 'user')");
    args.push(f.project);
  }
  return { sql: parts.length ? ` AND ${parts.join(" AND ")}` : "", args };
}

function ftsCandidates(db: Db, match: string, f: SearchFilter): DocRow[] {
  const { sql, args } = filterSql(f);
  const { name: wn, description: wd, body: wb } = FIELD_WEIGHTS;
  // Rank on ids only (the sort then carries two numbers per match, not whole documents), then
  // fetch the winners' columns.
  const top = cachedStatement(
    db,
    `SELECT d.id AS id, bm25(fts, ${wn}, ${wd}, ${wb}) AS s FROM fts JOIN docs d ON d.id = fts.rowid
     WHERE fts MATCH ?${sql} ORDER BY s, d.id LIMIT ${CANDIDATES}`,
  ).all(match, ...args) as { id: number; s: number }[];
  if (!top.length) return [];
  const score = new Map(top.map((t) => [t.id, t.s]));
  const rows = cachedStatement(
    db,
    `SELECT ${COLS}, 0 AS s FROM docs d WHERE d.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(top.map((t) => t.id))) as DocRow[];
  for (const r of rows) r.s = score.get(r.id) as number;
  return rows;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** One-character CJK terms (and only those) cannot be answered by bigram tokens: LIKE over the raw text. */
function likeCandidates(db: Db, q: AnalyzedQuery, f: SearchFilter): DocRow[] {
  const shorts = [...q.terms, ...q.phrases.flat()].filter((t) => [...t].length === 1 && CJK.test(t));
  if (!shorts.length) return [];
  const { sql, args } = filterSql(f);
  const like = shorts.map(() => "(d.name || ' ' || d.description || ' ' || d.body) LIKE ?").join(" OR ");
  return cachedStatement(
    db,
    `SELECT ${COLS}, -1.0 AS s FROM docs d WHERE (${like})${sql} ORDER BY d.id LIMIT ${CANDIDATES}`,
  ).all(...shorts.map((t) => `%${t}%`), ...args) as DocRow[];
}

/**
 * Each candidate's position in its group (docs of one session ordered by time, then key), so
 * rank() can lift the neighbours of strong matches (a turn right before or after one).
 */
function groupSeqs(db: Db, rows: DocRow[]): Map<number, number> {
  const groups = [...new Set(rows.map((r) => r.grp).filter((g): g is string => g !== null))];
  const seq = new Map<number, number>();
  for (let i = 0; i < groups.length; i += 500) {
    const chunk = groups.slice(i, i + 500);
    const all = cachedStatement(
      db,
      "SELECT id, grp FROM docs WHERE grp IN (SELECT value FROM json_each(?)) ORDER BY grp, updated_ms, key",
    ).all(JSON.stringify(chunk)) as { id: number; grp: string }[];
    let prev = "";
    let n = 0;
    for (const r of all) {
      n = r.grp === prev ? n + 1 : 0;
      prev = r.grp;
      seq.set(r.id, n);
    }
  }
  return seq;
}

/**
 * Ranked hits for `text` (or a plan from `planQuery`, which the recall gate reuses). Never throws on
 * user text: text with nothing searchable (empty, punctuation, only stopwords) returns []. Hits are ordered by score desc, then key asc (stable across a rebuild).
 * @throws SqliteError only for database faults (busy past the timeout, I/O).
 */
export function searchIndex(db: Db, text: string | QueryPlan, opts: SearchOptions): SearchHit[] {
  const limit = Math.max(1, Math.min(MAX_LIMIT, Math.trunc(opts.limit ?? 10)));
  const f = opts.filter ?? {};
  const plan = typeof text === "string" ? planQuery(db, text) : text;
  const { q, match } = plan;
  const rows = new Map<number, DocRow>();
  if (match) for (const r of ftsCandidates(db, match, f)) rows.set(r.id, r);
  if (rows.size < limit) for (const r of likeCandidates(db, q, f)) if (!rows.has(r.id)) rows.set(r.id, r);
  const exclude = new Set(f.excludeKeys ?? []);
  const live = [...rows.values()].filter((r) => !exclude.has(r.key));
  // rank() breaks ties by docId: number the candidates in key order, so ties fall the same way in a
  // rebuilt index (whose row ids differ).
  live.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const seqs = groupSeqs(db, live);
  const cands: Candidate[] = live.map((r, i) => ({
    docId: i,
    bm25: r.s,
    group: r.grp,
    seq: seqs.get(r.id),
    updatedMs: r.updated_ms,
    scope: r.scope,
    fields: { name: r.name, description: r.description, body: r.body },
  }));
  const terms = new Set([...q.terms, ...q.phrases.flat()]);
  return rank(q, cands, { nowMs: opts.nowMs, limit }).map((h) => {
    const r = live[h.docId] as DocRow;
    return {
      key: r.key,
      path: r.file,
      source: r.source,
      scope: r.scope,
      project: r.project,
      type: r.type,
      name: r.name,
      description: r.description,
      snippet: makeSnippet(r.body, terms, r.description),
      score: h.score,
      why: h.why,
      updatedMs: r.updated_ms,
      group: r.grp,
      meta: JSON.parse(r.meta) as Record<string, unknown>,
    };
  });
}
