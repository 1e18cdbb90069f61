/**
 * A sandbox home for the reliability trials, and the built bin run in it (sync or as a child to kill).
 * The bin is a private copy of dist/ (`reliabilityBin`), not dist/ itself.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { BIN, type RunResult } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

/** dist/ as the build writes it: `hooks/` holds the bundle of each harness and event. */
const BUNDLES = ["memdir.cjs", "cli.cjs", "hook.cjs", "hooks", "search.cjs"];
let privateBin: string | undefined;

/** Removes the copies of test processes that are gone (a vitest worker is often killed, not exited). */
function removeDeadCopies(): void {
  for (const n of readdirSync(tmpdir())) {
    const pid = Number(/^memdir-rel-bin-(\d+)-/.exec(n)?.[1]);
    if (!pid) continue;
    try {
      process.kill(pid, 0);
    } catch (e) {
      if ((e as { code?: string }).code === "ESRCH")
        rmSync(join(tmpdir(), n), { recursive: true, force: true });
    }
  }
}

/**
 * The bin the trials run: a copy of dist/ taken once per test process, in a temp dir whose
 * `node_modules` links to the repository's (the bundles resolve better-sqlite3 and the model SDKs
 * from there). Any build in the worktree (`npm run build`, the global setup of another vitest run)
 * removes dist/ and writes it again; a run of dist/memdir.cjs in that window (a second or two on a
 * loaded machine) exits 1 with "Cannot find module" and empty stdout, which is how a full run once
 * died in `memdir history --json`. The copy is checked (`--version`, `hook Stop`) and retaken while
 * a build is under way.
 */
export function reliabilityBin(): string {
  if (privateBin) return privateBin;
  const dist = dirname(BIN);
  removeDeadCopies();
  const root = mkdtempSync(join(tmpdir(), `memdir-rel-bin-${process.pid}-`));
  process.once("exit", () => rmSync(root, { recursive: true, force: true }));
  symlinkSync(realpathSync(join(dist, "..", "node_modules")), join(root, "node_modules"));
  const bin = join(root, "dist", "memdir.cjs");
  const env = { PATH: process.env.PATH ?? "", HOME: root, MEMDIR_HOME: join(root, ".memdir") };
  let last: unknown;
  for (let attempt = 0; attempt < 60; attempt++) {
    try {
      rmSync(join(root, "dist"), { recursive: true, force: true });
      mkdirSync(join(root, "dist"));
      for (const b of BUNDLES) cpSync(join(dist, b), join(root, "dist", b), { recursive: true });
      execFileSync(process.execPath, [bin, "--version"], { env, stdio: "pipe", timeout: 60_000 });
      execFileSync(process.execPath, [bin, "hook", "Stop"], {
        env,
        input: "",
        stdio: "pipe",
        timeout: 60_000,
      });
      privateBin = bin;
      return bin;
    } catch (e) {
      last = e; // dist/ is being rebuilt: try again
      execFileSync("sleep", ["1"]);
    }
  }
  throw new Error(`could not take a working copy of ${dist}: ${String(last)}`);
}

/** A run of the bin: its exit status, or the signal that ended it, and whether `runAsync` timed it out. */
export interface AsyncRun extends RunResult {
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  ms: number;
}

/**
 * How long `runAsync` waits before it SIGKILLs the child (ms). Generous: the trials run on loaded
 * 2-core machines where a `memdir history` that takes 100 ms quiet has taken seconds; a run that
 * takes this long is hung, and the caller records it as a failed trial.
 */
export const RUN_TIMEOUT_MS = 180_000;

/** One line for a failed run: status or signal, timeout, and the start of stderr (and stdout). */
export function describeRun(r: AsyncRun): string {
  const end = r.timedOut
    ? `timed out after ${r.ms} ms`
    : r.signal
      ? `killed by ${r.signal} after ${r.ms} ms`
      : `exit ${r.status} after ${r.ms} ms`;
  const err = r.stderr.trim().slice(0, 300);
  const out = r.stdout.trim().slice(0, 100);
  return `${end}; stderr ${err ? JSON.stringify(err) : "empty"}; stdout ${out ? JSON.stringify(out) : "empty"}`;
}

export interface Sandbox {
  home: string;
  project: string;
  memory: string;
  env: Record<string, string>;
  run(args: string[], input?: string | Buffer): RunResult;
  /**
   * `run` without blocking the event loop (trials run side by side); `more` env is added for this run
   * (a value of `undefined` removes the variable). SIGKILLs the child after `timeoutMs` (default
   * RUN_TIMEOUT_MS). Never rejects: a child that cannot start resolves with status null and the error
   * in stderr.
   */
  runAsync(
    args: string[],
    input?: string | Buffer,
    more?: Record<string, string | undefined>,
    timeoutMs?: number,
  ): Promise<AsyncRun>;
  /** Starts `memdir <args>` as a child (to be killed). */
  start(args: string[]): ChildProcess;
}

export function sandbox(prefix = "memdir-rel-", extra: Record<string, string> = {}): Sandbox {
  const home = tempDir(prefix);
  const project = join(home, "project");
  const memory = join(home, "memory");
  mkdirSync(project, { recursive: true });
  const env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_MEMORY_DIR: memory,
    CLAUDE_PROJECT_DIR: project,
    MEMDIR_NO_JOBS: "1",
    ...extra,
  };
  const childEnv = () => {
    const base: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env))
      if (v !== undefined && !k.startsWith("MEMDIR_") && !k.startsWith("CLAUDE")) base[k] = v;
    return { ...base, ...env };
  };
  return {
    home,
    project,
    memory,
    env,
    run: (args, input = "") => {
      const r = spawnSync(process.execPath, [reliabilityBin(), ...args], {
        input,
        env: childEnv(),
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        timeout: RUN_TIMEOUT_MS,
      });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
    runAsync: (args, input = "", more = {}, timeoutMs = RUN_TIMEOUT_MS) =>
      runNode([reliabilityBin(), ...args], input, { ...childEnv(), ...more }, project, timeoutMs),
    start: (args) =>
      spawn(process.execPath, [reliabilityBin(), ...args], {
        env: childEnv(),
        stdio: "ignore",
        cwd: project,
      }),
  };
}

/**
 * Runs `node <args>` with `input` on stdin; SIGKILLs it after `timeoutMs`. Variables set to
 * `undefined` in `env` are left out.
 */
export function runNode(
  args: string[],
  input: string | Buffer,
  env: Record<string, string | undefined>,
  cwd: string,
  timeoutMs = RUN_TIMEOUT_MS,
): Promise<AsyncRun> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let timedOut = false;
    let stdout = "";
    let stderr = "";
    const clean: Record<string, string> = {};
    for (const [k, v] of Object.entries(env)) if (v !== undefined) clean[k] = v;
    const child = spawn(process.execPath, args, { env: clean, cwd });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stdout.on("data", (d: Buffer) => (stdout += d));
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.stdin.on("error", () => {}); // a hook may stop reading a large stdin
    child.on("error", (e) => (stderr += `spawn failed: ${e.message}`));
    child.stdin.end(input);
    child.on("close", (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, timedOut, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

/** Resolves when `child` exits; its signal (or null). */
export function exited(child: ChildProcess): Promise<string | null> {
  return new Promise((r) => {
    if (child.exitCode !== null || child.signalCode !== null) r(child.signalCode);
    else child.on("exit", (_c, sig) => r(sig));
  });
}

/** Runs `child` and SIGKILLs it after `ms` unless it exited first; says whether it was killed. */
export async function killAfter(child: ChildProcess, ms: number): Promise<boolean> {
  let killed = false;
  const t = setTimeout(() => {
    killed = child.kill("SIGKILL");
  }, ms);
  await exited(child);
  clearTimeout(t);
  return killed;
}
