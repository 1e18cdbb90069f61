/**
 * User-level directories (DESIGN.md §3.3), from an explicit `env` (never `process.env`: only app/
 * reads it). Every function throws MemdirError BAD_PATH when the directory cannot be determined.
 */
import { isAbsolute, join } from "node:path";
import { MemdirError } from "../core/errors.js";

/** Environment as given by app/ (`process.env` there; a plain object in tests). */
export type Env = Readonly<Record<string, string | undefined>>;

function absoluteFromEnv(env: Env, name: string): string | undefined {
  const v = env[name];
  if (v === undefined || v === "") return undefined;
  if (v.includes("\0") || !isAbsolute(v)) {
    throw new MemdirError("BAD_PATH", `the environment variable ${name} is not an absolute path`, {
      expected: `${name} set to an absolute directory path`,
      received: JSON.stringify(v.replace(/\0/g, "\\0")),
      hint: `set ${name} to an absolute path (e.g. "$HOME/..."), or unset it`,
    });
  }
  return v;
}

/** The user's home directory: `HOME`, else `USERPROFILE` (Windows). */
export function homeDir(env: Env): string {
  const home = absoluteFromEnv(env, "HOME") ?? absoluteFromEnv(env, "USERPROFILE");
  if (home === undefined) {
    throw new MemdirError("BAD_PATH", "cannot find the home directory", {
      expected: "HOME (or USERPROFILE on Windows) set to an absolute path",
      received: "neither is set",
      hint: "set HOME, or set MEMDIR_HOME, CLAUDE_CONFIG_DIR and MEMDIR_MEMORY_DIR explicitly",
    });
  }
  return home;
}

/** memdir's home: `$MEMDIR_HOME` (absolute) or `<home>/.memdir`. */
export function memdirHome(env: Env): string {
  return absoluteFromEnv(env, "MEMDIR_HOME") ?? join(homeDir(env), ".memdir");
}

/** User-scope memory (injected in every project): `<memdirHome>/user-memory`. */
export function userMemoryDir(env: Env): string {
  return join(memdirHome(env), "user-memory");
}

/** Claude Code's config dir: `$CLAUDE_CONFIG_DIR` (absolute) or `<home>/.claude`. */
export function claudeConfigDir(env: Env): string {
  return absoluteFromEnv(env, "CLAUDE_CONFIG_DIR") ?? join(homeDir(env), ".claude");
}

/** Reads an absolute-path env var (`undefined` when unset or empty); throws BAD_PATH when relative. */
export function envPath(env: Env, name: string): string | undefined {
  return absoluteFromEnv(env, name);
}
