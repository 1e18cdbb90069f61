/**
 * `memdir team init`: a dedicated repository cloned into `<memory dir>/team/`, or a folder of the
 * project repository (`--in-repo <path>`) recorded in `<memory dir>/.team.json`. Files already in the
 * team dir are kept (new ones are local changes the next push sends through the gates).
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { MemdirError } from "../core/errors.js";
import { readTextIfExists } from "../core/fs.js";
import { writeJsonAtomic } from "../core/json.js";
import { uniqueSuffix } from "../core/unique.js";
import { TEAM_CONFIG_FILE, type TeamConfig } from "../store/index.js";
import { keepBoth } from "./conflict.js";
import { type Env, GIT_NETWORK_TIMEOUT_MS, GitError, git } from "./git.js";

export interface InitResult {
  config: TeamConfig;
  teamDir: string;
  /** Files that were in the team dir and differ from the remote's: both versions kept (conflict.ts). */
  conflicts: string[];
}

function initFailed(what: string, e: GitError | string, hint: string): MemdirError {
  return new MemdirError("IO", `memdir team init: ${what}`, {
    expected:
      "a git repository memdir can reach without a prompt (credentials from a helper, ssh agent or key)",
    received: typeof e === "string" ? e : e.message,
    hint,
  });
}

/**
 * Moves the clone's `.git` into a team dir that already holds files: the remote's files missing here are
 * checked out, a file here that differs from the remote's keeps both versions; files only here stay as
 * new local files. Returns the files with both versions.
 */
async function adoptExisting(clone: string, teamDir: string, env: Env, nowIso: string): Promise<string[]> {
  renameSync(join(clone, ".git"), join(teamDir, ".git"));
  rmSync(clone, { recursive: true, force: true });
  const opts = { cwd: teamDir, env };
  await git(["reset", "--quiet"], opts); // the index follows HEAD; the files here are not touched
  const list = async (flag: string) =>
    (await git(["ls-files", flag, "-z"], opts)).stdout.split("\0").filter((p) => p !== "");
  const missing = await list("--deleted");
  if (missing.length > 0) await git(["checkout", "--", ...missing], opts);
  const differ = (await list("--modified")).filter((p) => !missing.includes(p));
  for (const p of differ) {
    const theirs = await git(["show", `HEAD:${p}`], opts);
    writeFileSync(
      join(teamDir, p),
      keepBoth(readTextIfExists(join(teamDir, p)) ?? "", theirs.stdout, "HEAD", nowIso),
    );
  }
  return differ;
}

/** Clones `remote` into `<memoryDir>/team` (keeping files already there). Throws MemdirError IO when git fails. */
export async function initTeamRemote(
  memoryDir: string,
  remote: string,
  env: Env,
  nowIso: string,
  timeoutMs = GIT_NETWORK_TIMEOUT_MS,
): Promise<InitResult> {
  const teamDir = join(memoryDir, "team");
  if (existsSync(join(teamDir, ".git")))
    throw initFailed(
      "the team dir is already a git repository",
      teamDir,
      "use `memdir team status`, or remove team/.git to start over",
    );
  mkdirSync(memoryDir, { recursive: true, mode: 0o700 });
  const existing = existsSync(teamDir) && readdirSync(teamDir).length > 0;
  const target = existing ? join(memoryDir, `.team-clone-${uniqueSuffix()}`) : teamDir;
  // `core.symlinks=false`: a symbolic link a teammate committed is checked out as a plain file holding
  // the target path, never as a link (the clone's config keeps it for every later checkout and merge).
  const r = await git(["clone", "--quiet", "--no-tags", "-c", "core.symlinks=false", "--", remote, target], {
    cwd: memoryDir,
    env,
    timeoutMs,
  });
  if (r.code !== 0) {
    rmSync(target, { recursive: true, force: true });
    throw initFailed(
      `cannot clone ${remote}`,
      new GitError(["clone"], r),
      "check the URL and that `git ls-remote <remote>` works without a prompt",
    );
  }
  const conflicts = existing ? await adoptExisting(target, teamDir, env, nowIso) : [];
  const config: TeamConfig = { mode: "repo", remote };
  writeJsonAtomic(join(memoryDir, TEAM_CONFIG_FILE), config);
  return { config, teamDir, conflicts };
}

/**
 * Uses folder `path` (relative to the project repository's top level, or absolute inside it) as the
 * team dir. Throws MemdirError BAD_PATH when the project is not a git repository or the path leaves it.
 */
export async function initTeamInRepo(
  memoryDir: string,
  projectRoot: string,
  path: string,
  env: Env,
): Promise<InitResult> {
  const top = await git(["rev-parse", "--show-toplevel"], { cwd: projectRoot, env });
  if (top.code !== 0)
    throw new MemdirError("BAD_PATH", "memdir team init --in-repo: the project is not a git repository", {
      expected: "a project inside a git repository with a remote",
      received: projectRoot,
      hint: "run `git init` and add a remote, or use `memdir team init <remote>` for a dedicated repository",
    });
  const repoRoot = top.stdout.trim();
  const abs = isAbsolute(path) ? resolve(path) : resolve(repoRoot, path);
  const rel = relative(repoRoot, abs);
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel) || rel.split(sep).some((s) => s.startsWith(".")))
    throw new MemdirError(
      "BAD_PATH",
      `memdir team init --in-repo: ${path} is not a folder inside the repository`,
      {
        expected: "a folder below the repository's top level, without hidden segments, e.g. docs/team-memory",
        received: path,
        hint: `give a path relative to ${repoRoot}`,
      },
    );
  mkdirSync(abs, { recursive: true });
  const config: TeamConfig = { mode: "in-repo", repoRoot, path: rel.split(sep).join("/") };
  writeJsonAtomic(join(memoryDir, TEAM_CONFIG_FILE), config);
  return { config, teamDir: abs, conflicts: [] };
}
