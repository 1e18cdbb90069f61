/**
 * Where a query's time goes (bench/search; off with --no-profile). Drives the building blocks of
 * `searchIndex` (src/search/query: plan.ts, candidates.ts) one stage at a time, in the order
 * query.ts runs them: the plan (analysis + one FTS5 vocabulary lookup per unit), the AND of the
 * rarest units, the OR of the units within the postings budget (only when the AND found fewer than
 * `limit`), the group positions, rank() with its lazy full rows, the returned hits. Also runs
 * the same query unpruned (a plan whose MATCH is the OR of every unit) through `searchIndex`, for
 * its latency and for how often pruning changes the top 5. query.ts's glue (lazy fields, hit
 * building) is mirrored here in a few lines: update them when it changes.
 */
import { toFtsMatch } from "../../src/search/analyze/index.js";
import type { Db } from "../../src/search/index/db.js";
import {
  type FullRow,
  ftsCandidates,
  fullRow,
  groupPositions,
  type LightRow,
  likeCandidates,
} from "../../src/search/query/candidates.js";
import { makeSnippet, searchIndex } from "../../src/search/query/index.js";
import { planQuery, type QueryPlan } from "../../src/search/query/plan.js";
import type { SearchFilter } from "../../src/search/query/types.js";
import { type Candidate, FIELD_WEIGHTS, rank } from "../../src/search/rank/index.js";
import type { BenchQuery } from "./queries.js";
import { type Stats, stats } from "./stats.js";

export const STAGES = ["plan", "ftsAnd", "ftsOr", "positions", "rankAndHits", "unpruned"] as const;
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
    const rows = new Map<number, LightRow>();
    let nScored = 0;
    if (p.matchAll) {
      const m = p.matchAll;
      const [r, t] = time(() => ftsCandidates(db, m, filter));
      put("ftsAnd", t);
      for (const x of r) rows.set(x.id, x);
      nScored += count.get(m) as number;
      if (rows.size >= limit) andOnly++;
    }
    if (p.match && rows.size < limit) {
      const m = p.match;
      const [r, t] = time(() => ftsCandidates(db, m, filter));
      put("ftsOr", t);
      for (const x of r) if (!rows.has(x.id)) rows.set(x.id, x);
      nScored += count.get(m) as number;
    }
    if (rows.size < limit)
      for (const x of likeCandidates(db, p.q, filter)) if (!rows.has(x.id)) rows.set(x.id, x);
    scored.push(nScored);
    if (all) scoredUnpruned.push(count.get(all) as number);
    const live = [...rows.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    const [seqs, tG] = time(() => groupPositions(db, live));
    put("positions", tG);
    const [keys, tR] = time(() => {
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
      const terms = new Set([...p.q.terms, ...p.q.phrases.flat()]);
      return rank(p.q, cands, { nowMs, limit }).map((h) => {
        const r = live[h.docId]!;
        const f = full.get(r.id) ?? fullRow(db, r.id);
        makeSnippet(f.body, terms, f.description);
        JSON.parse(f.meta);
        return r.key;
      });
    });
    put("rankAndHits", tR);
    if (all) {
      const unpruned: QueryPlan = { ...p, match: all, matchAll: null };
      const [u, tU] = time(() => searchIndex(db, unpruned, { nowMs, limit, filter }).map((h) => h.key));
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
