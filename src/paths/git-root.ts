/**
 * Canonical git root by reading files only (no `git` process: hooks must stay cheap). DESIGN.md §3.1:
 * every worktree of a repository shares one memory dir, keyed by the main checkout
 * (Claude Code >= 2.1.63 resolves `.git` -> `gitdir:` -> common dir the same way).
 */
import { realpathSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { readTextIfExists } from "../core/fs.js";

export interface GitRootInfo {
  /** The directory that holds `.git` (the top level of this checkout or linked worktree). */
  worktreeRoot: string;
  /**
   * The main checkout for a linked worktree (`<common dir>/..`), else `worktreeRoot`. For a worktree
   * of a bare repository it is the bare common dir itself (there is no main checkout).
   */
  canonicalRoot: string;
  /**
   * - `repo`: `.git` is a directory;
   * - `linked-worktree`: `.git` is a file whose gitdir has a `commondir` (a `git worktree add` checkout);
   * - `bare-worktree`: a linked worktree of a bare repository;
   * - `gitfile`: `.git` is a file without a common dir (submodule, `--separate-git-dir`), or a
   *   worktree link that does not verify (then it counts as its own root).
   */
  kind: "repo" | "linked-worktree" | "bare-worktree" | "gitfile";
}

function readText(path: string): string | undefined {
  try {
    return readTextIfExists(path, 64 * 1024);
  } catch {
    return undefined;
  }
}

function statOrUndefined(path: string): ReturnType<typeof statSync> {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined; // EACCES, ENOTDIR, ...: treat as absent
  }
}

function samePath(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return realpathSync(a) === realpathSync(b);
  } catch {
    return false;
  }
}

/**
 * Resolves a `.git` file in `dir`. A worktree link counts only when it verifies both ways: the gitdir
 * lives in `<common>/worktrees/` and its `gitdir` file points back at this `.git` file, so a stray or
 * planted `.git` file cannot borrow another repository's memory dir.
 */
function fromGitFile(dir: string): GitRootInfo {
  const own: GitRootInfo = { worktreeRoot: dir, canonicalRoot: dir, kind: "gitfile" };
  const m = /^gitdir:[ \t]*(.+?)[ \t]*\r?$/m.exec(readText(join(dir, ".git")) ?? "");
  if (!m) return own;
  const gitdir = resolve(dir, m[1]!);
  const commondir = readText(join(gitdir, "commondir"))?.trim();
  if (!commondir) return own;
  const common = resolve(gitdir, commondir);
  if (!samePath(dirname(gitdir), join(common, "worktrees"))) return own;
  const back = readText(join(gitdir, "gitdir"))?.trim();
  if (!back || !samePath(resolve(gitdir, back), join(dir, ".git"))) return own;
  if (basename(common) !== ".git") return { worktreeRoot: dir, canonicalRoot: common, kind: "bare-worktree" };
  return { worktreeRoot: dir, canonicalRoot: dirname(common), kind: "linked-worktree" };
}

/**
 * Walks up from `cwd` to the first directory containing `.git` (a directory or a file) and resolves
 * it. Costs one `stat` per level plus, for a `.git` file, three small reads. Never throws.
 * @param cwd absolute directory
 * @returns `undefined` outside git.
 */
export function findGitRoot(cwd: string): GitRootInfo | undefined {
  let dir = resolve(cwd);
  for (;;) {
    const st = statOrUndefined(join(dir, ".git"));
    if (st?.isDirectory()) return { worktreeRoot: dir, canonicalRoot: dir, kind: "repo" };
    if (st?.isFile()) return fromGitFile(dir);
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * The canonical git root of `cwd`: the main checkout for a linked worktree, the repository root for
 * a subdirectory; `undefined` outside git. No `git` process is spawned.
 */
export function canonicalGitRoot(cwd: string): string | undefined {
  return findGitRoot(cwd)?.canonicalRoot;
}
