/**
 * What the FTS5 index and its queries must agree on.
 */
import type { AnalyzedQuery } from "./analyze.js";

/**
 * The FTS5 `tokenize=` option of every table fed by `analyze()`: the analyzer has already folded
 * case, diacritics and compatibility forms, so FTS5 only splits on the spaces between tokens.
 */
export const FTS_TOKENIZER = "unicode61 remove_diacritics 0";

function quote(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/**
 * A safe FTS5 MATCH expression: an OR (or, with `op` "AND", an AND) of double-quoted terms and
 * phrases (`"rate" OR "limiter" OR "用户 户身 身份"`), or null when nothing is searchable (empty,
 * stopwords only, punctuation only). User text never reaches the FTS5 query syntax unquoted, so
 * `AND`, `NEAR(`, `*`, `:` are plain words.
 */
export function toFtsMatch(q: AnalyzedQuery, op: "OR" | "AND" = "OR"): string | null {
  const parts: string[] = [];
  for (const t of q.terms) if (t.length > 0) parts.push(quote(t));
  for (const p of q.phrases) {
    const toks = p.filter((x) => x.length > 0);
    if (toks.length > 0) parts.push(quote(toks.join(" ")));
  }
  return parts.length > 0 ? parts.join(` ${op} `) : null;
}
