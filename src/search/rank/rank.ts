/**
 * Re-ranking of FTS5 candidates. Pure: no I/O, no clock (nowMs is a parameter).
 *
 * The recipe (measured on LoCoMo, bench/locomo; generic: it knows nothing of that data):
 * 1. base(d) = −bm25(d) × recencyFactor × scopeFactor, divided by the best base among the candidates.
 * 2. group(g) = sum of the GROUP_TOP best base scores of the candidates in group g, divided by the best
 *    group; a document in a group gets + GROUP_WEIGHT × group(g) (memories of a session that matches
 *    strongly as a whole rise together).
 * 3. neighbour: + NEIGHBOUR_WEIGHT × the larger base of the candidates right before and after it in
 *    its group (same group, seq ± 1): an answer turn rises with the question right before it.
 * 4. Order: score descending, then docId ascending. 5. Each returned hit says which query terms it
 *    matched and in which fields (explain()).
 */
import type { AnalyzedQuery } from "../analyze/index.js";
import { explain } from "./explain.js";
import { recencyFactor, scopeFactor } from "./factors.js";
import type { Candidate, RankedHit, RankOptions } from "./types.js";

/** Weight of the group score (step 2). */
export const GROUP_WEIGHT = 1;
/** How many of a group's best documents make its score (step 2). */
export const GROUP_TOP = 2;
/** Weight of the best neighbour's base score (step 3). */
export const NEIGHBOUR_WEIGHT = 0.3;

interface Scored {
  c: Candidate;
  base: number;
  score: number;
}

function groupScores(scored: Scored[]): Map<string, number> {
  const tops = new Map<string, number[]>();
  for (const s of scored) {
    if (s.c.group === null) continue;
    const l = tops.get(s.c.group);
    if (!l) {
      tops.set(s.c.group, [s.base]);
      continue;
    }
    l.push(s.base);
    l.sort((a, b) => b - a);
    if (l.length > GROUP_TOP) l.length = GROUP_TOP;
  }
  const out = new Map<string, number>();
  let max = 0;
  for (const [g, l] of tops) {
    const v = l.reduce((a, b) => a + b, 0);
    out.set(g, v);
    if (v > max) max = v;
  }
  if (max > 0) for (const [g, v] of out) out.set(g, v / max);
  return out;
}

/**
 * Ranks FTS5 candidates for query `q` (see the module comment for the recipe) and returns at most
 * `opts.limit` hits, best first, each with `why` (matched terms and fields). Candidates with a bm25
 * of 0 or more (no match) still rank, on group and neighbour support only. Never throws; an empty
 * list or a limit of 0 gives [].
 */
export function rank(q: AnalyzedQuery, candidates: Candidate[], opts: RankOptions): RankedHit[] {
  const limit = Math.max(0, Math.floor(opts.limit));
  if (limit === 0 || candidates.length === 0) return [];
  const wGroup = opts.groupWeight ?? GROUP_WEIGHT;
  const wNeighbour = opts.neighbourWeight ?? NEIGHBOUR_WEIGHT;
  const scored: Scored[] = candidates.map((c) => ({
    c,
    base: Math.max(0, -c.bm25) * recencyFactor(c.updatedMs, opts.nowMs) * scopeFactor(c.scope),
    score: 0,
  }));
  const maxBase = Math.max(...scored.map((s) => s.base));
  if (maxBase > 0) for (const s of scored) s.base /= maxBase;
  const groups = wGroup > 0 ? groupScores(scored) : new Map<string, number>();
  const bySeq = new Map<string, number>();
  for (const s of scored) {
    if (s.c.group !== null && s.c.seq !== undefined) bySeq.set(`${s.c.group}\u0000${s.c.seq}`, s.base);
  }
  for (const s of scored) {
    s.score = s.base;
    const g = s.c.group;
    if (g === null) continue;
    s.score += wGroup * (groups.get(g) ?? 0);
    if (s.c.seq !== undefined && wNeighbour > 0) {
      const prev = bySeq.get(`${g}\u0000${s.c.seq - 1}`) ?? 0;
      const next = bySeq.get(`${g}\u0000${s.c.seq + 1}`) ?? 0;
      s.score += wNeighbour * Math.max(prev, next);
    }
  }
  scored.sort((a, b) => b.score - a.score || a.c.docId - b.c.docId);
  return scored.slice(0, limit).map(({ c, score }) => ({ docId: c.docId, score, why: explain(q, c.fields) }));
}
