/** The token ledger (DESIGN.md §3.3), budgets and the circuit breaker around a provider. */
export {
  BREAKER_MESSAGE_CHARS,
  type BreakerState,
  backoffMs,
  breakerGate,
  closedBreaker,
  PROBE_STALE_MS,
  tripBreaker,
} from "./breaker.js";
export { estimateRequestTokens, type GuardOptions, guardProvider } from "./guard.js";
export {
  breakerStatus,
  type DaySpend,
  emptyLedger,
  LEDGER_KEEP_DAYS,
  type Ledger,
  readLedger,
  spentToday,
  updateLedger,
  utcDay,
} from "./ledger.js";
