/**
 * The query plan: the analysed query, each searchable unit's document frequency (from FTS5's own
 * vocabulary), and the MATCH expressions. FTS5 scores every row that matches (no top-k pruning), so
 * an OR of common words would score tens of thousands of rows at 100k documents. When the units'
 * document frequencies add up to more than POSTINGS_BUDGET, the plan searches first for documents
 * holding all of the (up to AND_UNITS) rarest units, and falls back to an OR of the rarest units
 * that fit the budget (always at least the rarest one); the most common units, whose BM25 weight is
 * the smallest anyway, are left out. Small indexes (every memory dir of a person) are searched with
 * a plain OR of every unit.
 */

import { type AnalyzedQuery, analyzeQuery, toFtsMatch } from "../analyze/index.js";
import { cachedStatement, type Db } from "../db/db.js";
import { phraseText } from "../rank/index.js";

/** At most about this many matching rows are scored per query (sum of the kept units' document frequencies). */
export const POSTINGS_BUDGET = 1_200;
/** How many of the rarest units the AND-first search requires. */
export const AND_UNITS = 4;

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
  /**
   * Set when the search database is large for this query: an AND of the rarest units, searched before `match`
   * (which is then only needed when the AND finds fewer hits than wanted).
   */
  matchAll: string | null;
  units: QueryUnit[];
  /** Documents in the search database (an upper bound: the largest row id). */
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
  const present = [...units]
    .filter((x) => x.df > 0)
    .sort((a, b) => a.df - b.df || (a.text < b.text ? -1 : 1));
  const total = present.reduce((n, u) => n + u.df, 0);
  let budget = POSTINGS_BUDGET;
  for (const [i, u] of present.entries()) {
    if (total > POSTINGS_BUDGET && i > 0 && u.df > budget) break;
    u.searched = true;
    budget -= u.df;
  }
  const pick = (list: typeof units): AnalyzedQuery => ({
    terms: list.filter((u) => u.term !== undefined).map((u) => u.term as string),
    phrases: list.filter((u) => u.phrase !== undefined).map((u) => u.phrase as string[]),
  });
  const kept = pick(units.filter((u) => u.searched));
  const rarest = present.slice(0, AND_UNITS);
  const matchAll = total > POSTINGS_BUDGET && rarest.length > 1 ? toFtsMatch(pick(rarest), "AND") : null;
  return {
    q,
    match: toFtsMatch(kept),
    matchAll,
    units: units.map(({ text, df, searched }) => ({ text, df, searched })),
    docs,
  };
}
