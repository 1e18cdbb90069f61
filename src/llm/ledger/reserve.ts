/**
 * Reservations: the daily budget held by calls in flight (without them, with 4000 tokens a day, 4
 * jobs admitted at once each passed admission against the spend already settled and the day ended at
 * 14000/4000). Admission adds `estimate + maxOutputTokens` (after clamping) to the day's `reserved`
 * list under the ledger lock and counts it as spent; settlement removes it and adds the real (or
 * charged) usage. A reservation whose process died is ignored after RESERVATION_STALE_MS and dropped
 * on the next update. Pure; `ledger.ts` parses and prunes, `guard.ts` reserves and releases.
 */

/** One call in flight: `tokens` = its estimated input + its output cap, reserved at `atMs`. */
export interface Reservation {
  id: string;
  tokens: number;
  atMs: number;
}

/**
 * A reservation older than this (ms) is taken to have died with its process: it no longer counts and
 * is dropped. 15 minutes, the longest a call is expected to run (the call timeout cap).
 */
export const RESERVATION_STALE_MS = 15 * 60_000;

/** Whether `r` still holds budget at `nowMs` (less than RESERVATION_STALE_MS away, either side). */
export const isLiveReservation = (r: Reservation, nowMs: number): boolean =>
  Math.abs(nowMs - r.atMs) < RESERVATION_STALE_MS;

/** Tokens held by the live reservations of a day record (0 when it has none). */
export function reservedTokens(day: { reserved?: Reservation[] } | undefined, nowMs: number): number {
  let n = 0;
  for (const r of day?.reserved ?? []) if (isLiveReservation(r, nowMs)) n += r.tokens;
  return n;
}

/** Reads a `reserved` field leniently: malformed entries are dropped; `undefined` when none remain. */
export function parseReservations(v: unknown): Reservation[] | undefined {
  if (!Array.isArray(v)) return undefined;
  const out: Reservation[] = [];
  for (const x of v) {
    if (typeof x !== "object" || x === null) continue;
    const o = x as Record<string, unknown>;
    const { id, tokens, atMs } = o;
    if (typeof id !== "string" || typeof tokens !== "number" || typeof atMs !== "number") continue;
    if (!Number.isFinite(tokens) || tokens <= 0 || !Number.isFinite(atMs)) continue;
    out.push({ id, tokens, atMs });
  }
  return out.length > 0 ? out : undefined;
}

/**
 * Drops the stale reservations of a day record, and its `reserved` field when empty (so a ledger
 * without calls in flight is written exactly as before reservations existed).
 */
export function pruneReservations(day: { reserved?: Reservation[] }, nowMs: number): void {
  const live = day.reserved?.filter((r) => isLiveReservation(r, nowMs));
  if (live && live.length > 0) day.reserved = live;
  else delete day.reserved;
}

/** Removes the reservation `id` from a day record (absent or already pruned: nothing to do). */
export function releaseReservation(day: { reserved?: Reservation[] } | undefined, id: string): void {
  if (!day?.reserved) return;
  day.reserved = day.reserved.filter((r) => r.id !== id);
  if (day.reserved.length === 0) delete day.reserved;
}
