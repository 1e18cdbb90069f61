/**
 * The relevance gate for automatic recall (issue 3 point 4: "an unrelated prompt injects
 * nothing"). BM25 ranks anything sharing one word with the prompt; recall injects a memory only
 * when it shares enough of the prompt's searchable terms.
 */

import { analyzeQuery } from "../analyze/index.js";
import type { SearchHit } from "./types.js";

/**
 * The number of distinct query terms (a CJK run counts as one) a hit must match to be recalled for
 * a prompt with `units` of them: all of them up to 2, then a quarter of them, at least 2 and at most 3.
 */
export function requiredMatches(units: number): number {
  if (units <= 2) return units;
  return Math.min(3, Math.max(2, Math.ceil(units / 4)));
}

/** True when `hit` matches enough of `text`'s terms to be worth injecting unasked. */
export function isRelevant(hit: Pick<SearchHit, "why">, text: string): boolean {
  const q = analyzeQuery(text);
  const units = q.terms.length + q.phrases.length;
  if (units === 0) return false;
  return hit.why.terms.length >= requiredMatches(units);
}
