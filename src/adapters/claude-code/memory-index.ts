/**
 * Whether Claude Code itself loads the project MEMORY.md into its context (Claude Code 2.1.x enablement
 * rules): only from its default memory dir (or its own
 * `autoMemoryDirectory`), not when `CLAUDE_CODE_DISABLE_AUTO_MEMORY` is truthy or `CLAUDE_CODE_SIMPLE` is
 * set, and not when the settings say `autoMemoryEnabled: false`: the project's local settings
 * (`.claude/settings.local.json`) over its shared ones (`.claude/settings.json`) over the user's, as
 * Claude Code ranks them.
 */
import { join } from "node:path";
import { readJsonFile } from "../../core/json.js";
import { claudeConfigDir } from "../../paths/index.js";
import type { Env } from "../contract.js";

const TRUTHY = new Set(["1", "true", "yes", "on"]);

export function loadsMemoryIndex(env: Env, o: { harnessMemoryDir: boolean; projectRoot?: string }): boolean {
  if (!o.harnessMemoryDir) return false;
  if (TRUTHY.has((env.CLAUDE_CODE_DISABLE_AUTO_MEMORY ?? "").toLowerCase()) || env.CLAUDE_CODE_SIMPLE)
    return false;
  const files = [
    ...(o.projectRoot
      ? [
          join(o.projectRoot, ".claude", "settings.local.json"),
          join(o.projectRoot, ".claude", "settings.json"),
        ]
      : []),
    join(claudeConfigDir(env), "settings.json"),
  ];
  for (const f of files) {
    const v = readJsonFile<Record<string, unknown> | null>(f, null, true)?.autoMemoryEnabled;
    if (typeof v === "boolean") return v;
  }
  return true;
}

/**
 * The harness process that owns the session: `CLAUDE_PID` when Claude Code sets it, else undefined
 * (the caller walks up from the hook's parent process).
 */
export function harnessPid(env: Env): number | undefined {
  const n = Number(env.CLAUDE_PID);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
