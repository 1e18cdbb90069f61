/**
 * Team sync state, `<memory dir>/.team-state.json`: when the automatic pull and push last ran (their
 * rate limits), the session whose pushes are suppressed after a permanent failure, and the conflicts
 * a merge kept both sides of (shown at SessionStart and by `memdir team status` until resolved).
 */
import { join } from "node:path";
import { readJsonFile, writeJsonAtomic } from "../core/json.js";
import { withLockSync } from "../core/lock.js";

export const TEAM_STATE_FILE = ".team-state.json";
/** The automatic pull (SessionStart) runs at most once per this many ms per memory dir. */
export const AUTO_PULL_INTERVAL_MS = 10 * 60_000;
/** The automatic push (after a change) runs at most once per this many ms per memory dir. */
export const AUTO_PUSH_INTERVAL_MS = 5 * 60_000;

export interface TeamConflict {
  /** Path relative to the team dir. */
  file: string;
  /** ISO time of the merge. */
  at: string;
}

export interface TeamState {
  lastAutoPullMs?: number;
  lastAutoPushMs?: number;
  /** Pushes are off for this session after a permanent failure (said once, in a `push_suppressed` event). */
  suppressed?: { sessionId: string; reason: string; atMs: number };
  conflicts?: TeamConflict[];
}

const file = (memoryDir: string) => join(memoryDir, TEAM_STATE_FILE);

export function readTeamState(memoryDir: string): TeamState {
  return readJsonFile<TeamState>(file(memoryDir), {}, true);
}

/** Read-modify-write of the state under its own lock; returns the new state. */
export function updateTeamState(memoryDir: string, fn: (s: TeamState) => TeamState): TeamState {
  return withLockSync(
    `${file(memoryDir)}.lock`,
    () => {
      const next = fn(readTeamState(memoryDir));
      writeJsonAtomic(file(memoryDir), next);
      return next;
    },
    { timeoutMs: 10_000 },
  );
}
