/** A sandbox home for the reliability trials, and the built bin run in it (sync or as a child to kill). */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { BIN, type RunResult, runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

export interface Sandbox {
  home: string;
  project: string;
  memory: string;
  env: Record<string, string>;
  run(args: string[], input?: string | Buffer): RunResult;
  /** `run` without blocking the event loop (trials run side by side); `more` env is added for this run. */
  runAsync(args: string[], input?: string | Buffer, more?: Record<string, string>): Promise<RunResult>;
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
    run: (args, input = "") => runBin(args, input, env),
    runAsync: (args, input = "", more = {}) =>
      new Promise((resolve) => {
        const child = spawn(process.execPath, [BIN, ...args], {
          env: { ...childEnv(), ...more },
          cwd: project,
        });
        let stdout = "";
        let stderr = "";
        child.stdout.on("data", (d: Buffer) => (stdout += d));
        child.stderr.on("data", (d: Buffer) => (stderr += d));
        child.stdin.on("error", () => {}); // a hook may stop reading a large stdin
        child.stdin.end(input);
        child.on("close", (status) => resolve({ status, stdout, stderr }));
      }),
    start: (args) =>
      spawn(process.execPath, [BIN, ...args], { env: childEnv(), stdio: "ignore", cwd: project }),
  };
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
