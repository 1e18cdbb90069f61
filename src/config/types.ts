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
  /** The model behind extraction and session memory (DESIGN.md §5 `llm/`); `offline` = the rule engine. */
  llm: LlmConfig;
  sessionMemory: {
    /** Keep the rolling session summary `.memdir/summaries/<session-id>.md`. */
    enabled: boolean;
  };
  /** Auto-dream master switch: the Stop hook may start a consolidation when its gates open. */
  autoDream: boolean;
  /**
   * KAIROS mode: extraction appends to the daily log
   * `memory/logs/YYYY/MM/YYYY-MM-DD.md` instead of writing topic files, and consolidation runs on a
   * schedule (`memdir schedule install`) instead of from the Stop hook.
   */
  kairos: boolean;
  /**
   * IANA time zone whose local calendar day a KAIROS daily-log entry is filed under (and whose clock
   * its header shows). Absent = the system's time zone (the runtime's; UTC when it has none).
   */
  timeZone?: string;
  dream: {
    /** Hours since the last consolidation before the time gate opens (Claude Code 2.1.88: 24). */
    minHours: number;
    /** Sessions touched since then, the current one excluded, before the session gate opens (Claude Code 2.1.88: 5). */
    minSessions: number;
  };
  /** Agent (subagent) memory (Claude Code's agent-memory directories). */
  agentMemory: {
    /**
     * The scopes of an agent type whose definition has no `memory:` (every Codex CLI subagent, Claude
     * Code's built-in agents and definitions without it): injected at SubagentStart in this order; the
     * first is where SubagentStop extraction writes. `[]` = memdir keeps no memory for such agents.
     * Default `["local"]`: this machine only, never committed, nothing shared without asking.
     */
    defaultScopes: AgentScopeName[];
    /** Character budget (UTF-16 units) of the SubagentStart injection. */
    budgetChars: number;
  };
}

/** Agent memory scopes (same list as paths/ AGENT_MEMORY_SCOPES; config/ may not import paths/). */
export const AGENT_SCOPES = ["user", "project", "local"] as const;
export type AgentScopeName = (typeof AGENT_SCOPES)[number];

/** Provider ids (same list as `llm/types.ts` PROVIDER_IDS; config/ may not import llm/). */
export const LLM_PROVIDERS = ["offline", "anthropic", "openai-compatible", "claude-cli"] as const;
export type LlmProviderName = (typeof LLM_PROVIDERS)[number];

/** `llm` in config.json. Keys are read from the environment only (`apiKeyEnv` names the variable). */
export interface LlmConfig {
  provider: LlmProviderName;
  /** Model id; empty = the provider's default (see DEFAULT_MODELS). */
  model: string;
  /** Base URL of the API (openai-compatible: required for Ollama / LM Studio / vLLM; anthropic: optional). */
  baseUrl?: string;
  /** Name of the environment variable that holds the API key (never the key itself). */
  apiKeyEnv?: string;
  /** The `claude` executable for the claude-cli provider (default: `claude` on PATH). */
  claudePath?: string;
  /** Per-call timeout, ms. */
  timeoutMs: number;
  /** Per-call cap on generated tokens. */
  maxOutputTokensPerCall: number;
  /** Per-call cap on the request's estimated input tokens (fields are elided to fit). */
  maxInputTokensPerCall: number;
  /** Per-day (UTC) cap on input + output tokens, all memdir jobs together (`~/.memdir/ledger.json`). */
  maxTokensPerDay: number;
}

/** Default model per provider (the cheapest capable model, against runaway spend). */
export const DEFAULT_MODELS: Readonly<Record<LlmProviderName, string>> = {
  offline: "rules",
  anthropic: "claude-haiku-4-5",
  "openai-compatible": "gpt-4o-mini",
  "claude-cli": "haiku",
};

/** Defaults for every key (DESIGN.md §4: extraction every turn, 9,000-character SessionStart budget). */
export const DEFAULT_CONFIG: Readonly<UserConfig> = Object.freeze({
  extraction: Object.freeze({ everyNTurns: 1 }),
  harnessLoadsMemoryMd: "auto",
  sessionStartBudgetChars: 9000,
  llm: Object.freeze({
    provider: "offline",
    model: "",
    timeoutMs: 120_000,
    maxOutputTokensPerCall: 4_096,
    maxInputTokensPerCall: 24_000,
    maxTokensPerDay: 300_000,
  }),
  sessionMemory: Object.freeze({ enabled: true }),
  autoDream: true,
  kairos: false,
  dream: Object.freeze({ minHours: 24, minSessions: 5 }),
  agentMemory: Object.freeze({ defaultScopes: Object.freeze(["local"]), budgetChars: 4000 }),
}) as Readonly<UserConfig>;

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
  llm: { expected: 'an object such as { "provider": "anthropic" }', example: '{ "provider": "offline" }' },
  "llm.provider": {
    expected: `one of ${LLM_PROVIDERS.map((p) => `"${p}"`).join(", ")}`,
    example: '"anthropic"',
  },
  "llm.model": {
    expected: "a model id: letters, digits and ._:/@+- , not starting with -",
    example: '"claude-haiku-4-5"',
  },
  "llm.baseUrl": {
    expected: "an http(s) URL without user:password@ (keys go in the environment)",
    example: '"http://127.0.0.1:11434/v1"',
  },
  "llm.apiKeyEnv": {
    expected: "the NAME of an environment variable (letters, digits, _), never the key itself",
    example: '"OPENAI_API_KEY"',
  },
  "llm.claudePath": { expected: "a non-empty path or command name", example: '"claude"' },
  "llm.timeoutMs": { expected: "an integer from 1000 to 900000 (ms)", example: "120000" },
  "llm.maxOutputTokensPerCall": { expected: "an integer >= 256 (tokens)", example: "4096" },
  "llm.maxInputTokensPerCall": { expected: "an integer >= 2000 (tokens)", example: "24000" },
  "llm.maxTokensPerDay": { expected: "an integer >= 0 (tokens; 0 = no model calls)", example: "300000" },
  sessionMemory: { expected: 'an object such as { "enabled": true }', example: '{ "enabled": true }' },
  "sessionMemory.enabled": { expected: "true or false", example: "true" },
  autoDream: { expected: "true or false", example: "true" },
  kairos: { expected: "true or false", example: "false" },
  timeZone: {
    expected: 'an IANA time zone name such as "UTC", "Asia/Seoul" or "America/New_York"',
    example: '"Asia/Seoul"',
  },
  dream: {
    expected: 'an object such as { "minHours": 24, "minSessions": 5 }',
    example: '{ "minHours": 24 }',
  },
  "dream.minHours": { expected: "a number >= 0 (hours)", example: "24" },
  "dream.minSessions": { expected: "an integer >= 0 (sessions)", example: "5" },
  agentMemory: {
    expected: 'an object such as { "defaultScopes": ["local"] }',
    example: '{ "defaultScopes": ["local"] }',
  },
  "agentMemory.defaultScopes": {
    expected: 'an array of distinct scopes from "user", "project", "local"',
    example: '["local"]',
  },
  "agentMemory.budgetChars": { expected: "an integer >= 0 (characters)", example: "4000" },
};

/** Known keys per object path ("" = top level), for unknown-key errors. */
export const KNOWN_KEYS: Readonly<Record<string, readonly string[]>> = {
  "": [
    "autoMemoryDirectory",
    "extraction",
    "harnessLoadsMemoryMd",
    "sessionStartBudgetChars",
    "llm",
    "sessionMemory",
    "autoDream",
    "kairos",
    "timeZone",
    "dream",
    "agentMemory",
  ],
  extraction: ["everyNTurns"],
  llm: [
    "provider",
    "model",
    "baseUrl",
    "apiKeyEnv",
    "claudePath",
    "timeoutMs",
    "maxOutputTokensPerCall",
    "maxInputTokensPerCall",
    "maxTokensPerDay",
  ],
  sessionMemory: ["enabled"],
  dream: ["minHours", "minSessions"],
  agentMemory: ["defaultScopes", "budgetChars"],
};

/** The validated subset a config file may contain (before defaults are applied). */
export interface UserConfigInput {
  autoMemoryDirectory?: string;
  extraction?: { everyNTurns?: number };
  harnessLoadsMemoryMd?: boolean | "auto";
  sessionStartBudgetChars?: number;
  llm?: Partial<LlmConfig>;
  sessionMemory?: { enabled?: boolean };
  autoDream?: boolean;
  kairos?: boolean;
  timeZone?: string;
  dream?: { minHours?: number; minSessions?: number };
  agentMemory?: { defaultScopes?: AgentScopeName[]; budgetChars?: number };
}

/** Applies DEFAULT_CONFIG to a validated input; returns a fresh object. */
export function withDefaults(input: UserConfigInput): UserConfig {
  const out: UserConfig = {
    extraction: { everyNTurns: input.extraction?.everyNTurns ?? DEFAULT_CONFIG.extraction.everyNTurns },
    harnessLoadsMemoryMd: input.harnessLoadsMemoryMd ?? DEFAULT_CONFIG.harnessLoadsMemoryMd,
    sessionStartBudgetChars: input.sessionStartBudgetChars ?? DEFAULT_CONFIG.sessionStartBudgetChars,
    llm: { ...DEFAULT_CONFIG.llm, ...input.llm },
    sessionMemory: { enabled: input.sessionMemory?.enabled ?? DEFAULT_CONFIG.sessionMemory.enabled },
    autoDream: input.autoDream ?? DEFAULT_CONFIG.autoDream,
    kairos: input.kairos ?? DEFAULT_CONFIG.kairos,
    dream: { ...DEFAULT_CONFIG.dream, ...input.dream },
    agentMemory: {
      defaultScopes: [...(input.agentMemory?.defaultScopes ?? DEFAULT_CONFIG.agentMemory.defaultScopes)],
      budgetChars: input.agentMemory?.budgetChars ?? DEFAULT_CONFIG.agentMemory.budgetChars,
    },
  };
  if (input.autoMemoryDirectory !== undefined) out.autoMemoryDirectory = input.autoMemoryDirectory;
  if (input.timeZone !== undefined) out.timeZone = input.timeZone;
  return out;
}
