/**
 * Where and how memdir registers its hooks with Codex CLI 0.171.0. The hooks file has Claude Code's shape
 * (`{"hooks":{"<Event>":[{"matcher"?,"hooks":[{"type":"command","command","timeout","async"?}]}]}}`),
 * timeouts in seconds. Every hook also needs trust (trust.ts) or `codex exec` skips it silently.
 */

import { join } from "node:path";
import { MemdirError } from "../../core/errors.js";
import type { Env, HookRegistration, InstallScope } from "../contract.js";
import { versionAtLeast } from "../shared/hook-command.js";
import { codexHome } from "./env.js";
import type { HookEvent } from "./hook-types.js";

/**
 * `user` = `$CODEX_HOME/hooks.json`; `project` = `<root>/.codex/hooks.json`, which Codex 0.171.0 reads only
 * when the project is trusted (`[projects."<root>"] trust_level = "trusted"` in the user config.toml, or
 * `codex exec --trust`); otherwise it warns "Untrusted project-local configuration is disabled" and skips
 * it (seen with the real CLI).
 */
export const SCOPES: readonly InstallScope[] = ["user", "project"];

export function settingsPath(
  scope: InstallScope,
  dirs: { env: Env; home: string; projectRoot?: string },
): string {
  if (scope === "user") return join(codexHome(dirs.env, dirs.home), "hooks.json");
  if (scope === "project" && dirs.projectRoot) return join(dirs.projectRoot, ".codex", "hooks.json");
  throw new MemdirError("BAD_INPUT", `Codex has no ${scope}-scope hooks file memdir can name`, {
    expected: scope === "project" ? "a project root for the project scope" : "scope user or project",
    received: scope === "project" ? "no project root" : scope,
    hint: "install with --scope user, or run inside the project (Codex reads <project>/.codex/hooks.json)",
  });
}

/**
 * Per event: matcher and timeout (s). SessionStart's matcher is a regex over `source`; tool events match
 * `tool_name`; no matcher = every tool. PreToolUse only for `apply_patch`: it is the one Codex tool whose
 * input names project files before the call (the shell tool's files are in a free command line, and a
 * shell PreToolUse would run a process before every command, the most frequent call). SessionEnd is
 * clamped to 3 s by Codex anyway.
 */
const SPECS: ReadonlyArray<{ event: HookEvent; matcher?: string; timeout: number; async?: boolean }> = [
  { event: "SessionStart", matcher: "startup|resume|clear|compact|fork", timeout: 10 },
  { event: "UserPromptSubmit", timeout: 5 },
  { event: "PreToolUse", matcher: "^apply_patch$", timeout: 5 },
  { event: "PostToolUse", timeout: 5, async: true },
  { event: "SubagentStart", timeout: 5 },
  { event: "SubagentStop", timeout: 5, async: true },
  { event: "Stop", timeout: 10 },
  { event: "PreCompact", timeout: 10 },
  { event: "SessionEnd", timeout: 3 },
];

/** `N.N.N` of `codex --version` (`codex-cli 0.171.0`), or undefined. */
export function parseVersion(output: string): string | undefined {
  return /(?:codex-cli\s+)?v?(\d+\.\d+\.\d+)/.exec(output)?.[1];
}

/**
 * The hooks to register. `async: true` (the hook runs in the background, its output unused) is set on the
 * capture-only events PostToolUse and SubagentStop from 0.171.0 on (PreCompact stays synchronous: it writes
 * the session summary the SessionStart(compact) after the compaction injects), the version it was seen
 * working in; an unknown or older version gets none. Codex kills async hooks still running when the process
 * exits: in `codex exec` the last tool call's PostToolUse can be lost (seen on a loaded 2-core machine); the
 * Stop hook (synchronous) reads the rollout, which holds every tool output, so nothing is lost for good.
 */
export function registrations(version: string | undefined): HookRegistration[] {
  const useAsync = versionAtLeast(version, "0.171.0");
  return SPECS.map((s) => ({
    event: s.event,
    ...(s.matcher !== undefined ? { matcher: s.matcher } : {}),
    timeout: s.timeout,
    ...(useAsync && s.async ? { async: true } : {}),
  }));
}
