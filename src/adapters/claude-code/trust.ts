/**
 * Whether Claude Code recorded a workspace as trusted (Claude Code 2.1.332, read in the binary): the
 * global config `<CLAUDE_CONFIG_DIR or ~>/.claude.json` has `projects["<dir>"].hasTrustDialogAccepted: true`
 * for the launch directory or a directory above it, up to the checkout's top level inside git (anywhere
 * above it outside git); `CLAUDE_CODE_SANDBOXED` (1/true/yes/on) counts as trusted. Claude Code also treats
 * every `-p` (non-interactive) session as trusted; memdir cannot tell such a session from a hook and
 * follows the record only.
 */
import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readTextIfExists } from "../../core/fs.js";
import { homeDir } from "../../paths/index.js";
import type { Env } from "../contract.js";
import { isOn } from "./switch-values.js";

/** `<CLAUDE_CONFIG_DIR or ~>/.claude.json` (Claude Code 2.1.x global config). */
export function globalConfigFile(env: Env): string {
  const dir = env.CLAUDE_CONFIG_DIR || homeDir(env);
  return join(dir, ".claude.json");
}

/** The `projects` map of the global config, or {} (missing, not JSON, too large: 16 MiB). */
function trustedProjects(env: Env): Record<string, { hasTrustDialogAccepted?: unknown }> {
  let text: string | undefined;
  try {
    const file = globalConfigFile(env);
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return {};
    text = readTextIfExists(file, 16 << 20);
  } catch {
    return {};
  }
  if (!text?.includes("hasTrustDialogAccepted")) return {};
  try {
    const p = (JSON.parse(text.replace(/^\uFEFF/, "")) as { projects?: unknown }).projects;
    return p && typeof p === "object" ? (p as Record<string, { hasTrustDialogAccepted?: unknown }>) : {};
  } catch {
    return {};
  }
}

/**
 * True when Claude Code recorded `launchDir` (or a directory above it, not above `worktreeRoot` when
 * given) as trusted. Reads the global config once; never throws.
 */
export function workspaceTrusted(env: Env, launchDir: string, worktreeRoot?: string): boolean {
  if (isOn(env.CLAUDE_CODE_SANDBOXED)) return true;
  const projects = trustedProjects(env);
  const key = (d: string) => d.replaceAll("\\", "/");
  let dir = resolve(launchDir);
  const top = worktreeRoot ? resolve(worktreeRoot) : undefined;
  for (;;) {
    if (projects[key(dir)]?.hasTrustDialogAccepted === true) return true;
    if (dir === top) return false;
    const up = dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
}
