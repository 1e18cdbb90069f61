/**
 * Pushing team memory: commit local changes through the gates, pull (merge) what teammates pushed,
 * scan every blob and path of every commit the push would send (a file committed by hand, even one
 * cleaned by a later commit, gets the same gates; any finding holds the whole push back), then
 * `git push`; a push the remote rejected because it moved on is pulled and tried once more. `ffOnly`
 * (the automatic push of an in-repo team dir) never merges into the project's branch: a branch that
 * diverged fails with kind `merge` and waits for an explicit push.
 */
import { type CommitResult, commitLocal, type Skipped } from "./commit.js";
import { pathGate, secretGate, sizeGate, TEAM_FILE_MAX_BYTES } from "./gates.js";
import { classifyRemoteFailure, GitError, type RemoteFailure } from "./git.js";
import { type PullResult, pullTeam, withHint } from "./merge.js";
import {
  revParse,
  run,
  runRemote,
  type TeamRepo,
  toTeamRel,
  type Upstream,
  underTeam,
  upstreamOf,
} from "./repo.js";

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

/** A blob the push would send: its id, the repo path it was first seen at, its size in bytes. */
interface OutgoingBlob {
  id: string;
  path: string;
  size: number;
}

/**
 * Every blob the push would send: objects reachable from HEAD and not from `base` (all of HEAD's
 * history when the remote branch does not exist yet), so a secret in an earlier local commit is found
 * even after a later commit removed it.
 */
async function outgoingBlobs(repo: TeamRepo, base: string | undefined): Promise<OutgoingBlob[]> {
  const r = await run(repo, ["rev-list", "--objects", "HEAD", ...(base ? ["--not", base] : [])]);
  if (r.code !== 0) throw new GitError(["rev-list"], r);
  const named = new Map<string, string>();
  for (const line of r.stdout.split("\n")) {
    const sp = line.indexOf(" ");
    if (sp > 0 && !named.has(line.slice(0, sp))) named.set(line.slice(0, sp), line.slice(sp + 1));
  }
  if (named.size === 0) return [];
  const ids = [...named.keys()];
  const c = await run(
    repo,
    ["cat-file", "--batch-check=%(objectname) %(objecttype) %(objectsize)"],
    `${ids.join("\n")}\n`,
  );
  const out: OutgoingBlob[] = [];
  for (const line of c.stdout.split("\n")) {
    const [id, type, size] = line.split(" ");
    if (type === "blob" && id) out.push({ id, path: named.get(id) ?? "", size: Number(size) });
  }
  return out;
}

/** The contents of `blobs`, read by one `git cat-file --batch`, by blob id. */
async function blobContents(repo: TeamRepo, blobs: OutgoingBlob[]): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  if (blobs.length === 0) return out;
  const r = await run(repo, ["cat-file", "--batch"], blobs.map((b) => `${b.id}\n`).join(""));
  const buf = r.stdoutBytes;
  let at = 0;
  while (at < buf.length) {
    const nl = buf.indexOf(10, at);
    if (nl < 0) break;
    const m = /^(\S+) blob (\d+)$/.exec(buf.subarray(at, nl).toString("utf8"));
    at = nl + 1;
    if (!m) continue;
    const size = Number(m[2]);
    out.set(m[1]!, buf.subarray(at, at + size));
    at += size + 1;
  }
  return out;
}

/** What to do about a refused file that is already in a local commit. */
function rewriteHint(repo: TeamRepo, up: Upstream, base: string | undefined): string {
  const reset = base
    ? `git -C ${repo.gitCwd} reset --soft ${up.trackingRef.replace(/^refs\/remotes\//, "")}`
    : `git -C ${repo.gitCwd} update-ref -d HEAD`;
  return `it is in a local commit, so the whole push is held back: clean the file, rewrite the local commits (\`${reset}\`, then \`memdir team push\` commits again)`;
}

/**
 * The size and secret gates again, on every blob of every outgoing commit and on its path. `scanned`
 * holds texts this push's commit step already found clean: those are not scanned twice.
 */
async function scanOutgoing(
  repo: TeamRepo,
  blobs: OutgoingBlob[],
  scanned: Set<string>,
  hint: string,
): Promise<Skipped[]> {
  const out: Skipped[] = [];
  const contents = await blobContents(repo, blobs);
  for (const b of blobs) {
    const rel = underTeam(repo, b.path) ? toTeamRel(repo, b.path) : b.path;
    const bytes = contents.get(b.id) ?? Buffer.alloc(0);
    const text = bytes.toString("utf8");
    const size = b.size > TEAM_FILE_MAX_BYTES ? sizeGate("file.md", b.size) : undefined;
    const byName = await pathGate(b.path);
    const refusal = size ?? byName ?? (scanned.has(text) ? undefined : await secretGate(text));
    if (refusal) {
      out.push({
        file: byName ? byName.shown : rel,
        event: refusal.gate === "secret" ? "secret_skipped" : "size_skipped",
        reason: `${refusal.reason}; ${hint}`,
        committed: true,
      });
    }
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
    const blobs = await outgoingBlobs(repo, base);
    res.blocked = await scanOutgoing(repo, blobs, commit.scannedClean, rewriteHint(repo, up, base));
    if (res.blocked.length > 0)
      return { ...res, failure: { kind: "blocked", message: res.blocked[0]!.reason } };
    const r = await runRemote(repo, ["push", "--quiet", "--no-verify", up.remote, `HEAD:${up.mergeRef}`]);
    if (r.code === 0) {
      await run(repo, ["update-ref", up.trackingRef, head]);
      return { ...res, pushed: true };
    }
    const kind = classifyRemoteFailure(r);
    if (kind !== "rejected" || attempt === 1)
      return { ...res, failure: { kind, message: withHint(new GitError(["push"], r).message, kind) } };
  }
  return res;
}
