/**
 * The auto-dream gates, cheapest first (Claude Code 2.1.88 `autoDream.ts:95-191`): master → time →
 * sessions; the fourth gate, the consolidation lock, is the caller's (`lock.ts`). Pure: the clock, the
 * config switches and the session count come in as parameters, and the session count is a thunk that runs
 * only when the time gate is open.
 */
import { MemdirError } from "../../core/errors.js";

/** Default `minHours`: at least 24 hours since the last consolidation. */
export const DEFAULT_DREAM_MIN_HOURS = 24;
/** Default `minSessions`: at least 5 sessions touched since then, the current one excluded. */
export const DEFAULT_DREAM_MIN_SESSIONS = 5;
/** The `events.jsonl` kind of a skip (payload: `DreamSkipEvent`). */
export const DREAM_SKIP_EVENT = "dream_skipped";

const HOUR_MS = 3_600_000;

/** Which master switch closed the gate: config `autoDream: false`, KAIROS mode, or a memdir job (`MEMDIR_JOB=1`). */
export type DreamDisabledSwitch = "autoDream" | "kairos" | "job";

export interface DreamGateInput {
  /** Now, ms since the epoch. */
  nowMs: number;
  /** Config `autoDream` (default true). */
  autoDream?: boolean;
  /** Config `kairos` (default false): KAIROS mode consolidates on its schedule, not from the gate. */
  kairos?: boolean;
  /** Hours since the last consolidation for the time gate to open (default 24; finite, ≥ 0). */
  minHours?: number;
  /** Sessions needed for the session gate to open (default 5; integer ≥ 0). */
  minSessions?: number;
  /** ms since the epoch of the last consolidation (the lock file's mtime); undefined = never = open. */
  lastConsolidatedAtMs: number | undefined;
  /** Skip the time and session gates (`memdir dream --force`); the master gate still applies. */
  force?: boolean;
  /**
   * Number of sessions touched since `lastConsolidatedAtMs`, the current one excluded (see
   * `scanSessionsThrottled`). Called at most once, and only when the master and time gates are open
   * and `force` is off.
   */
  countSessions: () => number;
}

/** The skip details, one shape per reason (these are the event payloads). */
export type DreamSkip =
  | { reason: "disabled"; detail: { switch: DreamDisabledSwitch } }
  | {
      reason: "time";
      detail: { hoursSince: number; minHours: number; lastConsolidatedAt: string };
    }
  | { reason: "sessions"; detail: { count: number; minSessions: number } };

/** What the caller records in `events.jsonl`: `ctx.event(event.kind, event.data)`. */
export interface DreamSkipEvent {
  kind: typeof DREAM_SKIP_EVENT;
  data: { reason: DreamSkip["reason"] } & Record<string, unknown>;
}

export type GateResult =
  | {
      open: true;
      /** `force` skipped the time and session gates. */
      forced: boolean;
      /** Hours since the last consolidation (null: never consolidated). */
      hoursSince: number | null;
      /** The session count the gate saw (undefined when `force` skipped it). */
      sessions?: number;
    }
  | (DreamSkip & { open: false; event: DreamSkipEvent });

function skip(s: DreamSkip): GateResult {
  return { open: false, ...s, event: { kind: DREAM_SKIP_EVENT, data: { reason: s.reason, ...s.detail } } };
}

function checkNumber(name: string, v: number, integer: boolean): number {
  if (Number.isFinite(v) && v >= 0 && (!integer || Number.isInteger(v))) return v;
  throw new MemdirError("BAD_INPUT", `dream ${name} is not usable`, {
    expected: integer ? "an integer ≥ 0" : "a finite number of hours ≥ 0",
    received: String(v),
    hint: `fix ${name} in the dream config or leave it out for the default`,
  });
}

/**
 * Evaluates the gates in order, cheapest first:
 * 1. master: `autoDream === false` → `disabled/autoDream`; `kairos` → `disabled/kairos`; inside a
 *    memdir job → `disabled/job` (checked in that order);
 * 2. time (skipped by `force`): open when `nowMs − lastConsolidatedAtMs ≥ minHours × 3,600,000`
 *    ms, or when never consolidated; else `time` with the hours (a future mtime gives negative hours,
 *    closed, as in Claude Code);
 * 3. sessions (skipped by `force`): open when `countSessions() ≥ minSessions`; else `sessions`
 *    with the count and the minimum.
 * A closed gate returns its reason, its detail and the event payload to record.
 * @throws MemdirError BAD_INPUT when `minHours` / `minSessions` is negative, NaN or (sessions) fractional.
 */
export function evaluateDreamGates(input: DreamGateInput): GateResult {
  if (input.autoDream === false) return skip({ reason: "disabled", detail: { switch: "autoDream" } });
  if (input.kairos === true) return skip({ reason: "disabled", detail: { switch: "kairos" } });
  const minHours = checkNumber("minHours", input.minHours ?? DEFAULT_DREAM_MIN_HOURS, false);
  const minSessions = checkNumber("minSessions", input.minSessions ?? DEFAULT_DREAM_MIN_SESSIONS, true);
  const last = input.lastConsolidatedAtMs;
  const sinceMs = last === undefined ? undefined : input.nowMs - last;
  const hoursSince = sinceMs === undefined ? null : sinceMs / HOUR_MS;
  if (input.force === true) return { open: true, forced: true, hoursSince };
  if (sinceMs !== undefined && last !== undefined && sinceMs < minHours * HOUR_MS) {
    return skip({
      reason: "time",
      detail: { hoursSince: hoursSince!, minHours, lastConsolidatedAt: new Date(last).toISOString() },
    });
  }
  const count = input.countSessions();
  if (count < minSessions) return skip({ reason: "sessions", detail: { count, minSessions } });
  return { open: true, forced: false, hoursSince, sessions: count };
}
