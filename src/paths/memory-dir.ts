/**
 * Memory dir resolution (Claude Code 2.1.x `getAutoMemPath`), first match wins:
 * 1. env `MEMDIR_MEMORY_DIR` (absolute, used as is);
 * 2. `autoMemoryDirectory` from a TRUSTED source only: memdir's user config, then the dir a harness
 *    adapter read from the harness's own trusted settings (`harnessDirectory`: Claude Code's managed,
 *    `--settings`, trusted local and user settings, so memdir and Claude Code keep sharing one dir); never a
 *    settings file committed to the repository (a cloned repo must not redirect where memory is written);
 * 3. `<CLAUDE_CONFIG_DIR or ~/.claude>/projects/<projectKey(canonical git root or cwd)>/memory`.
 * The result is NFC-normalized and has no trailing separator.
 */
import { isAbsolute, join, normalize, resolve } from "node:path";
import type { UserConfig } from "../config/types.js";
import { MemdirError } from "../core/errors.js";
import { truncateCodePoints } from "../core/text.js";
import { findGitRoot, type GitRootInfo } from "./git-root.js";
import { claudeConfigDir, type Env, envPath, homeDir } from "./home.js";
import { projectKey } from "./project-key.js";
import { assertCwd } from "./validate.js";

export interface MemoryDirOptions {
  /** Absolute working directory (hook input `cwd`). */
  cwd: string;
  env: Env;
  /** The user config (or another trusted source such as a CLI flag). Never repository settings. */
  trustedConfig?: Pick<UserConfig, "autoMemoryDirectory"> | undefined;
  /**
   * An absolute dir a harness adapter read from the harness's trusted settings, and where it was set;
   * called only when no earlier rule decides (it may read files).
   */
  harnessDirectory?: (() => { dir: string; from: string } | undefined) | undefined;
}

export type MemoryDirSource = "env" | "config" | "claude-settings" | "default";

export interface ResolvedMemoryDir {
  memoryDir: string;
  /** Which of the resolution rules above chose the dir. Only `default` dirs need `claimMemoryDir`. */
  source: MemoryDirSource;
  /** The path the key is derived from: the canonical git root, or the cwd outside git. */
  projectRoot: string;
  /** For `claude-settings`: the settings file (and scope) that set it. */
  from?: string;
}

/**
 * Validates and expands a trusted `autoMemoryDirectory` (Claude Code's rules): absolute or `~/`-relative,
 * no `..` segment, no NUL, at least 3 characters once normalized.
 * @returns the absolute, normalized path.
 * @throws MemdirError BAD_CONFIG naming `autoMemoryDirectory`.
 */
export function expandAutoMemoryDirectory(value: string, env: Env): string {
  const fail = (why: string) =>
    new MemdirError("BAD_CONFIG", `"autoMemoryDirectory" is not usable: ${why}`, {
      expected: 'an absolute path or one starting with "~/", without ".." or NUL, at least 3 characters',
      received: JSON.stringify(truncateCodePoints(value.replace(/\0/g, "\\0"), 120)),
      hint: 'set "autoMemoryDirectory" in ~/.memdir/config.json to e.g. "~/notes/memory", or remove it',
    });
  if (value.includes("\0")) throw fail("it contains a NUL character");
  if (value.split(/[/\\]/).includes("..")) throw fail('it contains a ".." segment');
  let abs: string;
  if (value.startsWith("~/") || value.startsWith("~\\")) abs = join(homeDir(env), value.slice(2));
  else if (isAbsolute(value)) abs = value;
  else throw fail("it is a relative path");
  const out = normalize(abs).replace(/(.)[/\\]+$/, "$1");
  if (out.length < 3) throw fail("it is too short (a root directory)");
  return out;
}

/**
 * Resolves the memory dir and says which rule chose it. `git` may be passed when the caller has
 * already looked it up (`null` = outside git; saves the walk). Reads no file except `.git` links; writes nothing.
 * @throws MemdirError BAD_INPUT (cwd not absolute), BAD_PATH (bad env path), BAD_CONFIG (bad
 *   `autoMemoryDirectory`).
 */
export function resolveMemoryDirDetailed(
  opts: MemoryDirOptions,
  git?: GitRootInfo | null,
): ResolvedMemoryDir {
  assertCwd(opts.cwd);
  if (git === undefined) git = findGitRoot(opts.cwd) ?? null;
  const projectRoot = git?.canonicalRoot ?? resolve(opts.cwd);
  const fromEnv = envPath(opts.env, "MEMDIR_MEMORY_DIR");
  if (fromEnv !== undefined) return { memoryDir: tidy(fromEnv), source: "env", projectRoot };
  const configured = opts.trustedConfig?.autoMemoryDirectory;
  if (configured !== undefined) {
    return {
      memoryDir: tidy(expandAutoMemoryDirectory(configured, opts.env)),
      source: "config",
      projectRoot,
    };
  }
  const fromHarness = opts.harnessDirectory?.();
  if (fromHarness !== undefined)
    return {
      memoryDir: tidy(fromHarness.dir),
      source: "claude-settings",
      projectRoot,
      from: fromHarness.from,
    };
  const dir = join(claudeConfigDir(opts.env), "projects", projectKey(projectRoot), "memory");
  return { memoryDir: tidy(dir), source: "default", projectRoot };
}

/** The memory dir for `cwd` (DESIGN.md §3.1). Same errors as `resolveMemoryDirDetailed`. */
export function resolveMemoryDir(opts: MemoryDirOptions): string {
  return resolveMemoryDirDetailed(opts).memoryDir;
}

function tidy(p: string): string {
  return resolve(p).normalize("NFC");
}
