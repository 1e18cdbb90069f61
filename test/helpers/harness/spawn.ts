/**
 * Runs a harness CLI as a bounded child: its own process group (killed whole, SIGKILL, on timeout and
 * when the test process exits), stdin from /dev/null, stdout/stderr collected.
 */
import { spawn } from "node:child_process";

export interface CliRun {
  /** Exit code, or null when killed. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Wall time in ms. */
  ms: number;
}

const live = new Set<number>();
process.on("exit", () => {
  for (const pid of live)
    try {
      process.kill(-pid, "SIGKILL");
    } catch {
      // already gone
    }
});

/** Spawns `bin args` in `cwd` with exactly `env` (no inheritance), bounded by `timeoutMs`. */
export function runBounded(
  bin: string,
  args: string[],
  opts: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<CliRun> {
  const t0 = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, {
      cwd: opts.cwd,
      env: opts.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    let timedOut = false;
    const pid = child.pid;
    if (pid !== undefined) live.add(pid);
    const kill = () => {
      if (pid === undefined) return;
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill();
    }, opts.timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      kill(); // leftovers of the group (hooks moved to the background, MCP servers)
      if (pid !== undefined) live.delete(pid);
      resolve({
        code,
        signal,
        stdout: Buffer.concat(out).toString("utf8"),
        stderr: Buffer.concat(err).toString("utf8"),
        timedOut,
        ms: Date.now() - t0,
      });
    });
  });
}

/** The environment every run starts from: PATH, a sandbox HOME, and no inherited harness variables. */
export function baseEnv(home: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: home,
    USER: "user",
    LANG: "C.UTF-8",
    TERM: "dumb",
    TMPDIR: process.env.TMPDIR ?? "/tmp",
    NO_COLOR: "1",
  };
}
