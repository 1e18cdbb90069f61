/**
 * The token ledger `~/.memdir/ledger.json` (DESIGN.md §3.3: LLM token spend per day):
 * `{ version: 1, days: { "YYYY-MM-DD" (UTC): { inputTokens, outputTokens, calls, refused,
 * reserved?: [{ id, tokens, atMs }] } }, breaker: BreakerState }` (`reserved`: calls in flight,
 * reserve.ts; a missing field = none, so older files read unchanged). Reads are lenient and
 * lock-free (the file is only ever replaced atomically); every update takes `<file>.lock`,
 * re-reads, and writes atomically, so concurrent jobs in several processes never lose a count.
 */
import { renameSync } from "node:fs";
import { readTextIfExists, writeFileAtomic } from "../../core/fs.js";
import { withLockSync } from "../../core/lock.js";
import type { LlmErrorKind } from "../types.js";
import {
  type BreakerState,
  breakerGate,
  closedBreaker,
  isForeignBreaker,
  normalizeBreaker,
} from "./breaker.js";
import { parseReservations, pruneReservations, type Reservation } from "./reserve.js";

/** One UTC day of spend. Tokens as the providers reported them; `refused` = calls the guard blocked. */
export interface DaySpend {
  inputTokens: number;
  outputTokens: number;
  calls: number;
  refused: number;
}

/** A day as stored: its spend plus the reservations of calls in flight (absent = none; reserve.ts). */
export interface DayRecord extends DaySpend {
  reserved?: Reservation[];
}

export interface Ledger {
  version: 1;
  days: Record<string, DayRecord>;
  breaker: BreakerState;
}

/** Days older than this many days before today (UTC) are dropped on every update. */
export const LEDGER_KEEP_DAYS = 31;
const DAY_MS = 86_400_000;
const DAY_KEY = /^\d{4}-\d{2}-\d{2}$/;

/** The UTC day key "YYYY-MM-DD" of a millisecond timestamp. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

export const emptyLedger = (): Ledger => ({ version: 1, days: {}, breaker: closedBreaker() });
const emptyDay = (): DaySpend => ({ inputTokens: 0, outputTokens: 0, calls: 0, refused: 0 });

/** Parses ledger text leniently (bad fields become zero / closed); `undefined` when it is corrupt. */
export function parseLedger(text: string): Ledger | undefined {
  let v: unknown;
  try {
    v = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    return undefined;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  const ledger: Ledger = { version: 1, days: {}, breaker: normalizeBreaker(o.breaker) };
  if (typeof o.days === "object" && o.days !== null) {
    for (const [key, day] of Object.entries(o.days as Record<string, unknown>)) {
      if (!DAY_KEY.test(key) || typeof day !== "object" || day === null) continue;
      const d = day as Record<string, unknown>;
      const n = (x: unknown): number => (typeof x === "number" && Number.isFinite(x) && x > 0 ? x : 0);
      const rec: DayRecord = {
        inputTokens: n(d.inputTokens),
        outputTokens: n(d.outputTokens),
        calls: n(d.calls),
        refused: n(d.refused),
      };
      const reserved = parseReservations(d.reserved);
      if (reserved) rec.reserved = reserved;
      ledger.days[key] = rec;
    }
  }
  return ledger;
}

/**
 * Reads the ledger without a lock. Never throws: a missing, unreadable or corrupt file gives an empty
 * ledger (the next `updateLedger` moves a corrupt file aside).
 */
export function readLedger(file: string): Ledger {
  try {
    const text = readTextIfExists(file);
    return (text === undefined ? undefined : parseLedger(text)) ?? emptyLedger();
  } catch {
    return emptyLedger();
  }
}

/**
 * Updates the ledger: takes `<file>.lock`, re-reads (a corrupt file is renamed to `<file>.corrupt`
 * and a fresh ledger starts), lets `fn` mutate it, drops days older than LEDGER_KEEP_DAYS before
 * `nowMs`'s day and reservations stale at `nowMs` (RESERVATION_STALE_MS), and writes atomically
 * when anything changed. Returns `fn`'s result.
 * @throws MemdirError LOCK_TIMEOUT when the lock stays taken (10 s); fs errors on write.
 */
export function updateLedger<T>(file: string, nowMs: number, fn: (ledger: Ledger) => T): T {
  return withLockSync(`${file}.lock`, () => {
    const text = readTextIfExists(file);
    let ledger = text === undefined ? undefined : parseLedger(text);
    if (ledger === undefined) {
      if (text !== undefined && text.trim() !== "") renameSync(file, `${file}.corrupt`);
      ledger = emptyLedger();
    }
    const out = fn(ledger);
    const oldest = utcDay(nowMs - LEDGER_KEEP_DAYS * DAY_MS);
    for (const [key, day] of Object.entries(ledger.days)) {
      if (key < oldest) delete ledger.days[key];
      else pruneReservations(day, nowMs);
    }
    const after = JSON.stringify(ledger, null, 2);
    if (text === undefined || after !== text.trimEnd()) writeFileAtomic(file, `${after}\n`);
    return out;
  });
}

/** The day record of `nowMs`'s UTC day, created on first use (for `updateLedger` callbacks). */
export function dayOf(ledger: Ledger, nowMs: number): DayRecord {
  const key = utcDay(nowMs);
  let day = ledger.days[key];
  if (!day) {
    day = emptyDay();
    ledger.days[key] = day;
  }
  return day;
}

/**
 * Today's (UTC, from `nowMs`) settled spend; zeros when nothing was recorded. Reservations of calls
 * in flight are not included. Cheap sync read, never throws.
 */
export function spentToday(file: string, nowMs: number): DaySpend {
  const { inputTokens, outputTokens, calls, refused } = readLedger(file).days[utcDay(nowMs)] ?? emptyDay();
  return { inputTokens, outputTokens, calls, refused };
}

/**
 * The breaker as status displays show it (SessionStart hook, `memdir status`). `open` = calls are
 * refused right now (back-off running, or a half-open probe in flight); reason, untilMs and message
 * are given while the stored state is open. When `fingerprint` is given (GuardOptions.fingerprint of
 * the current configuration) a breaker tripped under another one shows as closed with 0 trips, as
 * the guard treats it. Cheap sync read, never throws.
 */
export function breakerStatus(
  file: string,
  nowMs: number,
  fingerprint?: string,
): { open: boolean; reason?: LlmErrorKind; untilMs?: number; message?: string; trips: number } {
  const b = readLedger(file).breaker;
  if (fingerprint !== undefined && isForeignBreaker(b, fingerprint)) return { open: false, trips: 0 };
  const status: ReturnType<typeof breakerStatus> = { open: breakerGate(b, nowMs) === "open", trips: b.trips };
  if (b.state === "open") {
    if (b.reason !== undefined) status.reason = b.reason;
    if (b.untilMs !== undefined) status.untilMs = b.untilMs;
    if (b.message !== undefined) status.message = b.message;
  }
  return status;
}

/**
 * Closes the breaker (trips → 0) under the ledger lock, e.g. for a CLI command after the user fixed
 * the cause. Returns whether the stored breaker was open (whatever its back-off or fingerprint). A
 * ledger without an open breaker (or no ledger at all) is left untouched and not created.
 * @throws MemdirError LOCK_TIMEOUT when the lock stays taken (10 s); fs errors on write.
 */
export function resetBreaker(ledgerFile: string, nowMs: number): boolean {
  if (readLedger(ledgerFile).breaker.state !== "open") return false; // atomic replaces: a safe read
  return updateLedger(ledgerFile, nowMs, (l) => {
    const wasOpen = l.breaker.state === "open";
    l.breaker = closedBreaker();
    return wasOpen;
  });
}
