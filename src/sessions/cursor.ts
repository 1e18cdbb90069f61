/**
 * The extraction cursor (`extraction-cursor-state.json`) and the set of memories already surfaced
 * in a session (`surfaced-state.json`) (DESIGN.md §3.2, §4 "Each prompt" and "Extraction job").
 */
import { isoUtc } from "../core/clock.js";
import { num, readOwned, withSessionLock, writeOwned } from "./state.js";
import type { ExtractionCursor } from "./types.js";

export const CURSOR_STATE = "extraction-cursor";
export const SURFACED_STATE = "surfaced";
/** At most this many surfaced keys are kept per session (the oldest fall off first). */
export const MAX_SURFACED = 2_000;

interface CursorState extends ExtractionCursor {
  session_id: string;
  updated_at?: string;
}

/** Reads a session's extraction cursor; `{offset: 0, turns: 0}` when none. */
export function readCursor(stateRoot: string, sessionId: string): ExtractionCursor {
  const v = readOwned<Partial<CursorState>>(stateRoot, sessionId, CURSOR_STATE);
  const out: ExtractionCursor = { offset: Math.max(0, num(v?.offset)), turns: Math.max(0, num(v?.turns)) };
  if (typeof v?.transcriptPath === "string") out.transcriptPath = v.transcriptPath;
  return out;
}

/**
 * Writes the extraction cursor under the session lock (call it only after the extraction's writes
 * are durable) and returns what is stored. Never moves backwards for the same transcript: when
 * another job already advanced further, its larger offset/turns win. A different transcript path
 * replaces the cursor.
 * @param cursor.offset byte offset in the transcript; cursor.turns turns processed
 * @param nowMs time of the write, ms since the epoch
 */
export function writeCursor(
  stateRoot: string,
  sessionId: string,
  cursor: ExtractionCursor,
  nowMs: number,
): ExtractionCursor {
  return withSessionLock(stateRoot, sessionId, () => {
    const prev = readCursor(stateRoot, sessionId);
    const same = prev.transcriptPath === cursor.transcriptPath || cursor.transcriptPath === undefined;
    const next: ExtractionCursor = {
      offset: same ? Math.max(prev.offset, cursor.offset) : cursor.offset,
      turns: same ? Math.max(prev.turns, cursor.turns) : cursor.turns,
    };
    const path = cursor.transcriptPath ?? prev.transcriptPath;
    if (path !== undefined) next.transcriptPath = path;
    const state: CursorState = { session_id: sessionId, ...next, updated_at: isoUtc(nowMs) };
    writeOwned(stateRoot, sessionId, CURSOR_STATE, state);
    return next;
  });
}

/** The keys (e.g. memory file paths) already surfaced in this session, oldest first. */
export function readSurfaced(stateRoot: string, sessionId: string): string[] {
  const v = readOwned<{ keys?: unknown }>(stateRoot, sessionId, SURFACED_STATE);
  return Array.isArray(v?.keys) ? v.keys.filter((k): k is string => typeof k === "string") : [];
}

/**
 * Adds `keys` to the session's surfaced set under the session lock and returns those that were not
 * in it yet (input order, duplicates removed): the ones the caller may inject now.
 * The set keeps the newest MAX_SURFACED keys.
 */
export function markSurfaced(stateRoot: string, sessionId: string, keys: string[]): string[] {
  if (keys.length === 0) return [];
  return withSessionLock(stateRoot, sessionId, () => {
    const have = readSurfaced(stateRoot, sessionId);
    const seen = new Set(have);
    const fresh: string[] = [];
    for (const k of keys) {
      if (seen.has(k)) continue;
      seen.add(k);
      fresh.push(k);
    }
    if (fresh.length > 0) {
      const all = [...have, ...fresh];
      writeOwned(stateRoot, sessionId, SURFACED_STATE, {
        session_id: sessionId,
        keys: all.slice(Math.max(0, all.length - MAX_SURFACED)),
      });
    }
    return fresh;
  });
}
