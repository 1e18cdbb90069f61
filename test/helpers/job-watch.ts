/**
 * Watches memdir's detached jobs from outside, through /proc (Linux): which `memdir job …` processes
 * mention `marker` (a sandbox path) on their command line, their peak resident memory, and how long
 * until none is left.
 */
import { readdirSync, readFileSync } from "node:fs";

export interface JobWatch {
  /** Every job pid seen. */
  pids: number[];
  /** Highest VmRSS of any one job (bytes). */
  peakRssBytes: number;
  /** ms from the start of the watch until no job was left (or the timeout). */
  durationMs: number;
  /** Jobs still alive at the timeout (killed with SIGKILL by the watch). */
  leftAlive: number[];
}

function jobPids(marker: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const argv = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0");
      if (
        argv.some((a) => a.endsWith("memdir.cjs")) &&
        argv.includes("job") &&
        argv.some((a) => a.includes(marker))
      )
        out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

function rssBytes(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Samples every `intervalMs` until no job mentioning `marker` is alive, after at least `settleMs`
 * (a job may not have started yet), or until `timeoutMs` (then the rest are killed).
 */
export async function watchJobs(
  marker: string,
  { timeoutMs = 60_000, settleMs = 1_500, intervalMs = 25 } = {},
): Promise<JobWatch> {
  const t0 = Date.now();
  const seen = new Set<number>();
  let peak = 0;
  for (;;) {
    const pids = jobPids(marker);
    for (const p of pids) {
      seen.add(p);
      peak = Math.max(peak, rssBytes(p));
    }
    const elapsed = Date.now() - t0;
    if (pids.length === 0 && elapsed >= settleMs)
      return { pids: [...seen], peakRssBytes: peak, durationMs: elapsed, leftAlive: [] };
    if (elapsed >= timeoutMs) {
      for (const p of pids) {
        try {
          process.kill(p, "SIGKILL");
        } catch {
          // exited meanwhile
        }
      }
      return { pids: [...seen], peakRssBytes: peak, durationMs: elapsed, leftAlive: pids };
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
