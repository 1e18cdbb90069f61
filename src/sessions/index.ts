/**
 * sessions/ (L2): session-scoped state (DESIGN.md §3.2): `session-started.json`, tool stats,
 * last tool error with retry count, subagent tracking, extraction cursor, surfaced set, the session
 * end record, and reclaiming sessions whose owner died. All sync (hooks call it on every tool call).
 */
export * from "./advisory.js";
export * from "./cursor.js";
export {
  endRecordPath,
  endsLatestStart,
  readEndRecord,
  type SessionEndInfo,
  writeEndRecord,
} from "./end-record.js";
export { PRUNE_INTERVAL_MS, pruneEndedSessionState, SESSION_STATE_MAX_AGE_MS } from "./prune.js";
export * from "./queue.js";
export * from "./reclaim.js";
export * from "./started.js";
export { assertSessionId, isValidSessionId } from "./state.js";
export * from "./subagents.js";
export * from "./tool-ledger.js";
export * from "./tool-recovery.js";
export * from "./tool-recovery-plan.js";
export * from "./tool-stats.js";
export * from "./tool-use.js";
export type * from "./types.js";
