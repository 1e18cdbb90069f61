/**
 * Garbage collection of session-scoped state (`state/sessions/<id>/`). A session that ended more than
 * `maxAgeMs` ago (30 days by default, Claude Code's `cleanupPeriodDays` default: its transcript is gone
 * by then too) no longer needs its transient state; its end record (`sessions/<id>.json`) stays as
 * the durable evidence. Throttled by the mtime of `state/.last-prune` so SessionStart pays for it at
 * most once a day.
 */
import { readdirSync, rmSync, statSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { writeFileAtomic } from "../core/fs.js";
import { readEndRecord } from "./end-record.js";
import { isValidSessionId, sessionsStateDir } from "./state.js";

export const SESSION_STATE_MAX_AGE_MS = 30 * 24 * 3_600_000;
export const PRUNE_INTERVAL_MS = 24 * 3_600_000;

/**
 * Removes the state folders of sessions that ended before `nowMs - maxAgeMs` (never the current one,
 * never a session without an end record). Returns the ids removed; [] when throttled.
 * Never throws for one bad folder: it is skipped.
 */
export function pruneEndedSessionState(
  stateRoot: string,
  currentSessionId: string,
  nowMs: number,
  maxAgeMs = SESSION_STATE_MAX_AGE_MS,
): string[] {
  const marker = join(stateRoot, "state", ".last-prune");
  const last = statSync(marker, { throwIfNoEntry: false });
  if (last && nowMs - last.mtimeMs < PRUNE_INTERVAL_MS) return [];
  let ids: string[];
  try {
    ids = readdirSync(sessionsStateDir(stateRoot)).filter(
      (id) => isValidSessionId(id) && id !== currentSessionId,
    );
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const id of ids) {
    const end = readEndRecord(stateRoot, id);
    const endedMs = end ? Date.parse(end.ended_at) : Number.NaN;
    if (!Number.isFinite(endedMs) || nowMs - endedMs <= maxAgeMs) continue;
    try {
      rmSync(join(sessionsStateDir(stateRoot), id), { recursive: true, force: true });
      removed.push(id);
    } catch {
      // skipped; tried again next time
    }
  }
  writeFileAtomic(marker, "", { durable: false }); // a rename: never through a link planted there
  utimesSync(marker, nowMs / 1000, nowMs / 1000);
  return removed;
}
