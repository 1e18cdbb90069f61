/**
 * Token-sequence diff for the offline dream: the longest common subsequence of two sentences' tokens
 * (by key) and the runs of tokens between the matches ("hunks"). Contradictions need exactly one
 * substituted run; merge blockers look for substitutions in otherwise equal sentences.
 */
import type { Token } from "./tokens.js";

/** One run of unmatched tokens: `a` side, `b` side (either may be empty). */
export interface Hunk {
  a: Token[];
  b: Token[];
}

/** Longest-common-subsequence diff of two token sequences: the matched count and the hunks. */
export function diff(a: Token[], b: Token[]): { matched: number; hunks: Hunk[] } {
  const n = a.length;
  const m = b.length;
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i]![j] = a[i]!.key === b[j]!.key ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
    }
  }
  const hunks: Hunk[] = [];
  let cur: Hunk | undefined;
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i]!.key === b[j]!.key) {
      cur = undefined;
      i++;
      j++;
      continue;
    }
    if (!cur) {
      cur = { a: [], b: [] };
      hunks.push(cur);
    }
    if (j >= m || (i < n && dp[i + 1]![j]! >= dp[i]![j + 1]!)) cur.a.push(a[i++]!);
    else cur.b.push(b[j++]!);
  }
  return { matched: dp[0]![0]!, hunks };
}
