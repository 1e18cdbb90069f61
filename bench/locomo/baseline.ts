/**
 * The plain BM25 baseline of ../shared/reference/peers-and-benchmarks.md §2.6, implemented exactly as
 * specified there: tokens = lowercase `[a-z0-9]+` minus a ~80-word stopword list, no stemming,
 * BM25 with k1 = 1.2, b = 0.75, idf = ln(1 + (N − n + 0.5)/(n + 0.5)), one index per conversation,
 * single-turn units, the raw question as the query. Ties: score desc, then chronological order.
 */

/** 80 common English function words (the "~80-word" list of §2.6). */
const BASELINE_STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could did do does for from had has have he her hers him his how i " +
    "if in into is it its me my no not of on or our she so than that the their them then there these they " +
    "this those to us was we were what when where which who whom why will with would you your yours"
  ).split(" "),
);

export function baselineTokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((t) => !BASELINE_STOPWORDS.has(t));
}

export interface BaselineIndex {
  docs: Array<Map<string, number>>;
  lengths: number[];
  avgdl: number;
  df: Map<string, number>;
}

export function buildBaseline(bodies: string[]): BaselineIndex {
  const docs = bodies.map((b) => {
    const tf = new Map<string, number>();
    for (const t of baselineTokens(b)) tf.set(t, (tf.get(t) ?? 0) + 1);
    return tf;
  });
  const lengths = bodies.map((b) => baselineTokens(b).length);
  const df = new Map<string, number>();
  for (const d of docs) for (const t of d.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  const avgdl = lengths.reduce((a, b) => a + b, 0) / Math.max(1, lengths.length);
  return { docs, lengths, avgdl, df };
}

/** Indices of the top-`k` documents for `query` (only documents with a positive score). */
export function queryBaseline(ix: BaselineIndex, query: string, k: number, k1 = 1.2, b = 0.75): number[] {
  const n = ix.docs.length;
  const terms = [...new Set(baselineTokens(query))];
  const scored: Array<[number, number]> = [];
  ix.docs.forEach((tf, i) => {
    let s = 0;
    for (const t of terms) {
      const f = tf.get(t);
      if (!f) continue;
      const df = ix.df.get(t) ?? 0;
      const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
      s += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * (ix.lengths[i] ?? 0)) / ix.avgdl));
    }
    if (s > 0) scored.push([i, s]);
  });
  scored.sort((x, y) => y[1] - x[1] || x[0] - y[0]);
  return scored.slice(0, k).map((x) => x[0]);
}
