/**
 * Whether Claude Code's auto memory is on for a session, and which switch or setting decided. The rules of
 * Claude Code 2.1.332 (read in the binary, evaluated in this order):
 * 1. safe mode: `CLAUDE_CODE_SAFE_MODE` (set by `--safe-mode` for everything the session starts) → off;
 * 2. a restricted session: `CLAUDE_CODE_RESTRICTED` → off;
 * 3. `CLAUDE_CODE_DISABLE_AUTO_MEMORY`: 1/true/yes/on → off; 0/false/no/off → forced on, over every rule below;
 * 4. bare mode: `CLAUDE_CODE_SIMPLE` (set by `--bare`, also for hooks and tools) → off;
 * 5. a remote session (`CLAUDE_CODE_REMOTE`) without `CLAUDE_CODE_REMOTE_MEMORY_DIR` or
 *    `CLAUDE_COWORK_MEMORY_PATH_OVERRIDE` → off;
 * 6. `autoMemoryEnabled` in the merged settings (policy > flag > local > project > user) → that value;
 * 7. on.
 * Environment variables set in a settings file's `env` reach hooks as environment (seen with 2.1.332).
 * One deliberate difference: `autoMemoryEnabled: true` in a repository's committed `.claude/settings.json`
 * is not followed (a cloned repository may turn memory off, never on over the user's own `false`).
 * Not visible to hooks, so not followed: `/memory`'s toggle for the running session and server-side flags.
 */
import type { Env } from "../contract.js";
import type { ClaudeSettings, SettingsScope } from "./settings.js";
import { isOff, isOn } from "./switch-values.js";

export interface MemorySwitch {
  on: boolean;
  /** What decided, in words (`CLAUDE_CODE_DISABLE_AUTO_MEMORY=1`, `autoMemoryEnabled: false in <file> (user settings)`, `default`). */
  decidedBy: string;
}

const SCOPE_NAMES: Record<SettingsScope, string> = {
  policy: "managed settings",
  flag: "--settings",
  local: "local settings",
  project: "project settings",
  user: "user settings",
};

/** "<file> (<scope name>)" for messages. */
export function scopeLabel(scope: SettingsScope, file: string): string {
  return file === "--settings" ? "--settings (inline JSON)" : `${file} (${SCOPE_NAMES[scope]})`;
}

/** Steps 1-5: the switches in the environment, or undefined when none decides. Reads no file. */
export function envMemorySwitch(env: Env): MemorySwitch | undefined {
  const off = (decidedBy: string) => ({ on: false, decidedBy });
  if (isOn(env.CLAUDE_CODE_SAFE_MODE))
    return off(`safe mode (CLAUDE_CODE_SAFE_MODE=${env.CLAUDE_CODE_SAFE_MODE})`);
  if (isOn(env.CLAUDE_CODE_RESTRICTED))
    return off(`a restricted session (CLAUDE_CODE_RESTRICTED=${env.CLAUDE_CODE_RESTRICTED})`);
  const d = env.CLAUDE_CODE_DISABLE_AUTO_MEMORY;
  if (isOn(d)) return off(`CLAUDE_CODE_DISABLE_AUTO_MEMORY=${d}`);
  if (isOff(d)) return { on: true, decidedBy: `CLAUDE_CODE_DISABLE_AUTO_MEMORY=${d} (forced on)` };
  if (isOn(env.CLAUDE_CODE_SIMPLE)) return off(`bare mode (CLAUDE_CODE_SIMPLE=${env.CLAUDE_CODE_SIMPLE})`);
  if (
    isOn(env.CLAUDE_CODE_REMOTE) &&
    !env.CLAUDE_CODE_REMOTE_MEMORY_DIR &&
    !env.CLAUDE_COWORK_MEMORY_PATH_OVERRIDE
  )
    return off("a remote session (CLAUDE_CODE_REMOTE) without a memory dir");
  return undefined;
}

/** Steps 1-7. Reads the settings scopes only when no environment switch decides. */
export function claudeMemorySwitch(env: Env, settings: ClaudeSettings): MemorySwitch {
  const fromEnv = envMemorySwitch(env);
  if (fromEnv) return fromEnv;
  for (const s of ["policy", "flag", "local", "project", "user"] as const) {
    const v = settings.scope(s);
    if (v.autoMemoryEnabled === undefined) continue;
    if (s === "project" && v.autoMemoryEnabled) continue; // a repository never turns memory on
    return {
      on: v.autoMemoryEnabled,
      decidedBy: `autoMemoryEnabled: ${v.autoMemoryEnabled} in ${scopeLabel(s, v.file)}`,
    };
  }
  return { on: true, decidedBy: "default" };
}
