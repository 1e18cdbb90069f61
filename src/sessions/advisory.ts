/**
 * The advisory throttle (`pre-tool-advisory-throttle-state.json`, DESIGN.md §3.2): advisory key ->
 * when it was last emitted, so an advisory (e.g. PreToolUse file recall) is not repeated inside its
 * cooldown. Transient: removed when a dead session is reclaimed.
 */

import { readOwned, withSessionLock, writeOwned } from "./state.js";

export const ADVISORY_STATE = "pre-tool-advisory-throttle";
/** At most this many advisory keys are remembered per session (the oldest fall off). */
export const MAX_ADVISORIES = 1_000;

interface AdvisoryState {
  session_id: string;
  /** key -> ms since epoch when last emitted. */
  emitted: Record<string, number>;
}

function read(stateRoot: string, sessionId: string): Record<string, number> {
  const v = readOwned<Partial<AdvisoryState>>(stateRoot, sessionId, ADVISORY_STATE);
  const out: Record<string, number> = {};
  if (v?.emitted && typeof v.emitted === "object") {
    for (const [k, t] of Object.entries(v.emitted)) if (typeof t === "number") out[k] = t;
  }
  return out;
}

/** True when `key` was emitted less than `cooldownMs` ago (Infinity = once per session). Lock-free read. */
export function advisoryThrottled(
  stateRoot: string,
  sessionId: string,
  key: string,
  nowMs: number,
  cooldownMs: number,
): boolean {
  const at = read(stateRoot, sessionId)[key];
  return at !== undefined && nowMs - at < cooldownMs;
}

/**
 * Records `key` as emitted at `nowMs` unless it is throttled; returns true when the caller may
 * emit it now. Under the session lock, so two hooks racing emit it once.
 */
export function claimAdvisory(
  stateRoot: string,
  sessionId: string,
  key: string,
  nowMs: number,
  cooldownMs: number,
): boolean {
  return withSessionLock(stateRoot, sessionId, () => {
    const emitted = read(stateRoot, sessionId);
    const at = emitted[key];
    if (at !== undefined && nowMs - at < cooldownMs) return false;
    emitted[key] = nowMs;
    const keys = Object.keys(emitted).sort((a, b) => (emitted[a] as number) - (emitted[b] as number));
    for (const k of keys.slice(0, Math.max(0, keys.length - MAX_ADVISORIES))) delete emitted[k];
    writeOwned(stateRoot, sessionId, ADVISORY_STATE, { session_id: sessionId, emitted });
    return true;
  });
}
