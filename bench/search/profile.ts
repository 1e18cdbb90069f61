/**
 * Where a query's time goes (bench/search; off with --no-profile). Runs the three stages of
 * `querySearchDb` (src/search/query) one at a time: `planQuery` (analysis + one FTS5 vocabulary lookup
 * per unit), `candidateRows` (the AND of the rarest units, the OR within the postings budget when
 * the AND found too few, the LIKE fallback) and `rankRows` (neighbour positions, rank() with lazy
 * full rows, the returned hits). Also runs the same query unpruned (a plan whose MATCH is the OR of
 * every unit) through `querySearchDb`, for its latency and for how often pruning changes the top 5.
 */
import { toFtsMatch } from "../../src/search/analyze/index.js";
import type { Db } from "../../src/search/db/db.js";
import { candidatesFor, ftsCandidates } from "../../src/search/query/candidates.js";
import { candidateRows, querySearchDb, rankRows } from "../../src/search/query/index.js";
import { planQuery, type QueryPlan } from "../../src/search/query/plan.js";
import type { SearchFilter } from "../../src/search/query/types.js";
import { FIELD_WEIGHTS } from "../../src/search/rank/index.js";
import type { BenchQuery } from "./queries.js";
import { type Stats, stats } from "./stats.js";

export const STAGES = ["plan", "candidates", "rankAndHits", "unpruned"] as const;
export type Stage = (typeof STAGES)[number];

export interface Profile {
  /** EXPLAIN QUERY PLAN of the FTS5 candidate statement, one line per plan row. */
  plan: string[];
  /** Per-stage time (ms); a stage a query skips adds no sample. */
  stages: Record<Stage, Stats>;
  /** Rows FTS5 scores per query: the AND's matches, plus the OR's when it runs. */
  scored: Stats;
  /** Rows an unpruned OR of every unit scores. */
  scoredUnpruned: Stats;
  /** Queries with an FTS expression; of them, answered by the AND alone. */
  queries: number;
  andOnly: number;
  /** Pruned vs unpruned top 5: same first hit, and mean shared fraction of the unpruned top 5. */
  sameTop1: number;
  overlap5: number;
  /** Queries where the unpruned search has hits (the denominator of the two above). */
  compared: number;
}

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
}

/** Profiles `queries` against `db` with `filter`, `limit` hits each. */
export function profileQueries(
  db: Db,
  queries: BenchQuery[],
  filter: SearchFilter,
  nowMs: number,
  limit: number,
): Profile {
  const w = FIELD_WEIGHTS;
  const count = db.prepare("SELECT count(*) FROM fts WHERE fts MATCH ?").pluck();
  const samples = new Map<Stage, number[]>(STAGES.map((s) => [s, []]));
  const put = (s: Stage, ms: number) => samples.get(s)!.push(ms);
  const scored: number[] = [];
  const scoredUnpruned: number[] = [];
  let plan: string[] = [];
  let n = 0;
  let andOnly = 0;
  let sameTop1 = 0;
  let overlap = 0;
  let compared = 0;
  for (const bq of queries) {
    const [p, tP] = time(() => planQuery(db, bq.text));
    put("plan", tP);
    const all = toFtsMatch(p.q);
    if (!p.match && !p.matchAll) continue;
    n++;
    if (!plan.length) {
      const sql = `SELECT rowid AS id, bm25(fts, ${w.name}, ${w.description}, ${w.body}) AS s FROM fts WHERE fts MATCH ? ORDER BY s, rowid LIMIT 300`;
      plan = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(p.match ?? p.matchAll) as { detail: string }[]).map(
        (r) => r.detail,
      );
    }
    const [live, tC] = time(() => candidateRows(db, p, filter, limit));
    put("candidates", tC);
    let nScored = 0;
    let andFound = 0;
    if (p.matchAll) {
      nScored += count.get(p.matchAll) as number;
      andFound = ftsCandidates(db, p.matchAll, filter, candidatesFor(limit)).length;
      if (andFound >= limit) andOnly++;
    }
    if (p.match && andFound < limit) nScored += count.get(p.match) as number;
    scored.push(nScored);
    if (all) scoredUnpruned.push(count.get(all) as number);
    const [hits, tR] = time(() => rankRows(db, p, live, nowMs, limit));
    const keys = hits.map((h) => h.key);
    put("rankAndHits", tR);
    if (all) {
      const unpruned: QueryPlan = { ...p, match: all, matchAll: null };
      const [u, tU] = time(() => querySearchDb(db, unpruned, { nowMs, limit, filter }).map((h) => h.key));
      put("unpruned", tU);
      if (u.length) {
        compared++;
        if (keys[0] === u[0]) sameTop1++;
        overlap += keys.filter((k) => u.includes(k)).length / u.length;
      }
    }
  }
  return {
    plan,
    stages: Object.fromEntries([...samples].map(([k, v]) => [k, stats(v)])) as Record<Stage, Stats>,
    scored: stats(scored),
    scoredUnpruned: stats(scoredUnpruned),
    queries: n,
    andOnly,
    sameTop1,
    overlap5: compared ? overlap / compared : Number.NaN,
    compared,
  };
}
