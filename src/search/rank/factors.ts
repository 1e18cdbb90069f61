/**
 * The ranking constants and the small multiplicative factors. The field weights
 * are given to FTS5 `bm25()` by the search database (`bm25(t, 4, 2, 1)` for columns name, description, body).
 */

/** FTS5 bm25() column weights, in column order name, description, body. */
export const FIELD_WEIGHTS = { name: 4, description: 2, body: 1 } as const;

/** Scope factor: the project's own memories above the person's cross-project ones. */
export const SCOPE_FACTORS: Readonly<Record<string, number>> = { project: 1.1, team: 1.05, user: 1.0 };

const DAY_MS = 86_400_000;

/**
 * Recency factor: 1 + 0.15 · 2^(−age/30 days). A memory updated now gets +15%, one a month old +7.5%,
 * one a year old +0.0004% (neutral). A timestamp in the future counts as now; a missing one (0 or
 * NaN) is neutral.
 */
export function recencyFactor(updatedMs: number, nowMs: number): number {
  if (!Number.isFinite(updatedMs) || updatedMs <= 0) return 1;
  const ageDays = Math.max(0, nowMs - updatedMs) / DAY_MS;
  return 1 + 0.15 * 2 ** (-ageDays / 30);
}

/** Scope factor of SCOPE_FACTORS; 1 for an unknown scope. */
export function scopeFactor(scope: string): number {
  return SCOPE_FACTORS[scope] ?? 1;
}
