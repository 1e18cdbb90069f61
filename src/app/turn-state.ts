/**
 * Session-scoped turn state (`turn-state.json`): Stop count for the extraction throttle (every N turns,
 * config `extraction.everyNTurns`), the session's first prompt and the modes it ran in.
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
  /**
   * The session's modes seen at its turn ends, first seen first: the harness's permission modes
   * (`plan`, `acceptEdits`, … as the hook input names them) and `kairos` when KAIROS mode was on.
   * The end record's `modes_used`.
   */
  modes?: string[];
  /** Set by SessionStart when the harness's inline cap cut the project MEMORY.md; the first prompt gives the rest and clears it. */
  indexContinuesAt?: IndexContinuation;
}

/** Where a cut MEMORY.md continues (0-based line of the prompt-ready index) and the harness's inline cap. */
export interface IndexContinuation {
  fromLine: number;
  maxChars: number;
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

/** At most this many modes are kept per session (a harness sending a new value every turn cannot grow the file). */
export const MAX_MODES = 16;

/** The modes of one turn end: its permission mode (when the harness sent one) and `kairos` when that mode is on. */
export function turnModes(permissionMode: string | undefined, kairos: boolean): string[] {
  const out: string[] = [];
  if (permissionMode && /^[A-Za-z][\w-]{0,39}$/.test(permissionMode)) out.push(permissionMode);
  if (kairos) out.push("kairos");
  return out;
}

/** `modes` with `add` appended (deduplicated, at most MAX_MODES). */
export function mergeModes(modes: readonly string[] | undefined, add: readonly string[]): string[] {
  const out = Array.isArray(modes) ? modes.filter((m) => typeof m === "string") : [];
  for (const m of add) if (!out.includes(m) && out.length < MAX_MODES) out.push(m);
  return out;
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
