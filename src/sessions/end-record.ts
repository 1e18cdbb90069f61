/**
 * The session end record `sessions/<id>.json` (DESIGN.md §3.2): durable evidence that a session
 * ended, with its duration, subagent counts, modes and toolStats. Counts come from the session's own
 * scoped state, never from legacy or other sessions' files (read from
 * legacy files, subagent counts and modes come out as 0 and []).
 */
import { join } from "node:path";
import { isoUtc } from "../core/clock.js";
import { writeJsonAtomic } from "../core/json.js";
import { readSessionStarted } from "./started.js";
import { assertSessionId, isoMs, readObject, withSessionLock } from "./state.js";
import { readSubagentTracking } from "./subagents.js";
import { toToolStats } from "./tool-stats.js";
import { readToolStats } from "./tool-use.js";
import type { SessionEndRecord } from "./types.js";

export interface SessionEndInfo {
  /** SessionEnd `reason` (`clear`, `resume`, `logout`, `prompt_input_exit`, `other`) or `reclaimed`. */
  reason: string;
  /** End time, ms since the epoch. */
  endedAtMs: number;
  /** Modes used in the session; merged (union) with those already recorded. */
  modesUsed?: string[];
}

/** `<stateRoot>/sessions/<id>.json`. Throws MemdirError BAD_INPUT for an invalid id. */
export function endRecordPath(stateRoot: string, sessionId: string): string {
  assertSessionId(sessionId);
  return join(stateRoot, "sessions", `${sessionId}.json`);
}

/**
 * Reads a session's end record; undefined when missing, truncated or invalid (a record cut by a
 * crash counts as missing, so the next reclaim rewrites it).
 */
export function readEndRecord(stateRoot: string, sessionId: string): SessionEndRecord | undefined {
  const v = readObject<Partial<SessionEndRecord>>(endRecordPath(stateRoot, sessionId));
  if (!v || typeof v.ended_at !== "string" || isoMs(v.ended_at) === undefined) return undefined;
  return {
    ...v,
    session_id: sessionId,
    started_at: typeof v.started_at === "string" ? v.started_at : null,
    ended_at: v.ended_at,
    duration_ms: typeof v.duration_ms === "number" ? v.duration_ms : null,
    reason: typeof v.reason === "string" ? v.reason : "other",
    agents_spawned: typeof v.agents_spawned === "number" ? v.agents_spawned : 0,
    agents_completed: typeof v.agents_completed === "number" ? v.agents_completed : 0,
    modes_used: Array.isArray(v.modes_used) ? v.modes_used.filter((m) => typeof m === "string") : [],
    toolStats: toToolStats(v.toolStats),
  };
}

/** True when the record ended the session's latest start (no start since `ended_at`). */
export function endsLatestStart(
  stateRoot: string,
  sessionId: string,
  rec: SessionEndRecord | undefined,
): boolean {
  if (!rec) return false;
  const endMs = isoMs(rec.ended_at)!;
  const lastStart = isoMs(readSessionStarted(stateRoot, sessionId)?.last_started_at);
  return lastStart === undefined || lastStart <= endMs;
}

/** writeEndRecord without the lock (callers hold the session lock). */
export function writeEndRecordLocked(
  stateRoot: string,
  sessionId: string,
  info: SessionEndInfo,
): SessionEndRecord {
  const prev = readEndRecord(stateRoot, sessionId);
  const modes = [...new Set([...(prev?.modes_used ?? []), ...(info.modesUsed ?? [])])];
  const path = endRecordPath(stateRoot, sessionId);
  if (prev && endsLatestStart(stateRoot, sessionId, prev)) {
    if (modes.length === prev.modes_used.length) return prev;
    const rec = { ...prev, modes_used: modes };
    writeJsonAtomic(path, rec);
    return rec;
  }
  const started = readSessionStarted(stateRoot, sessionId);
  const startMs = isoMs(started?.started_at);
  const tracking = readSubagentTracking(stateRoot, sessionId);
  const rec: SessionEndRecord = {
    ...prev,
    session_id: sessionId,
    started_at: started?.started_at ?? null,
    ended_at: isoUtc(info.endedAtMs),
    duration_ms: startMs === undefined ? null : Math.max(0, info.endedAtMs - startMs),
    reason: info.reason,
    agents_spawned: tracking.total_spawned,
    agents_completed: tracking.total_completed,
    modes_used: modes,
    toolStats: readToolStats(stateRoot, sessionId),
  };
  writeJsonAtomic(path, rec);
  return rec;
}

/**
 * Writes the session end record under the session lock and returns it. Idempotent: when a record
 * already ends the session's latest start, a second call keeps its `ended_at` and `reason` (only
 * `modes_used` is merged), so a late or repeated SessionEnd never moves the end. When the session
 * was started again after the recorded end (SessionEnd `clear`/`resume` followed by SessionStart
 * `resume` of the same id), the record is rewritten: the first `started_at` is kept, `ended_at`,
 * `reason`, `duration_ms` (wall clock from the first start) and the cumulative counts are new.
 * @throws MemdirError BAD_INPUT (session id), LOCK_TIMEOUT
 */
export function writeEndRecord(stateRoot: string, sessionId: string, info: SessionEndInfo): SessionEndRecord {
  return withSessionLock(stateRoot, sessionId, () => writeEndRecordLocked(stateRoot, sessionId, info));
}

/**
 * Sets the toolStats of the end record that ends the session's latest start to the session's current
 * stats (caller holds the session lock): calls recovered after the record was written count in it.
 * Returns whether the record changed.
 */
export function refreshEndRecordToolStatsLocked(stateRoot: string, sessionId: string): boolean {
  const rec = readEndRecord(stateRoot, sessionId);
  if (!rec || !endsLatestStart(stateRoot, sessionId, rec)) return false;
  const toolStats = readToolStats(stateRoot, sessionId);
  if (JSON.stringify(toolStats) === JSON.stringify(rec.toolStats)) return false;
  writeJsonAtomic(endRecordPath(stateRoot, sessionId), { ...rec, toolStats });
  return true;
}
