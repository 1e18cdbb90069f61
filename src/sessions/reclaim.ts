/**
 * Reclaiming sessions whose owner died (DESIGN.md §3.2 Liveness, §4 Session start): write the end
 * record that SessionEnd never wrote, queue the unprocessed transcript tail for extraction, and
 * remove transient state. Liveness is injected (`core/lock.isPidAlive` in production).
 */
import { readdirSync, statSync } from "node:fs";
import { readCursor } from "./cursor.js";
import { endsLatestStart, readEndRecord, writeEndRecordLocked } from "./end-record.js";
import { enqueueExtraction } from "./queue.js";
import { readSessionStarted } from "./started.js";
import {
  isoMs,
  isValidSessionId,
  readOwned,
  removeOwned,
  sessionsStateDir,
  withSessionLock,
} from "./state.js";
import { SUBAGENT_TRACKING_STATE } from "./subagents.js";
import { readToolRecoveryState } from "./tool-ledger.js";
import { LAST_TOOL_ERROR_STATE, TOOL_STATS_STATE } from "./tool-use.js";
import type { ExtractionQueueEntry } from "./types.js";

/** Session-scoped state removed by a reclaim (stats, tracking and the cursor are kept). */
export const TRANSIENT_STATES = [LAST_TOOL_ERROR_STATE, "pre-tool-advisory-throttle"] as const;

export interface ReclaimOptions {
  /** The current boot id; a session started under another boot id has a dead owner whatever its pid says. */
  bootId?: string;
}

function transcriptTail(
  stateRoot: string,
  sessionId: string,
): { transcriptPath: string; offset: number } | undefined {
  const cursor = readCursor(stateRoot, sessionId);
  const path = cursor.transcriptPath ?? readSessionStarted(stateRoot, sessionId)?.transcript_path;
  if (!path) return undefined;
  let size: number;
  try {
    size = statSync(path).size;
  } catch {
    return undefined;
  }
  const extracted = cursor.transcriptPath === path ? cursor.offset : 0;
  // Tool-call recovery keeps its own cursor; a session without recovery state has nothing to recover.
  const rec = readToolRecoveryState(stateRoot, sessionId);
  const recovered = !rec ? size : rec.transcriptPath === path ? rec.offset : 0;
  const offset = Math.min(extracted, recovered);
  return size > offset ? { transcriptPath: path, offset } : undefined;
}

function listSessionIds(stateRoot: string): string[] {
  try {
    return readdirSync(sessionsStateDir(stateRoot), { withFileTypes: true })
      .filter((d) => d.isDirectory() && isValidSessionId(d.name))
      .map((d) => d.name);
  } catch {
    return [];
  }
}

/**
 * Sessions (other than `currentSessionId`) with a `session-started.json` that need reclaiming:
 * - not ended (no end record after their latest start) and their owner is dead: `isAlive(pid)`
 *   false, or a stored boot id different from `opts.bootId`. A missing or invalid pid counts as
 *   alive (DESIGN.md §3.2);
 * - or ended, but their transcript has bytes past the extraction cursor or the tool-call recovery
 *   cursor (an unprocessed tail).
 * Sorted by latest start, oldest first. Never throws for unreadable entries (they are skipped).
 */
export function findReclaimableSessions(
  stateRoot: string,
  currentSessionId: string,
  isAlive: (pid: number) => boolean,
  opts: ReclaimOptions = {},
): string[] {
  const found: { id: string; at: number }[] = [];
  for (const id of listSessionIds(stateRoot)) {
    if (id === currentSessionId) continue;
    const started = readSessionStarted(stateRoot, id);
    if (!started) continue;
    let reclaimable: boolean;
    if (endsLatestStart(stateRoot, id, readEndRecord(stateRoot, id))) {
      reclaimable = transcriptTail(stateRoot, id) !== undefined;
    } else {
      const pid = started.owner_pid;
      const rebooted =
        opts.bootId !== undefined && started.boot_id !== undefined && started.boot_id !== opts.bootId;
      const validPid = typeof pid === "number" && Number.isInteger(pid) && pid > 0;
      reclaimable = rebooted || (validPid && !isAlive(pid));
    }
    if (reclaimable) found.push({ id, at: isoMs(started.last_started_at) ?? 0 });
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.id);
}

export interface ReclaimResult {
  /** true when this call wrote the missing end record (reason `reclaimed`). */
  endRecordWritten: boolean;
  /** The transcript tail queued for extraction, if any. */
  queued?: Pick<ExtractionQueueEntry, "sessionId" | "transcriptPath" | "offset">;
}

/** The last sign of life of a session: latest start, last tool call, last transcript write. */
function lastActivityMs(stateRoot: string, sessionId: string, nowMs: number): number {
  const started = readSessionStarted(stateRoot, sessionId);
  const times = [
    isoMs(started?.last_started_at),
    isoMs(readOwned<{ last_updated?: string }>(stateRoot, sessionId, TOOL_STATS_STATE)?.last_updated),
    isoMs(readOwned<{ last_updated?: string }>(stateRoot, sessionId, SUBAGENT_TRACKING_STATE)?.last_updated),
  ];
  const transcript = readCursor(stateRoot, sessionId).transcriptPath ?? started?.transcript_path;
  if (transcript) {
    try {
      times.push(statSync(transcript).mtimeMs);
    } catch {
      // transcript gone
    }
  }
  const known = times.filter((t): t is number => t !== undefined && t <= nowMs);
  // never before the latest start, or the record would not end it and reclaim would repeat
  const floor = isoMs(started?.last_started_at) ?? Number.NEGATIVE_INFINITY;
  return Math.max(floor, known.length ? Math.max(...known) : nowMs);
}

/**
 * Finishes what a dead session left, under its lock (two sessions reclaiming at once do it once):
 * 1. writes the end record if none ends its latest start (reason `reclaimed`; `ended_at` = its last
 *    sign of life, not now, so durations are not inflated);
 * 2. queues the transcript tail past the extraction cursor, or past the tool-call recovery cursor, in
 *    `state/extract-queue.json` (deduplicated; the extraction job recovers before it extracts);
 * 3. removes transient state (last tool error, advisory throttle); stats, tracking and cursor stay.
 * @param nowMs current time, ms since the epoch
 * @throws MemdirError BAD_INPUT (session id), LOCK_TIMEOUT
 */
export function reclaimSession(stateRoot: string, sessionId: string, nowMs: number): ReclaimResult {
  return withSessionLock(stateRoot, sessionId, () => {
    const result: ReclaimResult = { endRecordWritten: false };
    if (!endsLatestStart(stateRoot, sessionId, readEndRecord(stateRoot, sessionId))) {
      writeEndRecordLocked(stateRoot, sessionId, {
        reason: "reclaimed",
        endedAtMs: lastActivityMs(stateRoot, sessionId, nowMs),
      });
      result.endRecordWritten = true;
    }
    const tail = transcriptTail(stateRoot, sessionId);
    if (tail) {
      const e = enqueueExtraction(stateRoot, { sessionId, ...tail }, nowMs);
      result.queued = { sessionId, transcriptPath: e.transcriptPath, offset: e.offset };
    }
    for (const name of TRANSIENT_STATES) removeOwned(stateRoot, sessionId, name);
    return result;
  });
}
