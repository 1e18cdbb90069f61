/**
 * PostToolUse / PostToolUseFailure bookkeeping: `tool-stats-state.json` and
 * `last-tool-error-state.json` (oh-my-claudecode's file). Sync and cheap:
 * one lock, two small reads, one or two atomic writes per call.
 */
import { isoUtc } from "../core/clock.js";
import { truncateCodePoints } from "../core/text.js";
import { scrub } from "../privacy/index.js";
import { isoMs, readOwned, removeOwned, withSessionLock, writeOwned } from "./state.js";
import { claimHookCall, toolFingerprint } from "./tool-ledger.js";
import { statKeyForKind, toToolStats } from "./tool-stats.js";
import type { LastToolError, ToolCallRecord, ToolStats } from "./types.js";

export const TOOL_STATS_STATE = "tool-stats";
export const LAST_TOOL_ERROR_STATE = "last-tool-error";

/** A failure of the same tool within this many ms of its previous failure is a retry (DESIGN.md §3.2). */
export const RETRY_WINDOW_MS = 60_000;
/** From this retry count on, the hint says to stop retrying and change approach (oh-my-claudecode). */
export const RETRY_HINT_THRESHOLD = 5;
/** Caps of the stored previews, in code points. */
export const INPUT_PREVIEW_MAX = 200;
export const ERROR_PREVIEW_MAX = 500;

interface ToolStatsState {
  session_id: string;
  toolStats: ToolStats;
  last_updated: string;
}

export interface ToolUseOutcome {
  /** 0 after a success; else the failure's retry count (1 = first failure). */
  retryCount: number;
  /** Text for the hook to inject as `additionalContext` after a failure. */
  hint?: string;
  /** Recovery from the transcript already recorded this call (same id): nothing was recorded now. */
  duplicate?: true;
}

/** Reads a session's tool stats (all zero when none were recorded). */
export function readToolStats(stateRoot: string, sessionId: string): ToolStats {
  return toToolStats(readOwned<ToolStatsState>(stateRoot, sessionId, TOOL_STATS_STATE)?.toolStats);
}

/** Reads a session's `last-tool-error-state.json`, or undefined. */
export function readLastToolError(stateRoot: string, sessionId: string): LastToolError | undefined {
  const v = readOwned<LastToolError>(stateRoot, sessionId, LAST_TOOL_ERROR_STATE);
  return v && typeof v.tool_name === "string" ? v : undefined;
}

function preview(input: unknown): string {
  let text: string;
  try {
    text = typeof input === "string" ? input : (JSON.stringify(input) ?? "");
  } catch {
    text = String(input);
  }
  // Cut well past the preview size first (a Write input can be a whole file), then scrub, then cut.
  return truncateCodePoints(scrub(text.slice(0, 8_000)), INPUT_PREVIEW_MAX);
}

/**
 * The hint for a failure. Below RETRY_HINT_THRESHOLD: analyse the error before retrying; from it on:
 * stop retrying the same call and change approach or ask the user.
 */
export function retryHint(toolName: string, retryCount: number): string {
  if (retryCount >= RETRY_HINT_THRESHOLD) {
    return (
      `Tool ${toolName} has now failed ${retryCount} times in a row, each within 60 s of the previous failure. ` +
      "Stop retrying the same call: change approach (another tool, different input, or investigate the cause first) or ask the user."
    );
  }
  const again = retryCount > 1 ? ` (failure ${retryCount} within 60 s)` : "";
  return `Tool ${toolName} failed${again}. Read the error, find the cause and fix the input before retrying.`;
}

/**
 * Adds calls to `tool-stats-state.json` (caller holds the session lock): the counter of each call's kind
 * +1, and the lines a successful edit changed. Returns the stats written.
 */
export function addToolStatsLocked(
  stateRoot: string,
  sessionId: string,
  calls: readonly Pick<ToolCallRecord, "kind" | "success" | "linesChanged">[],
  nowMs: number,
): ToolStats {
  const stats = readToolStats(stateRoot, sessionId);
  for (const call of calls) {
    stats[statKeyForKind(call.kind)]++;
    if (call.success && call.linesChanged) {
      stats.linesAdded += call.linesChanged.added;
      stats.linesRemoved += call.linesChanged.removed;
    }
  }
  const state: ToolStatsState = { session_id: sessionId, toolStats: stats, last_updated: isoUtc(nowMs) };
  writeOwned(stateRoot, sessionId, TOOL_STATS_STATE, state);
  return stats;
}

/**
 * Records one tool call under the session lock (parallel tool calls run hooks in parallel).
 * - `tool-calls.jsonl` (tool-ledger.ts): the call's id, else its fingerprint, so recovery from the
 *   transcript skips it; a call recovery already recorded under that id is not recorded again
 *   (`duplicate`);
 * - `tool-stats-state.json`: the counter of the call's kind +1 (successes and failures alike: a call
 *   is a call; a call the user rejected never ran and is not counted); lines added/removed of a
 *   successful edit (`linesChanged`).
 * - failure (not an interrupt): `last-tool-error-state.json` `{tool_name, input_preview (≤200
 *   code points), error (≤500), timestamp, retry_count}`; same tool and `0 ≤ nowMs − previous ≤
 *   60,000 ms` → previous retry_count + 1, else 1.
 * - success of the tool that last failed: the error state is removed (the count resets).
 * @param nowMs the event time, ms since the epoch
 * @returns the retry count and, after a failure, the hint to inject
 * @throws MemdirError BAD_INPUT (session id), LOCK_TIMEOUT (lock held > 3 s by a live process)
 */
export function recordToolUse(
  stateRoot: string,
  sessionId: string,
  call: ToolCallRecord,
  nowMs: number,
): ToolUseOutcome {
  return withSessionLock(stateRoot, sessionId, () => {
    const key = { ...(call.id ? { id: call.id } : {}), fingerprint: toolFingerprint(call) };
    if (!claimHookCall(stateRoot, sessionId, key)) return { retryCount: 0, duplicate: true };
    addToolStatsLocked(stateRoot, sessionId, [call], nowMs);

    const prev = readLastToolError(stateRoot, sessionId);
    if (call.success) {
      if (prev?.tool_name === call.toolName) removeOwned(stateRoot, sessionId, LAST_TOOL_ERROR_STATE);
      return { retryCount: 0 };
    }
    if (call.interrupted) return { retryCount: 0 };
    const prevMs = isoMs(prev?.timestamp);
    const isRetry =
      prev?.tool_name === call.toolName &&
      prevMs !== undefined &&
      nowMs - prevMs >= 0 &&
      nowMs - prevMs <= RETRY_WINDOW_MS;
    const retryCount = isRetry ? Math.max(1, Math.floor(Number(prev.retry_count) || 0)) + 1 : 1;
    const rec: LastToolError = {
      session_id: sessionId,
      tool_name: call.toolName,
      input_preview: preview(call.toolInput),
      error: truncateCodePoints(scrub((call.error ?? "").slice(0, 8_000)), ERROR_PREVIEW_MAX),
      timestamp: isoUtc(nowMs),
      retry_count: retryCount,
    };
    writeOwned(stateRoot, sessionId, LAST_TOOL_ERROR_STATE, rec);
    return { retryCount, hint: retryHint(call.toolName, retryCount) };
  });
}
