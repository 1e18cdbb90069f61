/**
 * The user config `<memdirHome>/config.json` (DESIGN.md §3.3): its shape, defaults, and the
 * description of every key that error messages quote. No dependencies: hooks import this.
 */

export interface UserConfig {
  /**
   * Where memory is written instead of `~/.claude/projects/<key>/memory/` (DESIGN.md §3.1 step 2).
   * An absolute path or one starting with `~/`; paths/ validates and expands it. Trusted because it
   * comes from the user's own config, never from a file inside a repository.
   */
  autoMemoryDirectory?: string;
  extraction: {
    /** Start the extraction job every N turns (Stop events); 1 = every turn (DESIGN.md §4). */
    everyNTurns: number;
  };
  /**
   * Whether the harness loads the project MEMORY.md into the prompt itself (Claude Code >= 2.1.59 does
   * for its default memory dir while auto memory is on), so memdir must not inject it again at session
   * start. `"auto"` (default): true when the memory dir is Claude Code's default one and Claude Code's
   * auto memory is not switched off (`CLAUDE_CODE_DISABLE_AUTO_MEMORY`, `CLAUDE_CODE_SIMPLE`,
   * `autoMemoryEnabled: false` in the user settings).
   */
  harnessLoadsMemoryMd: boolean | "auto";
  /** Character budget (code points) of the SessionStart injection; below Claude Code's ~10k inline cap. */
  sessionStartBudgetChars: number;
}

/** Defaults for every key (DESIGN.md §4: extraction every turn, 9,000-character SessionStart budget). */
export const DEFAULT_CONFIG: Readonly<UserConfig> = Object.freeze({
  extraction: Object.freeze({ everyNTurns: 1 }),
  harnessLoadsMemoryMd: "auto",
  sessionStartBudgetChars: 9000,
});

/** File name of the user config inside memdir home. */
export const CONFIG_FILE_NAME = "config.json";

/** What each key accepts, quoted in errors ("expected: ..."). Keys are dotted paths. */
export const CONFIG_KEYS: Readonly<Record<string, { expected: string; example: string }>> = {
  autoMemoryDirectory: {
    expected: "a non-empty string: an absolute path or one starting with ~/",
    example: '"~/notes/memory"',
  },
  extraction: { expected: 'an object such as { "everyNTurns": 1 }', example: '{ "everyNTurns": 1 }' },
  "extraction.everyNTurns": { expected: "an integer >= 1", example: "1" },
  harnessLoadsMemoryMd: { expected: 'true, false or "auto"', example: '"auto"' },
  sessionStartBudgetChars: { expected: "an integer >= 0 (characters)", example: "9000" },
};

/** Known keys per object path ("" = top level), for unknown-key errors. */
export const KNOWN_KEYS: Readonly<Record<string, readonly string[]>> = {
  "": ["autoMemoryDirectory", "extraction", "harnessLoadsMemoryMd", "sessionStartBudgetChars"],
  extraction: ["everyNTurns"],
};

/** The validated subset a config file may contain (before defaults are applied). */
export interface UserConfigInput {
  autoMemoryDirectory?: string;
  extraction?: { everyNTurns?: number };
  harnessLoadsMemoryMd?: boolean | "auto";
  sessionStartBudgetChars?: number;
}

/** Applies DEFAULT_CONFIG to a validated input; returns a fresh object. */
export function withDefaults(input: UserConfigInput): UserConfig {
  const out: UserConfig = {
    extraction: { everyNTurns: input.extraction?.everyNTurns ?? DEFAULT_CONFIG.extraction.everyNTurns },
    harnessLoadsMemoryMd: input.harnessLoadsMemoryMd ?? DEFAULT_CONFIG.harnessLoadsMemoryMd,
    sessionStartBudgetChars: input.sessionStartBudgetChars ?? DEFAULT_CONFIG.sessionStartBudgetChars,
  };
  if (input.autoMemoryDirectory !== undefined) out.autoMemoryDirectory = input.autoMemoryDirectory;
  return out;
}
