/**
 * Candidate selection for `querySearchDb`: the FTS5 top-N by field-weighted bm25 (light columns
 * only: the sort carries a few numbers per match), the LIKE fallback for one-character CJK terms,
 * each candidate's position in its group (for rank()'s neighbour step), and the full row of a
 * document, read only for the hits that are returned.
 */

import type { AnalyzedQuery } from "../analyze/index.js";
import { cachedStatement, type Db } from "../db/db.js";
import { FIELD_WEIGHTS } from "../rank/index.js";
import type { SearchFilter, SearchHit } from "./types.js";

/** At most this many FTS5 matches reach the re-ranker (rank/ was tuned on LoCoMo with 300 for k ≤ 50). */
export const CANDIDATES = 300;

/** Candidates for a query that wants `limit` hits: 20 per hit, at least 100 (recall asks for 5). */
export function candidatesFor(limit: number): number {
  return Math.min(CANDIDATES, Math.max(100, 20 * limit));
}

/** What ranking needs of a candidate. */
export interface LightRow {
  id: number;
  key: string;
  scope: SearchHit["scope"];
  grp: string | null;
  updated_ms: number;
  /** FTS5 bm25 (lower is better); -1 for LIKE matches. */
  s: number;
}

/** Everything else, for returned hits. */
export interface FullRow {
  file: string;
  source: SearchHit["source"];
  project: string;
  type: string;
  name: string;
  description: string;
  body: string;
  meta: string;
}

const LIGHT = "d.id, d.key, d.scope, d.grp, d.updated_ms";

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

/**
 * The top `n` (default CANDIDATES) for `match` (an expression from toFtsMatch) under the filter, best first.
 * First the FTS5 table alone (ids and bm25 only, no join: the cheap path), then the filter on those
 * rows; only when the filter dropped rows and more matches exist does a second query join `docs`
 * for every match (another project's documents crowding the top, a narrow --source or --type).
 */
export function ftsCandidates(db: Db, match: string, f: SearchFilter, n = CANDIDATES): LightRow[] {
  const { sql, args } = filterSql(f);
  const { name: wn, description: wd, body: wb } = FIELD_WEIGHTS;
  const bm25 = `bm25(fts, ${wn}, ${wd}, ${wb})`;
  const top = cachedStatement(
    db,
    `SELECT rowid AS id, ${bm25} AS s FROM fts WHERE fts MATCH ? ORDER BY s, rowid LIMIT ?`,
  ).all(match, n) as { id: number; s: number }[];
  const score = new Map(top.map((t) => [t.id, t.s]));
  const rows = cachedStatement(
    db,
    `SELECT ${LIGHT}, 0 AS s FROM docs d WHERE d.id IN (SELECT value FROM json_each(?))${sql}`,
  ).all(JSON.stringify(top.map((t) => t.id)), ...args) as LightRow[];
  if (rows.length < top.length && top.length === n) {
    return cachedStatement(
      db,
      `SELECT ${LIGHT}, ${bm25} AS s FROM fts JOIN docs d ON d.id = fts.rowid
       WHERE fts MATCH ?${sql} ORDER BY s, d.id LIMIT ?`,
    ).all(match, ...args, n) as LightRow[];
  }
  for (const r of rows) r.s = score.get(r.id) as number;
  return rows;
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** One-character CJK terms (and only those) cannot be answered by bigram tokens: LIKE over the raw text. */
export function likeCandidates(db: Db, q: AnalyzedQuery, f: SearchFilter): LightRow[] {
  const shorts = [...q.terms, ...q.phrases.flat()].filter((t) => [...t].length === 1 && CJK.test(t));
  if (!shorts.length) return [];
  const { sql, args } = filterSql(f);
  const like = shorts.map(() => "(d.name || ' ' || d.description || ' ' || d.body) LIKE ?").join(" OR ");
  return cachedStatement(
    db,
    `SELECT ${LIGHT}, -1.0 AS s FROM docs d WHERE (${like})${sql} ORDER BY d.id LIMIT ${CANDIDATES}`,
  ).all(...shorts.map((t) => `%${t}%`), ...args) as LightRow[];
}

/**
 * Positions for rank()'s neighbour step: each candidate's index among its group's documents (ordered
 * by time, then key), counted from the group's first candidate. One index range scan per group that
 * has two or more candidates, covering only the span between its first and last candidate.
 */
export function groupPositions(db: Db, rows: LightRow[]): Map<number, number> {
  const byGroup = new Map<string, LightRow[]>();
  for (const r of rows) if (r.grp !== null) byGroup.set(r.grp, [...(byGroup.get(r.grp) ?? []), r]);
  const span = cachedStatement(
    db,
    `SELECT id FROM docs WHERE grp = ? AND (updated_ms, key) >= (?, ?) AND (updated_ms, key) <= (?, ?)
     ORDER BY updated_ms, key`,
  ).pluck();
  const pos = new Map<number, number>();
  for (const [g, list] of byGroup) {
    if (list.length < 2) continue;
    list.sort((a, b) => a.updated_ms - b.updated_ms || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const first = list[0] as LightRow;
    const last = list[list.length - 1] as LightRow;
    const ids = span.all(g, first.updated_ms, first.key, last.updated_ms, last.key) as number[];
    const want = new Set(list.map((r) => r.id));
    for (const [i, id] of ids.entries()) if (want.has(id)) pos.set(id, i);
  }
  return pos;
}

/** The rest of a document's row. */
export function fullRow(db: Db, id: number): FullRow {
  return cachedStatement(
    db,
    "SELECT file, source, project, type, name, description, body, meta FROM docs WHERE id = ?",
  ).get(id) as FullRow;
}
