/**
 * Pushing team memory: commit local changes through the gates, pull (merge) what teammates pushed,
 * scan every file the push would send once more (a file committed by hand gets the same gates), then
 * `git push`; a push the remote rejected because it moved on is pulled and tried once more. `ffOnly`
 * (the automatic push of an in-repo team dir) never merges into the project's branch: a branch that
 * diverged fails with kind `merge` and waits for an explicit push.
 */
import { type CommitResult, commitLocal, type Skipped } from "./commit.js";
import { secretGate, sizeGate, TEAM_FILE_MAX_BYTES } from "./gates.js";
import { classifyRemoteFailure, GitError, type RemoteFailure } from "./git.js";
import { type PullResult, pullTeam } from "./merge.js";
import { revParse, run, runRemote, type TeamRepo, toTeamRel, underTeam, upstreamOf } from "./repo.js";

export interface PushResult {
  commit: CommitResult;
  pull?: PullResult;
  /** Commits were sent. */
  pushed: boolean;
  /** Nothing to send. */
  upToDate: boolean;
  /** Files in outgoing commits that a gate refused: the push was held back. */
  blocked: Skipped[];
  failure?: { kind: RemoteFailure | "merge" | "outside" | "blocked"; message: string };
}

/** Repo paths changed between the upstream (or nothing, for a first push) and HEAD. */
async function outgoingPaths(repo: TeamRepo, base: string | undefined): Promise<string[]> {
  const args = base
    ? ["diff", "--name-only", "-z", "--no-renames", base, "HEAD"]
    : ["ls-tree", "-r", "-z", "--name-only", "HEAD"];
  const r = await run(repo, args);
  if (r.code !== 0) throw new GitError([args[0]!], r);
  return r.stdout.split("\0").filter((p) => p !== "");
}

/** The committed content of `paths` at HEAD, read by one `git cat-file --batch` (absent for a deleted path). */
async function headContents(repo: TeamRepo, paths: string[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (paths.length === 0) return out;
  const r = await run(repo, ["cat-file", "--batch"], paths.map((p) => `HEAD:${p}\n`).join(""));
  const buf = r.stdoutBytes;
  let at = 0;
  for (const p of paths) {
    const nl = buf.indexOf(10, at);
    if (nl < 0) break;
    const head = buf.subarray(at, nl).toString("utf8");
    at = nl + 1;
    const m = / blob (\d+)$/.exec(head);
    if (!m) continue; // `<object> missing`: deleted on this side
    const size = Number(m[1]);
    out.set(p, buf.subarray(at, at + size));
    at += size + 1;
  }
  return out;
}

/**
 * The size and secret gates again, on the committed content of every outgoing file (deleted ones have
 * none). `scanned` holds texts this push's commit step already found clean: those are not scanned twice.
 */
async function scanOutgoing(repo: TeamRepo, paths: string[], scanned: Set<string>): Promise<Skipped[]> {
  const out: Skipped[] = [];
  const contents = await headContents(repo, paths);
  for (const [p, bytes] of contents) {
    const rel = toTeamRel(repo, p);
    const text = bytes.toString("utf8");
    const size = bytes.length > TEAM_FILE_MAX_BYTES ? sizeGate("file.md", bytes.length) : undefined;
    const refusal = size ?? (scanned.has(text) ? undefined : await secretGate(text));
    if (refusal)
      out.push({
        file: rel,
        event: refusal.gate === "secret" ? "secret_skipped" : "size_skipped",
        reason: `${refusal.reason}; it is already committed, so the push is held back: amend the commit that added it`,
        committed: true,
      });
  }
  return out;
}

export async function pushTeam(
  repo: TeamRepo,
  opts: { nowIso: string; message?: string; ffOnly?: boolean },
): Promise<PushResult> {
  const commit = await commitLocal(repo, opts.message ?? "memdir: update team memory");
  const res: PushResult = { commit, pushed: false, upToDate: false, blocked: [] };
  const up = await upstreamOf(repo);
  if (!up)
    return {
      ...res,
      failure: { kind: "no-remote", message: "the team repository has no remote to push to" },
    };
  for (let attempt = 0; attempt < 2; attempt++) {
    res.pull = await pullTeam(repo, { nowIso: opts.nowIso, ...(opts.ffOnly ? { ffOnly: true } : {}) });
    if (res.pull.failure) return { ...res, failure: res.pull.failure };
    const head = await revParse(repo, "HEAD");
    const base = await revParse(repo, up.trackingRef);
    if (!head || head === base) return { ...res, upToDate: true };
    const paths = await outgoingPaths(repo, base);
    const outside = paths.filter((p) => !underTeam(repo, p));
    if (outside.length > 0) {
      return {
        ...res,
        failure: {
          kind: "outside",
          message: `the branch has ${outside.length} changed file(s) outside the team dir (${outside[0]}…); memdir pushes team commits only: push the branch yourself`,
        },
      };
    }
    res.blocked = await scanOutgoing(repo, paths, commit.scannedClean);
    if (res.blocked.length > 0)
      return { ...res, failure: { kind: "blocked", message: res.blocked[0]!.reason } };
    const r = await runRemote(repo, ["push", "--quiet", "--no-verify", up.remote, `HEAD:${up.mergeRef}`]);
    if (r.code === 0) {
      await run(repo, ["update-ref", up.trackingRef, head]);
      return { ...res, pushed: true };
    }
    const kind = classifyRemoteFailure(r);
    if (kind !== "rejected" || attempt === 1)
      return { ...res, failure: { kind, message: new GitError(["push"], r).message } };
  }
  return res;
}
