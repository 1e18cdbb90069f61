/**
 * Whose `.memdir/` is this? A state root inside the project that git tracks files of arrived with the
 * repository (a clone, a pull): someone else wrote its notepad, session records and summaries, so
 * memdir never reads them as the user's notes and never writes the user's into it (they would be
 * committed). Such a project's state lives in `<memdirHome>/state/<projectKey>/` instead.
 *
 * The verdict is cached per project in `<memdirHome>/state-roots/<projectKey>.json` as
 * `{stateRoot, dev, ino, verdict: "own" | "tracked", tracked?, checkedAtMs}`: an "own" verdict holds
 * while `.memdir` is the same directory (device + inode; a fresh clone at the same path is a new
 * one); a "tracked" verdict is checked again after TRACKED_RECHECK_MS (the user may have untracked
 * it). Checking runs `git ls-files` once per verdict (a few ms); the cached path costs one read.
 */
import { lstatSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { readInputBytes } from "../core/input-file.js";
import { readJsonFile, writeJsonAtomic } from "../core/json.js";
import { findGitRoot } from "./git-root.js";
import { projectKey } from "./project-key.js";

/** How long a "tracked" verdict is trusted before git is asked again (ms). */
export const TRACKED_RECHECK_MS = 10 * 60_000;

export type StateOwnership =
  /** No `.memdir` yet, or one the user's memdir made (or one git does not track). */
  | { verdict: "own" }
  /** Git tracks these files under `.memdir/` (paths relative to the project, at most 20). */
  | { verdict: "tracked"; tracked: string[] };

interface Cached {
  stateRoot: string;
  dev: number;
  ino: number;
  verdict: "own" | "tracked";
  tracked?: string[];
  checkedAtMs: number;
}

/** The cache file of a project's verdict. */
export function ownershipFile(memdirHome: string, projectRoot: string): string {
  return join(memdirHome, "state-roots", `${projectKey(projectRoot)}.json`);
}

/**
 * The files git tracks under `stateRoot` (a directory inside a work tree), [] when none or outside
 * git. Runs `git ls-files -z` (3 s timeout); without a usable git, a tracked path is looked for in
 * the repository's index file instead.
 */
export function gitTrackedUnder(stateRoot: string): string[] {
  const base = dirname(stateRoot);
  const name = stateRoot.slice(base.length + 1);
  const { spawnSync } = process.getBuiltinModule("node:child_process");
  const r = spawnSync("git", ["ls-files", "-z", "--cached", "--", name], {
    cwd: base,
    encoding: "utf8",
    timeout: 3_000,
    env: { ...process.env, GIT_OPTIONAL_LOCKS: "0", GIT_DIR: undefined, GIT_WORK_TREE: undefined },
  });
  if (!r.error && r.status === 0) return r.stdout.split("\0").filter(Boolean).slice(0, 20);
  if (!r.error) return []; // git says: not a work tree
  // No git program: the index of a plain checkout lists tracked paths in clear (index v2/v3).
  const git = findGitRoot(base);
  if (git?.kind !== "repo") return [];
  let index: Buffer | undefined;
  try {
    index = readInputBytes(join(git.worktreeRoot, ".git", "index"), 64 * 1024 * 1024);
  } catch {
    return [];
  }
  const rel = `${relative(git.worktreeRoot, stateRoot).split(sep).join("/")}/`;
  return index?.includes(rel, 0, "latin1") ? [`${rel} (found in the git index)`] : [];
}

/**
 * The ownership of the in-project state root `stateRoot` of `projectRoot` (see the module doc),
 * caching the verdict. `tracked` is injectable for tests (default `gitTrackedUnder`).
 */
export function stateOwnership(
  stateRoot: string,
  projectRoot: string,
  memdirHome: string,
  nowMs: number,
  tracked: (stateRoot: string) => string[] = gitTrackedUnder,
): StateOwnership {
  let st: ReturnType<typeof lstatSync>;
  try {
    st = lstatSync(stateRoot);
  } catch {
    return { verdict: "own" }; // nothing there: what memdir creates is the user's
  }
  const file = ownershipFile(memdirHome, projectRoot);
  const c = readJsonFile<Cached | null>(file, null, true);
  const same = c?.stateRoot === stateRoot && c.dev === st.dev && c.ino === st.ino;
  if (same && c.verdict === "own") return { verdict: "own" };
  if (same && c.verdict === "tracked" && nowMs - c.checkedAtMs < TRACKED_RECHECK_MS)
    return { verdict: "tracked", tracked: c.tracked ?? [] };
  const found = tracked(stateRoot);
  const next: Cached = {
    stateRoot,
    dev: st.dev,
    ino: st.ino,
    verdict: found.length ? "tracked" : "own",
    ...(found.length ? { tracked: found } : {}),
    checkedAtMs: nowMs,
  };
  try {
    writeJsonAtomic(file, next, { durable: false });
  } catch {
    // the verdict is recomputed next time
  }
  return found.length ? { verdict: "tracked", tracked: found } : { verdict: "own" };
}

/**
 * Records that memdir itself just created `stateRoot` (no git check needed later).
 */
export function recordOwnStateRoot(
  stateRoot: string,
  projectRoot: string,
  memdirHome: string,
  nowMs: number,
): void {
  try {
    const st = lstatSync(stateRoot);
    writeJsonAtomic(
      ownershipFile(memdirHome, projectRoot),
      { stateRoot, dev: st.dev, ino: st.ino, verdict: "own", checkedAtMs: nowMs } satisfies Cached,
      { durable: false },
    );
  } catch {
    // the git check decides next time
  }
}
