/** The snippet of a hit: the body line that matches the most query terms, cut to ~200 characters. */

import { truncateCodePoints } from "../../core/text.js";
import { analyze } from "../analyze/index.js";

/** Maximum snippet length in code points. */
export const SNIPPET_MAX = 200;
/** Only this many body lines are considered (long transcript turns stay cheap). */
export const SNIPPET_MAX_LINES = 40;

/** Picks the line of `body` (or `fallback` when the body is empty) sharing the most tokens with `terms`. */
export function makeSnippet(body: string, terms: Set<string>, fallback = ""): string {
  const lines = body.split("\n").filter((l) => l.trim());
  if (lines.length <= 1)
    return truncateCodePoints((lines[0] ?? fallback).trim().replace(/\s+/g, " "), SNIPPET_MAX);
  let best = "";
  let bestScore = -1;
  for (const raw of lines.slice(0, SNIPPET_MAX_LINES)) {
    const line = raw.trim();
    if (!line) continue;
    const toks = new Set(analyze(line));
    let n = 0;
    for (const t of terms) if (toks.has(t)) n++;
    if (n > bestScore) {
      best = line;
      bestScore = n;
    }
    if (bestScore >= terms.size && terms.size > 0) break;
  }
  return truncateCodePoints((best || fallback).replace(/\s+/g, " "), SNIPPET_MAX);
}
