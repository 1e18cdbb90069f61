/**
 * Pulling team memory: fetch the upstream, then `git merge` it. A conflicting team file keeps both
 * sides (conflict.ts) and the merge is committed so sync goes on; a conflict outside the team dir (an
 * in-repo team dir) is never touched: the merge is aborted and reported.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { keepBoth } from "./conflict.js";
import { classifyRemoteFailure, GitError, type RemoteFailure, whatToDo } from "./git.js";
import {
  identityArgs,
  revParse,
  run,
  runRemote,
  type TeamRepo,
  toTeamRel,
  type Upstream,
  underTeam,
  upstreamOf,
} from "./repo.js";

export interface PullResult {
  /** HEAD moved (files in the team dir may have changed). */
  updated: boolean;
  /** Team files whose two versions were both kept (relative to the team dir). */
  conflicts: string[];
  /** Why nothing was pulled: no upstream, the remote failed, or git refused the merge. */
  failure?: { kind: RemoteFailure | "merge"; message: string };
}

/** Fetches the upstream branch; `empty` when the remote has no such branch yet. */
export async function fetchUpstream(
  repo: TeamRepo,
  up: Upstream,
): Promise<{ ok: true; empty: boolean } | { ok: false; kind: RemoteFailure; message: string }> {
  const r = await runRemote(repo, [
    "fetch",
    "--quiet",
    "--no-tags",
    up.remote,
    `+${up.mergeRef}:${up.trackingRef}`,
  ]);
  if (r.code === 0) return { ok: true, empty: false };
  if (/couldn't find remote ref/i.test(r.stderr)) return { ok: true, empty: true };
  return { ok: false, kind: classifyRemoteFailure(r), message: new GitError(["fetch"], r).message };
}

/** A failure message with its what-to-do line. */
export function withHint(message: string, kind: RemoteFailure | "merge"): string {
  const hint = whatToDo(kind);
  return hint ? `${message}; ${hint}` : message;
}

async function unmerged(repo: TeamRepo): Promise<string[]> {
  const r = await run(repo, ["diff", "--name-only", "-z", "--diff-filter=U"]);
  return r.stdout.split("\0").filter((p) => p !== "");
}

async function stage(repo: TeamRepo, n: 2 | 3, path: string): Promise<string | undefined> {
  const r = await run(repo, ["show", `:${n}:${path}`]);
  return r.code === 0 ? r.stdout : undefined;
}

/**
 * Fetches and merges the upstream into the current branch. `ffOnly` (the automatic pull into a
 * project repository) only fast-forwards and leaves anything else to an explicit pull.
 */
export async function pullTeam(
  repo: TeamRepo,
  opts: { ffOnly?: boolean; nowIso: string },
): Promise<PullResult> {
  const up = await upstreamOf(repo);
  if (!up)
    return {
      updated: false,
      conflicts: [],
      failure: { kind: "no-remote", message: "the branch has no remote to pull from" },
    };
  // A dedicated team repository never checks a symbolic link out as a link (one made before this
  // setting existed keeps it from now on); a project repository's own settings are left alone.
  if (repo.config.mode === "repo") await run(repo, ["config", "core.symlinks", "false"]);
  const f = await fetchUpstream(repo, up);
  if (!f.ok)
    return { updated: false, conflicts: [], failure: { kind: f.kind, message: withHint(f.message, f.kind) } };
  if (f.empty) return { updated: false, conflicts: [] };
  const theirs = await revParse(repo, up.trackingRef);
  const before = await revParse(repo, "HEAD");
  if (!theirs || theirs === before) return { updated: false, conflicts: [] };
  const id = await identityArgs(repo);
  const mode = opts.ffOnly ? ["--ff-only"] : ["--no-edit", "-m", "memdir: merge team memory"];
  let m = await run(repo, [...id, "merge", "--quiet", "--no-verify", ...mode, theirs]);
  // Two teammates who both started from an empty remote have unrelated histories; in a dedicated team
  // repository they are merged (a file both added keeps both sides below). A project repository's
  // unrelated history is never merged by memdir.
  if (
    m.code !== 0 &&
    !opts.ffOnly &&
    repo.config.mode === "repo" &&
    /refusing to merge unrelated histories/i.test(m.stderr)
  )
    m = await run(repo, [
      ...id,
      "merge",
      "--quiet",
      "--no-verify",
      "--allow-unrelated-histories",
      ...mode,
      theirs,
    ]);
  if (m.code === 0) return { updated: (await revParse(repo, "HEAD")) !== before, conflicts: [] };
  const files = await unmerged(repo);
  if (files.length === 0 || files.some((p) => !underTeam(repo, p))) {
    if (files.length > 0) await run(repo, ["merge", "--abort"]);
    return {
      updated: false,
      conflicts: [],
      failure: { kind: "merge", message: withHint(new GitError(["merge"], m).message, "merge") },
    };
  }
  for (const p of files) {
    const text = keepBoth(await stage(repo, 2, p), await stage(repo, 3, p), theirs, opts.nowIso);
    writeFileSync(join(repo.gitCwd, p), text);
  }
  const add = await run(repo, ["add", "--", ...files]);
  const c = await run(repo, [...id, "commit", "--quiet", "--no-verify", "--no-edit"]);
  if (add.code !== 0 || c.code !== 0) {
    return {
      updated: false,
      conflicts: [],
      failure: {
        kind: "merge",
        message: withHint(new GitError(["commit"], c.code ? c : add).message, "merge"),
      },
    };
  }
  return { updated: true, conflicts: files.map((p) => toTeamRel(repo, p)) };
}
