/**
 * The project state root `.memdir/` (oh-my-claudecode `resolveSessionStatePaths`), first match wins:
 * 1. env `MEMDIR_STATE_DIR` -> `$MEMDIR_STATE_DIR/<projectKey(project root)>`;
 * 2. a `.memdir-workspace` marker file found walking up from the cwd (stopping below `$HOME`) ->
 *    `<that dir>/.memdir`;
 * 3. the canonical git root -> `<root>/.memdir` (a subdirectory or a linked worktree resolves to the
 *    main checkout: never a nested `.memdir/`; a worktree of a bare repository uses its own root);
 * 4. `<cwd>/.memdir`.
 */
import { existsSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { ensureDir, writeFileAtomic } from "../core/fs.js";
import { findGitRoot, type GitRootInfo } from "./git-root.js";
import { type Env, envPath } from "./home.js";
import { projectKey } from "./project-key.js";
import { assertCwd } from "./validate.js";

/** The marker file that makes its directory the state root for everything below it. */
export const WORKSPACE_MARKER = ".memdir-workspace";
/** Name of the state root directory. */
export const STATE_DIR_NAME = ".memdir";

export interface StateRootOptions {
  /** Absolute working directory. */
  cwd: string;
  env: Env;
  /** The home directory: the marker walk stops before it (a marker in `$HOME` is ignored). */
  home?: string | undefined;
}

function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

/**
 * The nearest directory at or above `cwd` holding a `.memdir-workspace` file. The walk stops when it
 * reaches `home` (not checked: a marker in `$HOME` would capture every project) or the filesystem root.
 */
export function findWorkspaceMarker(cwd: string, home?: string): string | undefined {
  let dir = resolve(cwd);
  const stop = home ? resolve(home) : undefined;
  for (;;) {
    if (dir === stop) return undefined;
    if (isFile(join(dir, WORKSPACE_MARKER))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Resolves the `.memdir/` state root (DESIGN.md §3.2). `git` may be passed when already looked up
 * (`null` = outside git). Reads only marker/`.git` metadata; creates nothing.
 * @throws MemdirError BAD_INPUT when `cwd` is not absolute, BAD_PATH when `MEMDIR_STATE_DIR` is relative.
 */
export function resolveStateRoot(opts: StateRootOptions, git?: GitRootInfo | null): string {
  assertCwd(opts.cwd);
  if (git === undefined) git = findGitRoot(opts.cwd) ?? null;
  const root = git?.canonicalRoot ?? resolve(opts.cwd);
  const fromEnv = envPath(opts.env, "MEMDIR_STATE_DIR");
  if (fromEnv !== undefined) return tidy(join(fromEnv, projectKey(root)));
  const marker = findWorkspaceMarker(opts.cwd, opts.home);
  if (marker !== undefined) return tidy(join(marker, STATE_DIR_NAME));
  if (git)
    return tidy(join(git.kind === "bare-worktree" ? git.worktreeRoot : git.canonicalRoot, STATE_DIR_NAME));
  return tidy(join(opts.cwd, STATE_DIR_NAME));
}

function tidy(p: string): string {
  return resolve(p).normalize("NFC");
}

/**
 * Content of `.memdir/.gitignore`: everything is private except the shared snapshot dirs. The
 * `.gitignore` itself is ignored too, so creating `.memdir/` leaves `git status` clean.
 */
export const STATE_GITIGNORE = [
  "# memdir state is private; only the shared snapshots below may be committed.",
  "*",
  "!team-snapshots/",
  "!team-snapshots/**",
  "!agent-memory-snapshots/",
  "!agent-memory-snapshots/**",
  "",
].join("\n");

/**
 * Creates `stateRoot` (mode 0700) and its `.gitignore` when missing (an existing `.gitignore` is left
 * as the user edited it). Idempotent and cheap when both exist (one stat).
 * @throws the underlying fs error.
 */
export function ensureStateRoot(stateRoot: string): void {
  const gi = join(stateRoot, ".gitignore");
  if (existsSync(gi)) return;
  ensureDir(stateRoot);
  writeFileAtomic(gi, STATE_GITIGNORE, 0o644);
}
