/** Order statistics of latency samples (ms). */

export interface Stats {
  n: number;
  p50: number;
  p95: number;
  mean: number;
  max: number;
}

/** The `q` quantile (0..1) of `sorted` by linear interpolation between closest ranks. */
export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

export function median(xs: number[]): number {
  return quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
}

export function stats(xs: number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return {
    n: s.length,
    p50: quantile(s, 0.5),
    p95: quantile(s, 0.95),
    mean,
    max: s[s.length - 1] ?? Number.NaN,
  };
}
