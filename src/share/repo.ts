/**
 * The git repository behind a team dir: a dedicated clone (`<memory dir>/team/` is its top level) or
 * the project repository (the team dir is one folder of it; only files under that folder are ever
 * committed). Which remote and branch it syncs with, read from git itself.
 */
import { existsSync } from "node:fs";
import { readTeamConfig, type TeamConfig, teamDirOf } from "../store/index.js";
import { type Env, GIT_NETWORK_TIMEOUT_MS, git } from "./git.js";

export interface TeamRepo {
  memoryDir: string;
  config: TeamConfig;
  /** Absolute team dir. */
  teamDir: string;
  /** Where git runs: the repository's top level. */
  gitCwd: string;
  /** The team dir relative to `gitCwd` (`.` for a dedicated clone), `/`-separated: every git call is limited to it. */
  pathspec: string;
  env: Env;
  /** Bound of calls that reach the remote, ms. */
  networkTimeoutMs: number;
}

export interface Upstream {
  remote: string;
  /** `refs/heads/<branch>` on the remote. */
  mergeRef: string;
  /** The local remote-tracking ref, e.g. `refs/remotes/origin/main`. */
  trackingRef: string;
}

/** The team repo of `memoryDir`, or undefined when team memory was never set up there. */
export function openTeamRepo(
  memoryDir: string,
  env: Env,
  opts: { networkTimeoutMs?: number } = {},
): TeamRepo | undefined {
  const config = readTeamConfig(memoryDir);
  if (!config) return undefined;
  const teamDir = teamDirOf(memoryDir, config);
  const inRepo = config.mode === "in-repo";
  const gitCwd = inRepo ? config.repoRoot! : teamDir;
  if (!existsSync(gitCwd)) return undefined;
  return {
    memoryDir,
    config,
    teamDir,
    gitCwd,
    pathspec: inRepo ? config.path! : ".",
    env,
    networkTimeoutMs: opts.networkTimeoutMs ?? GIT_NETWORK_TIMEOUT_MS,
  };
}

/** `git <args>` in the repo (local time bound). */
export const run = (repo: TeamRepo, args: string[], input?: string) =>
  git(args, { cwd: repo.gitCwd, env: repo.env, ...(input === undefined ? {} : { input }) });

/** `git <args>` that reaches the remote (network time bound). */
export const runRemote = (repo: TeamRepo, args: string[]) =>
  git(args, { cwd: repo.gitCwd, env: repo.env, timeoutMs: repo.networkTimeoutMs });

/** The current branch name, or undefined on a detached HEAD. */
export async function currentBranch(repo: TeamRepo): Promise<string | undefined> {
  const r = await run(repo, ["symbolic-ref", "--quiet", "--short", "HEAD"]);
  return r.code === 0 ? r.stdout.trim() : undefined;
}

/**
 * Where the current branch syncs: its configured upstream, else (a dedicated clone) `origin` and the
 * same branch name. Undefined when there is none (no remote: a permanent failure for push).
 */
export async function upstreamOf(repo: TeamRepo): Promise<Upstream | undefined> {
  const branch = await currentBranch(repo);
  if (!branch) return undefined;
  const cfg = async (key: string) => {
    const r = await run(repo, ["config", "--get", key]);
    return r.code === 0 ? r.stdout.trim() : undefined;
  };
  let remote = await cfg(`branch.${branch}.remote`);
  let mergeRef = await cfg(`branch.${branch}.merge`);
  if ((!remote || !mergeRef) && repo.config.mode === "repo" && (await cfg("remote.origin.url"))) {
    remote = "origin";
    mergeRef = `refs/heads/${branch}`;
  }
  if (!remote || !mergeRef || remote === ".") return undefined;
  return {
    remote,
    mergeRef,
    trackingRef: `refs/remotes/${remote}/${mergeRef.replace(/^refs\/heads\//, "")}`,
  };
}

/** The commit `ref` names, or undefined when it does not exist. */
export async function revParse(repo: TeamRepo, ref: string): Promise<string | undefined> {
  const r = await run(repo, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
  return r.code === 0 ? r.stdout.trim() : undefined;
}

/** Paths (relative to the team dir) of `git -z` output listing repo paths under the pathspec. */
export function toTeamRel(repo: TeamRepo, repoPath: string): string {
  return repo.pathspec === "." ? repoPath : repoPath.slice(repo.pathspec.length + 1);
}
export function toRepoPath(repo: TeamRepo, rel: string): string {
  return repo.pathspec === "." ? rel : `${repo.pathspec}/${rel}`;
}
/** True when a repo path lies under the team dir. */
export function underTeam(repo: TeamRepo, repoPath: string): boolean {
  return repo.pathspec === "." || repoPath.startsWith(`${repo.pathspec}/`);
}

const identityCache = new Map<string, string[]>();
/**
 * `-c user.name=… -c user.email=…` when the repository has no committer identity configured (memdir's
 * commits then say `memdir`), else nothing: the user's own identity is never overridden.
 */
export async function identityArgs(repo: TeamRepo): Promise<string[]> {
  const hit = identityCache.get(repo.gitCwd);
  if (hit) return hit;
  const email = await run(repo, ["config", "--get", "user.email"]);
  const name = await run(repo, ["config", "--get", "user.name"]);
  const args: string[] = [];
  if (name.code !== 0 || name.stdout.trim() === "") args.push("-c", "user.name=memdir");
  if (email.code !== 0 || email.stdout.trim() === "") args.push("-c", "user.email=memdir@localhost");
  identityCache.set(repo.gitCwd, args);
  return args;
}
