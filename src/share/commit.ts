/**
 * Committing local team-dir changes through the gates: each changed file is checked (kind, size,
 * secret); new files past the entry cap and files past the per-push byte budget stay local. Only the
 * files that passed are staged and committed (`git commit --only`), so nothing else the user staged in
 * the repository is ever committed by memdir.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { readTextIfExists } from "../core/fs.js";
import { pathGate, secretGate, sizeGate, syncable, TEAM_MAX_ENTRIES, TEAM_PUSH_MAX_BYTES } from "./gates.js";
import { GitError } from "./git.js";
import { identityArgs, run, type TeamRepo, toTeamRel } from "./repo.js";

/** A file a gate kept out of team memory, as reported in events (never its content). */
export interface Skipped {
  /** Path relative to the team dir. */
  file: string;
  /** The event kind: `secret_skipped`, `size_skipped`, `entries_capped`. */
  event: "secret_skipped" | "size_skipped" | "entries_capped";
  reason: string;
  /** Set when the file was already in a commit (the push is held back). */
  committed?: true;
}

export interface CommitResult {
  committed: string[];
  skipped: Skipped[];
  /** Changed files left for the next push by the per-push byte budget. */
  deferred: string[];
  /** Texts the secret gate found clean in this run (the push does not scan them again). */
  scannedClean: Set<string>;
}

interface Change {
  repoPath: string;
  rel: string;
  deleted: boolean;
  isNew: boolean;
}

/** Changed and untracked files under the team dir (`git status -z`, no rename detection). */
export async function localChanges(repo: TeamRepo): Promise<Change[]> {
  const r = await run(repo, [
    "status",
    "--porcelain=v1",
    "-z",
    "--no-renames",
    "--untracked-files=all",
    "--",
    repo.pathspec,
  ]);
  if (r.code !== 0) throw new GitError(["status"], r);
  const out: Change[] = [];
  for (const entry of r.stdout.split("\0")) {
    if (entry.length < 4) continue;
    const xy = entry.slice(0, 2);
    const repoPath = entry.slice(3);
    const rel = toTeamRel(repo, repoPath);
    if (!syncable(rel)) continue;
    out.push({ repoPath, rel, deleted: xy.includes("D"), isNew: xy === "??" || xy[0] === "A" });
  }
  return out.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/** Tracked syncable files under the team dir (the entries the cap counts). */
export async function trackedEntries(repo: TeamRepo): Promise<string[]> {
  const r = await run(repo, ["ls-files", "-z", "--", repo.pathspec]);
  return r.stdout.split("\0").filter((p) => p !== "" && syncable(toTeamRel(repo, p)));
}

/** Commits what passes the gates with `message`; resolves with what was committed, skipped, deferred. */
export async function commitLocal(repo: TeamRepo, message: string): Promise<CommitResult> {
  const changes = await localChanges(repo);
  const res: CommitResult = { committed: [], skipped: [], deferred: [], scannedClean: new Set() };
  if (changes.length === 0) return res;
  let entries = (await trackedEntries(repo)).length;
  let budget = TEAM_PUSH_MAX_BYTES;
  const take: Change[] = [];
  for (const c of changes) {
    if (c.deleted) {
      take.push(c);
      continue;
    }
    const abs = join(repo.gitCwd, c.repoPath);
    const st = lstatSync(abs, { throwIfNoEntry: false });
    if (!st?.isFile()) continue; // a link or a dir: never shared
    const size = sizeGate(c.rel, st.size);
    if (size) {
      res.skipped.push({ file: c.rel, event: "size_skipped", reason: size.reason });
      continue;
    }
    const byName = await pathGate(c.rel);
    if (byName) {
      res.skipped.push({ file: byName.shown, event: "secret_skipped", reason: byName.reason });
      continue;
    }
    const text = readTextIfExists(abs);
    if (text === undefined) continue; // gone since the status
    const secret = await secretGate(text);
    if (secret) {
      res.skipped.push({ file: c.rel, event: "secret_skipped", reason: secret.reason });
      continue;
    }
    res.scannedClean.add(text);
    if (c.isNew && entries >= TEAM_MAX_ENTRIES) {
      res.skipped.push({
        file: c.rel,
        event: "entries_capped",
        reason: `team memory holds ${entries} files, the cap is ${TEAM_MAX_ENTRIES}; this file stays local`,
      });
      continue;
    }
    if (st.size > budget) {
      res.deferred.push(c.rel);
      continue;
    }
    budget -= st.size;
    if (c.isNew) entries++;
    take.push(c);
  }
  if (take.length === 0) return res;
  const paths = take.map((c) => c.repoPath);
  const add = await run(repo, ["add", "-A", "--", ...paths]);
  if (add.code !== 0) throw new GitError(["add"], add);
  const commit = await run(repo, [
    ...(await identityArgs(repo)),
    "commit",
    "--quiet",
    "--no-verify",
    "-m",
    message,
    "--only",
    "--",
    ...paths,
  ]);
  if (commit.code !== 0 && !/nothing to commit|no changes added/i.test(commit.stdout + commit.stderr))
    throw new GitError(["commit"], commit);
  res.committed = take.map((c) => c.rel);
  return res;
}
