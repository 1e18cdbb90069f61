/**
 * The relevance gate for automatic recall: an unrelated prompt injects nothing. BM25 ranks anything that
 * shares one word with the prompt; recall injects a memory only when it covers enough of the prompt's
 * specific terms, weighted by how rare each term is in the search database (a word no memory contains is a
 * topic the memories do not cover). Words that say what to do rather than what about ("use", "file", "fix",
 * "please") do not count.
 */

import { analyze } from "../analyze/index.js";
import type { QueryPlan } from "./plan.js";
import type { SearchHit } from "./types.js";

const GENERIC = new Set(
  analyze(
    "use using used file files code make add fix please can could want need like help write let get run " +
      "work try look check change update new one thing things way time also just now still see show tell know " +
      "think go do did done open read edit create delete remove start stop again more some any all",
  ),
);

/** Matched specific units a hit needs, for a prompt with `units` of them: 1 up to 2, then 2-3. */
export function requiredMatches(units: number): number {
  if (units <= 2) return Math.min(units, 1);
  return Math.min(3, Math.max(2, Math.ceil(units / 4)));
}

/**
 * The search database size the weights assume at least. A memory dir where every file mentions "redis" must
 * still count "redis" as a specific word of the prompt: against a small store, idf would call it
 * worthless; against this floor it stays close to a word no memory contains.
 */
export const BACKGROUND_DOCS = 1_000;

/** BM25's idf, always positive: ln(1 + (N − df + 0.5) / (df + 0.5)), N at least BACKGROUND_DOCS. */
function idf(df: number, docs: number): number {
  const n = Math.max(docs, df, BACKGROUND_DOCS);
  return Math.log(1 + (n - df + 0.5) / (df + 0.5));
}

/**
 * True when `hit` deserves to be injected unasked: it matches at least `requiredMatches` of the
 * prompt's specific units and they carry ≥ 20% of their idf mass, or it matches some and they
 * carry ≥ 50% of it.
 */
export function isRelevant(hit: Pick<SearchHit, "why">, plan: QueryPlan): boolean {
  const specific = plan.units.filter((u) => !GENERIC.has(u.text));
  if (!specific.length) return false;
  const matched = new Set(hit.why.terms);
  let total = 0;
  let got = 0;
  let n = 0;
  for (const u of specific) {
    const w = idf(u.df, plan.docs);
    total += w;
    if (matched.has(u.text)) {
      got += w;
      n++;
    }
  }
  const coverage = total > 0 ? got / total : 0;
  return (n >= requiredMatches(specific.length) && coverage >= 0.2) || (n >= 1 && coverage >= 0.5);
}
