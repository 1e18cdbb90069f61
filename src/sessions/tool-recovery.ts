/**
 * The apply step of tool-call recovery: under the session lock, plan against the ledger as it is now
 * (tool-recovery-plan.ts), add the planned calls to the tool stats, note them in the recovery state
 * with the cursor, let the caller record the rest of what the hook would have (project learning) while
 * the lock is held, and bring the session's end record up to date. A hook recording the same call
 * later finds its id there and records nothing (tool-ledger.ts `claimHookCall`).
 */
import { isoUtc } from "../core/clock.js";
import { refreshEndRecordToolStatsLocked } from "./end-record.js";
import { withSessionLock } from "./state.js";
import { readToolLedger, readToolRecoveryState, writeToolRecoveryState } from "./tool-ledger.js";
import { planToolRecovery, type RecoverableCall, type ToolRecoveryPlan } from "./tool-recovery-plan.js";
import { addToolStatsLocked } from "./tool-use.js";

export interface ApplyToolRecoveryOptions {
  /** Time of the write, ms since the epoch. */
  nowMs: number;
  /**
   * Last activity the recovered calls stand for (ms; the transcript's last write): the stats'
   * `last_updated`, so a later reclaim does not date the session's end at the recovery. Default nowMs.
   */
  activityMs?: number;
  /** How far the transcript was looked at: every call before `offset` had its result (or never will). */
  cursor?: { transcriptPath: string; offset: number };
  /** Runs under the session lock with the calls just recorded (e.g. the project learning appends). */
  whileLocked?: (recorded: readonly RecoverableCall[]) => void;
}

export interface ToolRecoveryResult extends ToolRecoveryPlan {
  /** false: the session has no recovery state (its hooks kept no ledger), nothing was done. */
  enabled: boolean;
  /** The end record's toolStats were brought up to date. */
  endRecordUpdated: boolean;
}

/**
 * Records the calls of `calls` that no record holds yet (see planToolRecovery), as the after-call hook
 * would have: the counter of each call's kind, the lines a successful edit changed; then `whileLocked`.
 * A failed call is counted but leaves no last-tool-error state (that state is for retry hints in a live
 * session). Idempotent: a second run over the same calls records nothing.
 * @throws MemdirError BAD_INPUT (session id), LOCK_TIMEOUT
 */
export function applyToolRecovery(
  stateRoot: string,
  sessionId: string,
  calls: readonly RecoverableCall[],
  opts: ApplyToolRecoveryOptions,
): ToolRecoveryResult {
  return withSessionLock(stateRoot, sessionId, () => {
    const state = readToolRecoveryState(stateRoot, sessionId);
    if (!state) return { enabled: false, record: [], matched: [], endRecordUpdated: false };
    const plan = planToolRecovery(calls, readToolLedger(stateRoot, sessionId, state));
    if (plan.record.length > 0) {
      const counted = plan.record.map((c) => ({
        kind: c.kind,
        success: c.result?.isError === false,
        ...(c.result?.linesChanged ? { linesChanged: c.result.linesChanged } : {}),
      }));
      addToolStatsLocked(stateRoot, sessionId, counted, Math.min(opts.activityMs ?? opts.nowMs, opts.nowMs));
    }
    state.recovered.push(...plan.record.map((c) => c.id));
    for (const m of plan.matched) {
      state.matched.push(m.id);
      state.used[m.fingerprint] = (state.used[m.fingerprint] ?? 0) + 1;
    }
    const c = opts.cursor;
    const moved = c !== undefined && (c.transcriptPath !== state.transcriptPath || c.offset > state.offset);
    if (c && moved) {
      state.offset = c.transcriptPath === state.transcriptPath ? Math.max(state.offset, c.offset) : c.offset;
      state.transcriptPath = c.transcriptPath;
    }
    if (moved || plan.record.length > 0 || plan.matched.length > 0)
      writeToolRecoveryState(stateRoot, sessionId, { ...state, updated_at: isoUtc(opts.nowMs) });
    if (plan.record.length > 0) opts.whileLocked?.(plan.record);
    const endRecordUpdated = plan.record.length > 0 && refreshEndRecordToolStatsLocked(stateRoot, sessionId);
    return { enabled: true, ...plan, endRecordUpdated };
  });
}
