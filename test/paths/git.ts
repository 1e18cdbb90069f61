/** Real git repositories for the paths tests (git is installed; tests run real `git`). */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

/** Runs git in `cwd` with a neutral identity and no user/system config; returns trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
}

/** `<parent>/<name>` as a git repo with one commit. */
export function initRepo(parent: string, name = "repo"): string {
  const dir = join(parent, name);
  mkdirSync(dir, { recursive: true });
  git(dir, "init", "-q", "-b", "main");
  git(dir, "commit", "-q", "--allow-empty", "-m", "init");
  return dir;
}

/** Adds a linked worktree of `repo` at `path` on a new branch. */
export function addWorktree(repo: string, path: string, branch = "wt"): string {
  git(repo, "worktree", "add", "-q", "-b", branch, path);
  return path;
}
