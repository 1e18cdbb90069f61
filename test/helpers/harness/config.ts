/**
 * Each harness's config in a sandbox HOME: hooks as `{<Event>: [command, …]}`, one group per event with
 * matcher "" (Claude Code, Codex) / none (Gemini) so every tool matches.
 * - Claude Code 2.1.332: `~/.claude/settings.json` `{hooks}`, timeout in s.
 * - Codex 0.171.0: `$CODEX_HOME/config.toml` (the scripted `fake` provider, Responses wire API, no retries)
 *   and `$CODEX_HOME/hooks.json` (same shape as Claude Code, timeout in s). `CODEX_HOME` = `~/.codex`.
 * - Gemini CLI 0.61.0: `~/.gemini/settings.json` (API-key auth, no auto-update or nag, no usage statistics
 *   or telemetry, hooks with timeout in ms). Only the keys of 0.61.0's settings schema: at start-up it
 *   migrates deprecated ones in the user file in place, without a warning (`general.disableAutoUpdate` →
 *   `enableAutoUpdate`, `disableUpdateNag` → `enableAutoUpdateNotification`, both inverted), which would
 *   change the bytes a test wrote.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export type HookCommands = Record<string, string[]>;

function groups(hooks: HookCommands, timeout: number, matcher: boolean): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const [event, commands] of Object.entries(hooks))
    out[event] = [
      {
        ...(matcher ? { matcher: "" } : {}),
        hooks: commands.map((command) => ({ type: "command", command, timeout })),
      },
    ];
  return out;
}

function writeJson(file: string, v: unknown): string {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, `${JSON.stringify(v, null, 2)}\n`);
  return file;
}

/** Writes `~/.claude/settings.json`; returns its path. */
export function writeClaudeConfig(home: string, hooks: HookCommands = {}): string {
  return writeJson(join(home, ".claude", "settings.json"), { hooks: groups(hooks, 30, true) });
}

/** The Codex home of a sandbox. */
export const codexHome = (home: string): string => join(home, ".codex");

/**
 * Writes `config.toml` pointing at `origin` (Codex POSTs `<origin>/v1/responses`), with `extraToml` top-level
 * lines (e.g. `model_auto_compact_token_limit = 1`), and `hooks.json`.
 */
export function writeCodexConfig(
  home: string,
  origin: string,
  hooks: HookCommands = {},
  extraToml: string[] = [],
): string {
  const dir = codexHome(home);
  mkdirSync(dir, { recursive: true });
  const toml = [
    'model = "gpt-fake"',
    'model_provider = "fake"',
    'approval_policy = "never"',
    'sandbox_mode = "danger-full-access"',
    ...extraToml,
    "",
    "[model_providers.fake]",
    'name = "fake"',
    `base_url = "${origin}/v1"`,
    'env_key = "OPENAI_API_KEY"',
    'wire_api = "responses"',
    "request_max_retries = 0",
    "stream_max_retries = 0",
    "",
  ].join("\n");
  const file = join(dir, "config.toml");
  writeFileSync(file, toml);
  writeJson(join(dir, "hooks.json"), { hooks: groups(hooks, 30, true) });
  return file;
}

/** Writes `~/.gemini/settings.json`; returns its path. */
export function writeGeminiConfig(home: string, hooks: HookCommands = {}): string {
  return writeJson(join(home, ".gemini", "settings.json"), {
    security: { auth: { selectedType: "gemini-api-key" } },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    hooks: groups(hooks, 30_000, false),
  });
}
