/**
 * Claude Code's install data for the adapter contract: the settings file per scope, the hooks memdir
 * registers (matchers, timeouts in seconds, which run async) for the installed version.
 */
import { join } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { claudeConfigDir } from "../../paths/index.js";
import type { InstallAdapter, InstallScope } from "../contract.js";
import { parseVersion, versionAtLeast } from "../shared/hook-command.js";
import { HOOK_EVENTS, type HookEvent } from "./hook-types.js";

/**
 * Per event: matcher (SessionStart matches `source`, tool events `tool_name`; others take none) and
 * timeout in seconds (SessionEnd has a 1.5 s budget anyway, §1.4).
 */
export const HOOK_SPECS: Record<HookEvent, { matcher?: string; timeout: number }> = {
  SessionStart: { matcher: "startup|resume|clear|compact|fork", timeout: 10 },
  UserPromptSubmit: { timeout: 5 },
  // Only file reads and edits get context before the call (file recall): every other tool skips the hook.
  PreToolUse: { matcher: "Read|Edit|Write|MultiEdit|NotebookEdit", timeout: 5 },
  PostToolUse: { matcher: "*", timeout: 5 },
  PostToolUseFailure: { matcher: "*", timeout: 5 },
  SubagentStart: { timeout: 5 },
  SubagentStop: { timeout: 5 },
  Stop: { timeout: 10 },
  PreCompact: { timeout: 10 },
  SessionEnd: { timeout: 2 },
};

/**
 * Events registered with `async: true` when supported: their output is never needed by the model.
 * PreToolUse and PostToolUseFailure stay synchronous because they inject context (file recall; retry
 * guidance after repeated failures); PreCompact stays synchronous so the session summary is written
 * before the compaction's SessionStart reads it (2.1.332 runs them unordered when PreCompact is async);
 * Stop stays synchronous because 2.1.332 cancels async hooks still running when a `claude -p` session
 * ends, and Stop starts the extraction. SubagentStart is synchronous because it gives the subagent its
 * agent memory (an async hook's `additionalContext` is never read); SubagentStop because it starts the
 * agent memory extraction, which a cancelled async hook would lose.
 */
export const DEFAULT_ASYNC_EVENTS: readonly HookEvent[] = ["PostToolUse", "SessionEnd"];

/**
 * First Claude Code version taken to honour config-level `"async": true` on command hooks: the
 * feature was announced on 2026-01-25 with 2.1.19 current (third-party notes say "2.1.0+"; the later
 * one is the safe bound). Older versions may reject unknown hook keys, and before 2.1.122 one invalid
 * hook entry invalidated the whole settings file. An unknown version
 * gets synchronous hooks.
 */
export const ASYNC_MIN_VERSION = "2.1.19";

/**
 * Claude Code settings file per scope (2.1.x): `user` → `<claudeConfigDir>/settings.json`,
 * `project` → `<projectRoot>/.claude/settings.json` (committed: the absolute node/memdir paths of
 * one machine end up in the repository), `local` → `<projectRoot>/.claude/settings.local.json`
 * (git-ignored; the right place for a per-project install). Throws BAD_INPUT when a project scope
 * lacks `projectRoot`.
 */
export function settingsPathFor(
  scope: InstallScope,
  dirs: { claudeConfigDir: string; projectRoot?: string },
): string {
  if (scope === "user") return join(dirs.claudeConfigDir, "settings.json");
  if (dirs.projectRoot === undefined) {
    throw new MemdirError("BAD_INPUT", `--scope ${scope} needs a project directory`, {
      expected: "a project root",
      received: "none",
      hint: "run memdir install inside the project, or use --scope user",
    });
  }
  return join(dirs.projectRoot, ".claude", scope === "project" ? "settings.json" : "settings.local.json");
}

export const claudeInstall: InstallAdapter = {
  scopes: ["user", "project", "local"],
  settingsPath: (scope, dirs) =>
    settingsPathFor(scope, { claudeConfigDir: claudeConfigDir(dirs.env), projectRoot: dirs.projectRoot }),
  registrations(version) {
    const asyncUsed = versionAtLeast(version, ASYNC_MIN_VERSION);
    return HOOK_EVENTS.map((event) => {
      const spec = HOOK_SPECS[event];
      return {
        event,
        ...(spec.matcher !== undefined ? { matcher: spec.matcher } : {}),
        timeout: spec.timeout,
        ...(asyncUsed && DEFAULT_ASYNC_EVENTS.includes(event) ? { async: true } : {}),
      };
    });
  },
  executable: "claude",
  parseVersion: (out) => parseVersion(out)?.join("."),
};
