/**
 * The extraction queue `<stateRoot>/state/extract-queue.json`: transcript tails left by sessions
 * that ended without being extracted (reclaim), for the extraction job to take.
 */
import { join } from "node:path";
import { isoUtc } from "../core/clock.js";
import { readJsonFile, writeJsonAtomic } from "../core/json.js";
import { withLockSync } from "../core/lock.js";
import type { ExtractionQueueEntry } from "./types.js";

/** `<stateRoot>/state/extract-queue.json`. */
export function extractionQueuePath(stateRoot: string): string {
  return join(stateRoot, "state", "extract-queue.json");
}

function lockPath(stateRoot: string): string {
  return `${extractionQueuePath(stateRoot)}.lock`;
}

function readEntries(stateRoot: string): ExtractionQueueEntry[] {
  const v = readJsonFile<{ entries?: unknown }>(extractionQueuePath(stateRoot), {}, true);
  if (!Array.isArray(v?.entries)) return [];
  return v.entries.filter(
    (e): e is ExtractionQueueEntry =>
      typeof e?.sessionId === "string" &&
      typeof e.transcriptPath === "string" &&
      typeof e.offset === "number",
  );
}

/** The queued entries, without taking them. */
export function readExtractionQueue(stateRoot: string): ExtractionQueueEntry[] {
  return readEntries(stateRoot);
}

/**
 * Queues a session's unprocessed transcript tail, deduplicated by session: a session already queued
 * keeps one entry with the smaller offset (nothing is skipped) and the latest transcript path.
 * Returns the entry as stored. Throws MemdirError LOCK_TIMEOUT.
 */
export function enqueueExtraction(
  stateRoot: string,
  entry: { sessionId: string; transcriptPath: string; offset: number },
  nowMs: number,
): ExtractionQueueEntry {
  return withLockSync(lockPath(stateRoot), () => {
    const entries = readEntries(stateRoot);
    const i = entries.findIndex((e) => e.sessionId === entry.sessionId);
    const prev = i >= 0 ? entries[i] : undefined;
    const next: ExtractionQueueEntry = {
      sessionId: entry.sessionId,
      transcriptPath: entry.transcriptPath,
      offset:
        prev && prev.transcriptPath === entry.transcriptPath
          ? Math.min(prev.offset, entry.offset)
          : entry.offset,
      queuedAt: prev?.queuedAt ?? isoUtc(nowMs),
    };
    if (i >= 0) entries[i] = next;
    else entries.push(next);
    writeJsonAtomic(extractionQueuePath(stateRoot), { entries });
    return next;
  });
}

/** Removes and returns every queued entry (oldest first) under the queue lock. Throws LOCK_TIMEOUT. */
export function takeExtractionQueue(stateRoot: string): ExtractionQueueEntry[] {
  return withLockSync(lockPath(stateRoot), () => {
    const entries = readEntries(stateRoot);
    if (entries.length > 0) writeJsonAtomic(extractionQueuePath(stateRoot), { entries: [] });
    return entries;
  });
}
