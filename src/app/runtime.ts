/**
 * The process runtime: the ONLY place that reads process.env, the clock, cwd and pids (DESIGN.md §5 L5).
 * Everything below receives these values as parameters; tests and `memdir replay` build their own Runtime.
 */

import { readFileSync } from "node:fs";
import { harnessOwnerPid } from "../adapters/registry.js";
import { isPidAlive } from "../core/lock.js";
import { jobExecArgv } from "./jobs/limits.js";
import { type JobRequest, jobArgv } from "./jobs/request.js";

export type Env = Record<string, string | undefined>;

export interface Runtime {
  env: Env;
  cwd: string;
  /** Current time, ms since the epoch. */
  now(): number;
  /** This process's pid (a hook process is short-lived). */
  pid: number;
  /** The harness process that owns the session (Claude Code), see `harnessPid`. */
  ownerPid: number;
  /**
   * Starts the job detached (`memdir job …`, see jobArgv) with the job marker set and the heap limit of
   * `jobExecArgv`; resolves once it is spawned (not finished).
   */
  spawnJob(request: JobRequest): Promise<void>;
  isAlive(pid: number): boolean;
  /**
   * The system's IANA time zone (`Intl…resolvedOptions().timeZone`, which follows `TZ`); the default
   * of config `timeZone`. Absent = UTC (test runtimes stay host-independent).
   */
  timeZone?: string;
  /** Where harnesses' managed (policy) settings are read from, when not the platform's dir (tests). */
  managedSettingsDir?: string;
}

/** Env marker set on memdir's own background jobs: memdir's hooks are no-ops inside them. */
export const JOB_ENV_MARKER = "MEMDIR_JOB";

const SHELLS = new Set(["sh", "bash", "dash", "zsh", "fish", "ksh", "busybox", "env", "timeout"]);

/**
 * The harness pid: `CLAUDE_PID` when Claude Code sets it; else the parent process, skipping shells
 * that Claude Code runs command hooks through (`sh -c "…"`), using /proc on Linux.
 */
export function harnessPid(env: Env, ppid: number): number {
  const fromEnv = harnessOwnerPid(env);
  if (fromEnv !== undefined) return fromEnv;
  let pid = ppid;
  for (let hops = 0; hops < 4; hops++) {
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, "utf8").trim();
      if (!SHELLS.has(comm)) return pid;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (!Number.isInteger(parent) || parent <= 1) return pid;
      pid = parent;
    } catch {
      return pid;
    }
  }
  return pid;
}

/** The nice value (0 = normal, 19 = lowest) background jobs run at. */
export const JOB_NICE = 10;

/** The runtime of the current process. `memdirBin` is the path of dist/memdir.cjs (argv[1] of the bin). */
export function processRuntime(memdirBin: string = process.argv[1] ?? "memdir"): Runtime {
  const env = process.env as Env;
  let owner: number | undefined;
  return {
    env,
    cwd: process.cwd(),
    now: () => Date.now(),
    pid: process.pid,
    // Looked up on first use: only SessionStart needs it (it reads /proc).
    get ownerPid() {
      owner ??= harnessPid(env, process.ppid);
      return owner;
    },
    isAlive: isPidAlive,
    get timeZone() {
      return systemTimeZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    },
    async spawnJob(request) {
      if (env.MEMDIR_NO_JOBS === "1") return; // background jobs switched off (CI, debugging, tests)
      // Loaded on demand: child_process pulls in net/dgram/streams, too slow for every hook start.
      const { spawn } = process.getBuiltinModule("node:child_process");
      const child = spawn(process.execPath, [...jobExecArgv(), memdirBin, ...jobArgv(request)], {
        detached: true,
        stdio: "ignore",
        env: { ...process.env, [JOB_ENV_MARKER]: "1" },
      });
      child.on("error", () => {});
      try {
        // Jobs yield the CPU: the session and its next hooks run on the same cores.
        if (child.pid) process.getBuiltinModule("node:os").setPriority(child.pid, JOB_NICE);
      } catch {
        // A job at the hook's own priority still runs.
      }
      child.unref();
    },
  };
}

/**
 * The system's zone as an IANA name: `resolved` (what Intl reports; it follows an IANA `TZ`), else, for a
 * POSIX `TZ` such as `JST-9` that Intl cannot name, the fixed zone `Etc/GMT∓N` of the current offset when
 * it is a whole number of hours (its DST rules are not kept), else "UTC".
 */
export function systemTimeZone(now: Date, resolved: string | undefined): string {
  if (resolved) return resolved;
  const minutes = now.getTimezoneOffset(); // positive west of UTC: JST-9 gives -540
  if (minutes === 0 || minutes % 60 !== 0 || Math.abs(minutes) > 14 * 60) return "UTC";
  // The Etc zones' sign is POSIX's: Etc/GMT-9 is nine hours ahead of UTC.
  return `Etc/GMT${minutes > 0 ? "+" : "-"}${Math.abs(minutes) / 60}`;
}
