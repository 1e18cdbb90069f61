/**
 * The circuit breaker on limit errors (never keep calling into a rate limit,
 * quota or auth failure). Pure state transitions; `guard.ts` persists them in the ledger.
 *
 * closed → (breaker error) → open until `untilMs` → (now ≥ untilMs) one probe call is let through
 * (half-open) → success closes (trips → 0), another breaker error re-opens with the next back-off.
 * An open breaker belongs to the configuration that tripped it (`fingerprint`): a caller with another
 * fingerprint (the user switched provider, model, endpoint or key) treats it as closed.
 */
import { truncateCodePoints } from "../../core/text.js";
import type { LlmErrorKind } from "../types.js";

export interface BreakerState {
  state: "closed" | "open";
  reason?: LlmErrorKind;
  /** The provider's error text, scrubbed of keys by the caller, ≤ 200 code points. */
  message?: string;
  openedAtMs?: number;
  untilMs?: number;
  /** Consecutive trips without a success in between (drives the exponential back-off). */
  trips: number;
  /** When the half-open probe was let through (open state only); claims expire after PROBE_STALE_MS. */
  probeAtMs?: number;
  /** The caller's opaque configuration fingerprint when it tripped (GuardOptions.fingerprint). */
  fingerprint?: string;
}

/** A probe claim older than this (ms) is taken to have died with its process: another probe may go. */
export const PROBE_STALE_MS = 10 * 60_000;
/** Stored breaker messages are cut to this many code points. */
export const BREAKER_MESSAGE_CHARS = 200;

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Back-off base and cap per kind, ms. */
const BACKOFF: Partial<Record<LlmErrorKind, { base: number; cap: number }>> = {
  rate_limit: { base: MIN, cap: HOUR },
  overloaded: { base: MIN, cap: HOUR },
  quota: { base: HOUR, cap: 24 * HOUR },
  auth: { base: 6 * HOUR, cap: 24 * HOUR },
};

export const closedBreaker = (): BreakerState => ({ state: "closed", trips: 0 });

/**
 * Back-off in ms for the `trips`-th consecutive trip (trips ≥ 1):
 * min(cap, max(retryAfterMs, base × 2^(trips−1))). rate_limit/overloaded: base 60 s, cap 1 h;
 * quota: base 1 h, cap 24 h; auth: base 6 h, cap 24 h; any other kind is treated like rate_limit.
 */
export function backoffMs(kind: LlmErrorKind, trips: number, retryAfterMs?: number): number {
  const { base, cap } = BACKOFF[kind] ?? { base: MIN, cap: HOUR };
  const exp = base * 2 ** Math.min(40, Math.max(0, Math.floor(trips) - 1));
  const wanted = Math.max(exp, retryAfterMs !== undefined && retryAfterMs > 0 ? retryAfterMs : 0);
  return Math.min(cap, wanted);
}

/**
 * The state after a breaker error at `nowMs`: open, trips + 1, until now + back-off, remembering
 * `fingerprint` (omitted when undefined).
 */
export function tripBreaker(
  prev: BreakerState,
  err: { kind: LlmErrorKind; message: string; retryAfterMs?: number },
  nowMs: number,
  fingerprint?: string,
): BreakerState {
  const trips = prev.trips + 1;
  const s: BreakerState = {
    state: "open",
    reason: err.kind,
    message: truncateCodePoints(err.message, BREAKER_MESSAGE_CHARS),
    openedAtMs: nowMs,
    untilMs: nowMs + backoffMs(err.kind, trips, err.retryAfterMs),
    trips,
  };
  if (fingerprint !== undefined) s.fingerprint = fingerprint;
  return s;
}

/**
 * True when `s` is open but was tripped under another configuration than `fingerprint` (compared
 * exactly; a breaker stored without one differs from any given fingerprint and vice versa): such a
 * breaker is treated as closed by that caller (fixing the cause, e.g. a new key or model, changes the
 * fingerprint, so the breaker no longer blocks).
 */
export const isForeignBreaker = (s: BreakerState, fingerprint: string | undefined): boolean =>
  s.state === "open" && s.fingerprint !== fingerprint;

/**
 * What the breaker allows at `nowMs`: "closed" (call freely), "probe" (open, back-off over and no
 * live probe: this call is the probe), "open" (refuse).
 */
export function breakerGate(s: BreakerState, nowMs: number): "closed" | "probe" | "open" {
  if (s.state !== "open") return "closed";
  if (nowMs < (s.untilMs ?? 0)) return "open";
  if (s.probeAtMs !== undefined && Math.abs(nowMs - s.probeAtMs) < PROBE_STALE_MS) return "open";
  return "probe";
}

/** Reads a BreakerState leniently from parsed JSON; anything malformed gives a closed breaker. */
export function normalizeBreaker(v: unknown): BreakerState {
  if (typeof v !== "object" || v === null) return closedBreaker();
  const o = v as Record<string, unknown>;
  const num = (x: unknown): number | undefined =>
    typeof x === "number" && Number.isFinite(x) ? x : undefined;
  const trips = Math.max(0, Math.floor(num(o.trips) ?? 0));
  if (o.state !== "open") return { state: "closed", trips };
  const s: BreakerState = { state: "open", trips: Math.max(1, trips), untilMs: num(o.untilMs) ?? 0 };
  if (typeof o.reason === "string") s.reason = o.reason as LlmErrorKind;
  if (typeof o.message === "string") s.message = truncateCodePoints(o.message, BREAKER_MESSAGE_CHARS);
  const opened = num(o.openedAtMs);
  if (opened !== undefined) s.openedAtMs = opened;
  const probe = num(o.probeAtMs);
  if (probe !== undefined) s.probeAtMs = probe;
  if (typeof o.fingerprint === "string") s.fingerprint = o.fingerprint;
  return s;
}
