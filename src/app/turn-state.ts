/**
 * Session-scoped turn state (`turn-state.json`): Stop count for the extraction throttle (every N turns,
 * DESIGN.md §4) and the session's first prompt.
 */

import { writeJsonAtomic } from "../core/json.js";
import { withLockSync } from "../core/lock.js";
import { readStateJson, sessionStatePaths } from "../paths/index.js";

export interface TurnState {
  /** Turn ends (Stop hooks) seen in this session. */
  stops: number;
  /** `stops` value when extraction was last started. */
  lastExtractionStop: number;
  /** The session's first prompt, scrubbed and cut to FIRST_PROMPT_MAX code points (for "recent sessions"). */
  firstPrompt?: string;
}

/** Longest first prompt kept, in code points. */
export const FIRST_PROMPT_MAX = 160;

const EMPTY: TurnState = { stops: 0, lastExtractionStop: 0 };

/** The turn state of a session (defaults when none). */
export function readTurnState(stateRoot: string, sessionId: string): TurnState {
  return {
    ...EMPTY,
    ...readStateJson<Partial<TurnState>>(sessionStatePaths(stateRoot, sessionId).read("turn"), {}),
  };
}

/** Reads, changes and writes the turn state under the session's state lock; returns the new state. */
export function updateTurnState(stateRoot: string, sessionId: string, fn: (s: TurnState) => void): TurnState {
  const sp = sessionStatePaths(stateRoot, sessionId);
  const file = sp.write("turn");
  return withLockSync(`${file}.lock`, () => {
    const s = readTurnState(stateRoot, sessionId);
    fn(s);
    writeJsonAtomic(file, s, { durable: false });
    return s;
  });
}
