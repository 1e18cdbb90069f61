/**
 * Scoring of the LoCoMo retrieval protocol (peers-and-benchmarks.md §4.4): per question, then the
 * mean over the questions of a category (and over categories 1-4 and 1-5 pooled).
 */
export const KS = [5, 10, 25, 50] as const;

export interface QuestionScore {
  category: number;
  /** R@k: fraction of evidence ids in the top k (LoCoMo paper definition), k in KS. */
  recall: Record<number, number>;
  any10: number;
  all10: number;
  /** 1 / rank of the first evidence hit within the top 50; 0 when none. */
  rr: number;
  /** Tokens of the top-10 payload, estimated as characters / 4. */
  tokens10: number;
  ms: number;
}

/** Scores one ranked list of sources against the question's evidence ids. */
export function scoreQuestion(
  category: number,
  evidence: string[],
  ranked: string[],
  top10Chars: number,
  ms: number,
): QuestionScore {
  const pos = new Map<string, number>();
  ranked.forEach((s, i) => {
    if (!pos.has(s)) pos.set(s, i);
  });
  const ranks = evidence.map((e) => pos.get(e) ?? Number.POSITIVE_INFINITY);
  const within = (k: number) => ranks.filter((r) => r < k).length;
  const recall: Record<number, number> = {};
  for (const k of KS) recall[k] = within(k) / evidence.length;
  const first = Math.min(...ranks);
  return {
    category,
    recall,
    any10: within(10) > 0 ? 1 : 0,
    all10: within(10) === evidence.length ? 1 : 0,
    rr: first < 50 ? 1 / (first + 1) : 0,
    tokens10: top10Chars / 4,
    ms,
  };
}

export interface Row {
  label: string;
  n: number;
  recall: Record<number, number>;
  any10: number;
  all10: number;
  mrr: number;
  tokens10: number;
  p50: number;
  p95: number;
}

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Means (in percent, except tokens and ms) over `scores`. */
export function aggregate(label: string, scores: QuestionScore[]): Row {
  const n = scores.length;
  const mean = (f: (s: QuestionScore) => number) => (n ? scores.reduce((a, s) => a + f(s), 0) / n : 0);
  const recall: Record<number, number> = {};
  for (const k of KS) recall[k] = 100 * mean((s) => s.recall[k]!);
  const ms = scores.map((s) => s.ms).sort((a, b) => a - b);
  return {
    label,
    n,
    recall,
    any10: 100 * mean((s) => s.any10),
    all10: 100 * mean((s) => s.all10),
    mrr: 100 * mean((s) => s.rr),
    tokens10: mean((s) => s.tokens10),
    p50: quantile(ms, 0.5),
    p95: quantile(ms, 0.95),
  };
}

/** Rows in the report order: cats 4, 1, 2, 3, 5, overall 1-4, overall 1-5. */
export function table(scores: QuestionScore[], names: Record<number, string>): Row[] {
  const rows = [4, 1, 2, 3, 5].map((c) =>
    aggregate(
      `${names[c]} (cat ${c})`,
      scores.filter((s) => s.category === c),
    ),
  );
  rows.push(
    aggregate(
      "**overall cat 1-4**",
      scores.filter((s) => s.category >= 1 && s.category <= 4),
    ),
  );
  rows.push(aggregate("overall cat 1-5", scores));
  return rows;
}
