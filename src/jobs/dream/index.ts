/**
 * L4 jobs/dream: periodic memory consolidation: the consolidation lock
 * `memory/.consolidate-lock` (content = holder PID, mtime = lastConsolidatedAt) with rollback on failure,
 * kill and crash; the gates, cheapest first (master, time, sessions with a 10-minute scan throttle); the
 * plan (offline planner or the model's staged operations) and its hash-guarded apply; relative dates made
 * absolute.
 */

export * from "./apply/index.js";
export * from "./dates/index.js";
export * from "./gates.js";
export * from "./gates-state.js";
export {
  type AcquireOptions,
  type ConsolidationLockHandle,
  type ConsolidationLockResult,
  dreamInProgress,
  HOLD_MS,
  installRollbackOnSignals,
  LOCK_FILE,
  PRIOR_FILE,
  type RecoveryResult,
  readLastConsolidatedAt,
  recoverStaleConsolidationLock,
  type SignalOptions,
  signalExitCode,
  tryAcquireConsolidationLock,
} from "./lock.js";
export * from "./model/index.js";
export * from "./offline/index.js";
export * from "./plan/redact.js";
export * from "./plan/types.js";
