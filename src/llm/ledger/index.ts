/** The token ledger (DESIGN.md §3.3), budgets and the circuit breaker around a provider. */
export {
  BREAKER_MESSAGE_CHARS,
  type BreakerState,
  backoffMs,
  breakerGate,
  closedBreaker,
  isForeignBreaker,
  PROBE_STALE_MS,
  tripBreaker,
} from "./breaker.js";
export {
  BILLED_FAILURE_KINDS,
  type DayFit,
  estimateRequestTokens,
  fitDailyBudget,
  MIN_OUTPUT_TOKENS,
} from "./budget.js";
export { type GuardOptions, guardProvider } from "./guard.js";
export {
  breakerStatus,
  type DayRecord,
  type DaySpend,
  emptyLedger,
  LEDGER_KEEP_DAYS,
  type Ledger,
  readLedger,
  resetBreaker,
  spentToday,
  updateLedger,
  utcDay,
} from "./ledger.js";
export { RESERVATION_STALE_MS, type Reservation, reservedTokens } from "./reserve.js";
