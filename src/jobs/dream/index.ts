/**
 * L4 jobs/dream: periodic memory consolidation (seed 000 §24.6; DESIGN.md §2 layer 6, §4 "Dream job").
 * So far (issue 5, not wired into the app yet): the consolidation lock `memory/.consolidate-lock`
 * (content = holder PID, mtime = lastConsolidatedAt), its rollback on failure, kill and crash; the
 * gates, cheapest first (master, time, sessions with a 10-minute scan throttle).
 */

export * from "./gates.js";
export * from "./gates-state.js";
export {
  type AcquireOptions,
  type ConsolidationLockHandle,
  type ConsolidationLockResult,
  HOLD_MS,
  installRollbackOnSignals,
  LOCK_FILE,
  PRIOR_FILE,
  type RecoveryResult,
  readLastConsolidatedAt,
  recoverStaleConsolidationLock,
  tryAcquireConsolidationLock,
} from "./lock.js";
