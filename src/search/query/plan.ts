/**
 * The query plan: the analysed query, each searchable unit's document frequency (from FTS5's own
 * vocabulary), and the MATCH expression. FTS5 scores every row that matches (no top-k pruning), so
 * a query made of common words would score tens of thousands of rows at 100k documents: the plan
 * keeps the rarest units up to POSTINGS_BUDGET matching rows (always at least the rarest one). The
 * dropped units are the most common ones, whose BM25 weight is the smallest anyway.
 */

import { type AnalyzedQuery, analyzeQuery, toFtsMatch } from "../analyze/index.js";
import { cachedStatement, type Db } from "../index/db.js";
import { phraseText } from "../rank/index.js";

/** At most about this many matching rows are scored per query (sum of the kept units' document frequencies). */
export const POSTINGS_BUDGET = 6_000;

/** One searchable unit of a query: a term, or a CJK phrase (its text as `why.terms` shows it). */
export interface QueryUnit {
  text: string;
  /** Documents containing it (a phrase: its rarest bigram, an upper bound). */
  df: number;
  /** Whether the MATCH expression includes it. */
  searched: boolean;
}

export interface QueryPlan {
  /** The whole analysed query (rank and explain see every unit). */
  q: AnalyzedQuery;
  /** The MATCH expression over the kept units, or null when nothing is searchable. */
  match: string | null;
  units: QueryUnit[];
  /** Documents in the index (an upper bound: the largest row id). */
  docs: number;
}

function docFreq(db: Db, token: string): number {
  const r = cachedStatement(db, "SELECT doc FROM fts_vocab WHERE term = ?").get(token) as
    | { doc: number }
    | undefined;
  return r?.doc ?? 0;
}

/** Analyses `text` and picks the units to search. Never throws on user text. */
export function planQuery(db: Db, text: string): QueryPlan {
  const q = analyzeQuery(text);
  const docs = (cachedStatement(db, "SELECT max(id) AS n FROM docs").get() as { n: number | null }).n ?? 0;
  const units: (QueryUnit & { term?: string; phrase?: string[] })[] = [
    ...q.terms.map((t) => ({ text: t, df: docFreq(db, t), searched: false, term: t })),
    ...q.phrases.map((p) => ({
      text: phraseText(p),
      df: Math.min(...p.map((g) => docFreq(db, g))),
      searched: false,
      phrase: p,
    })),
  ];
  let budget = POSTINGS_BUDGET;
  let first = true;
  for (const u of [...units]
    .filter((x) => x.df > 0)
    .sort((a, b) => a.df - b.df || (a.text < b.text ? -1 : 1))) {
    if (!first && u.df > budget) break;
    u.searched = true;
    budget -= u.df;
    first = false;
  }
  const kept: AnalyzedQuery = {
    terms: units.filter((u) => u.searched && u.term !== undefined).map((u) => u.term as string),
    phrases: units.filter((u) => u.searched && u.phrase !== undefined).map((u) => u.phrase as string[]),
  };
  return {
    q,
    match: toFtsMatch(kept),
    units: units.map(({ text, df, searched }) => ({ text, df, searched })),
    docs,
  };
}
