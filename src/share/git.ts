/**
 * The `git` CLI as team memory's sync engine. Every call is an `execFile` of the
 * real `git` with a time bound (SIGKILL when over), never an interactive prompt (`GIT_TERMINAL_PROMPT=0`,
 * `GCM_INTERACTIVE=never`, ssh in batch mode unless the user set `GIT_SSH_COMMAND`), never a hook of the
 * user's (`core.hooksPath=/dev/null`), never a signing prompt, and messages in English (`LC_ALL=C`) so
 * failures can be told apart.
 */
import { execFile } from "node:child_process";

export type Env = Record<string, string | undefined>;

/** Bound of a local git call (ms). */
export const GIT_LOCAL_TIMEOUT_MS = 15_000;
/** Default bound of a call that reaches the remote (fetch, push, clone, ls-remote), in ms. */
export const GIT_NETWORK_TIMEOUT_MS = 30_000;

export interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout as bytes (blob contents are not always UTF-8). */
  stdoutBytes: Buffer;
  /** Killed at the time bound. */
  timedOut: boolean;
}

export interface GitOptions {
  cwd: string;
  env: Env;
  timeoutMs?: number;
  /** Bytes to write on stdin. */
  input?: string;
}

const SAFE_CONFIG = [
  "core.hooksPath=/dev/null",
  "commit.gpgsign=false",
  "tag.gpgsign=false",
  "core.autocrlf=false",
  "core.fsmonitor=false",
  "core.quotepath=false",
  "merge.conflictstyle=merge",
  "advice.detachedHead=false",
  "init.defaultBranch=main",
];

/** The environment git runs in: the caller's, made non-interactive. */
export function gitEnv(env: Env): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = v;
  out.GIT_TERMINAL_PROMPT = "0";
  out.GCM_INTERACTIVE = "never";
  out.GIT_EDITOR = "true";
  out.GIT_MERGE_AUTOEDIT = "no";
  out.LC_ALL = "C";
  out.SSH_ASKPASS = "";
  out.GIT_ASKPASS = env.GIT_ASKPASS ?? "";
  out.GIT_SSH_COMMAND ??= "ssh -o BatchMode=yes -o ConnectTimeout=10";
  return out;
}

/** Runs `git <args>` in `opts.cwd`; resolves with its exit code and output (never rejects for a git failure). */
export function git(args: string[], opts: GitOptions): Promise<GitResult> {
  const argv = [...SAFE_CONFIG.flatMap((c) => ["-c", c]), ...args];
  return new Promise((resolve) => {
    const child = execFile(
      "git",
      argv,
      {
        cwd: opts.cwd,
        env: gitEnv(opts.env),
        timeout: opts.timeoutMs ?? GIT_LOCAL_TIMEOUT_MS,
        killSignal: "SIGKILL",
        maxBuffer: 32 << 20,
        encoding: "buffer",
      },
      (err, stdout, stderr) => {
        const e = err as (NodeJS.ErrnoException & { killed?: boolean; code?: unknown }) | null;
        const timedOut = !!e?.killed;
        const code = e ? (typeof e.code === "number" ? e.code : timedOut ? 124 : 127) : 0;
        const spawnError = e && typeof e.code === "string" ? `${e.code}: ${e.message}\n` : "";
        const bytes = Buffer.isBuffer(stdout) ? stdout : Buffer.from(String(stdout));
        resolve({
          code,
          stdout: bytes.toString("utf8"),
          stdoutBytes: bytes,
          stderr: spawnError + String(stderr),
          timedOut,
        });
      },
    );
    if (opts.input !== undefined) child.stdin?.end(opts.input);
    else child.stdin?.end();
  });
}

/** Like `git` but throws an Error with git's message when the exit code is not 0. */
export async function gitOk(args: string[], opts: GitOptions): Promise<string> {
  const r = await git(args, opts);
  if (r.code !== 0) throw new GitError(args, r);
  return r.stdout;
}

/** A failed git call: the subcommand, its stderr (first lines) and whether it hit the time bound. */
export class GitError extends Error {
  readonly result: GitResult;
  constructor(args: string[], r: GitResult) {
    const lines = r.stderr
      .trim()
      .split("\n")
      .map((l) => l.trim())
      .filter((l) => l !== "");
    // The lines that say what failed (`fatal:` / `error:`) first, else git's last lines.
    const key = lines.filter((l) => /^(fatal|error|remote: error|ERROR):/i.test(l));
    const msg = r.timedOut
      ? "timed out"
      : (key.length > 0 ? key : lines).slice(-3).join(" | ") || `exit ${r.code}`;
    super(`git ${args[0]}: ${msg}`);
    this.name = "GitError";
    this.result = r;
  }
}

/**
 * Why a fetch or push failed, as memdir acts on it: `rejected` (the remote moved on: pull, then push
 * again) or a failure that will not heal within the session: `no-remote`, `auth` (no credentials or
 * refused), `unreachable` (no network, unknown host, timed out, the remote path does not exist).
 */
export type RemoteFailure = "rejected" | "no-remote" | "auth" | "unreachable" | "other";

export function classifyRemoteFailure(r: GitResult): RemoteFailure {
  if (r.timedOut) return "unreachable";
  const s = r.stderr;
  if (/\[rejected\]|non-fast-forward|fetch first|\(stale info\)/i.test(s)) return "rejected";
  if (/No configured push destination|no upstream|does not have an upstream|No such remote/i.test(s))
    return "no-remote";
  if (
    /Authentication failed|could not read (Username|Password)|Permission denied|terminal prompts disabled|403|401|Repository not found/i.test(
      s,
    )
  )
    return "auth";
  if (
    /Could not resolve host|Connection (refused|timed out)|Network is unreachable|unable to access|does not appear to be a git repository|not found|Could not read from remote/i.test(
      s,
    )
  )
    return "unreachable";
  return "other";
}

/** What the user can do about a failed team sync of `kind`, one line. */
export function whatToDo(kind: RemoteFailure | "merge" | "outside" | "blocked"): string {
  switch (kind) {
    case "rejected":
      return "run `memdir team pull`, then `memdir team push` again";
    case "no-remote":
      return "add a remote to the team repository (`git -C <team dir> remote add origin <url>`) or run `memdir team init <remote>`";
    case "auth":
      return "make `git ls-remote <remote>` work without a prompt (a credential helper, ssh agent or key), then push again";
    case "unreachable":
      return "check the remote URL and the network (`git ls-remote <remote>`); memdir tries again next session";
    case "merge":
      return "resolve the merge in the team repository with git (`git -C <team dir> status`), then run `memdir team push`";
    case "outside":
    case "blocked":
      return "";
    default:
      return "run the same git command in the team repository to see the full message (`git -C <team dir> status`)";
  }
}
