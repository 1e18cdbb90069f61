/**
 * Every detached job has a wall-clock deadline and a memory ceiling, enforced by a watchdog thread that
 * fires even while the job's main thread is blocked (here: waiting synchronously for a session lock
 * another live process holds). Real bin, real processes.
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN } from "../../helpers/bin.js";
import { TRANSCRIPTS_DIR, tempDir } from "../../helpers/tmp.js";

function setup(extraEnv: Record<string, string>) {
  const home = tempDir("memdir-watchdog-");
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  // The session's extraction lock, held by this (live) test process: the job waits for it (120 s).
  const lockDir = join(project, ".memdir", "state", "sessions", "s-wd");
  mkdirSync(lockDir, { recursive: true });
  writeFileSync(
    join(lockDir, "extract.lock"),
    JSON.stringify({ pid: process.pid, token: "held", acquiredAt: Date.now() }),
  );
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith("MEMDIR_") && !k.startsWith("CLAUDE")) env[k] = v;
  Object.assign(env, {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_JOB: "1",
    ...extraEnv,
  });
  return { home, project, env };
}

async function runJob(s: ReturnType<typeof setup>): Promise<{ ms: number; signal: string | null }> {
  const t0 = Date.now();
  const child = spawn(
    process.execPath,
    [
      BIN,
      "job",
      "extract",
      "--session",
      "s-wd",
      "--cwd",
      s.project,
      "--transcript",
      join(TRANSCRIPTS_DIR, "short.jsonl"),
    ],
    { env: s.env, stdio: "ignore" },
  );
  const signal = await new Promise<string | null>((r) => child.on("exit", (_c, sig) => r(sig)));
  return { ms: Date.now() - t0, signal };
}

function events(home: string): Record<string, unknown>[] {
  return readFileSync(join(home, ".memdir", "logs", "events.jsonl"), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe("job watchdog", () => {
  it("ends a job blocked past its deadline with SIGTERM and records job_timeout", async () => {
    const s = setup({ MEMDIR_JOB_DEADLINE_MS: "1500" });
    const r = await runJob(s);
    expect(r.signal).toBe("SIGTERM");
    expect(r.ms).toBeGreaterThanOrEqual(1500);
    expect(r.ms).toBeLessThan(15_000); // not the 120 s lock wait
    const t = events(s.home).find((e) => e.kind === "job_timeout");
    expect(t).toMatchObject({ job: "extract", session_id: "s-wd", project: s.project, deadline_ms: 1500 });
  });

  it("ends a job whose resident memory passes the ceiling and records job_memory_exceeded", async () => {
    const s = setup({ MEMDIR_JOB_MAX_RSS_MB: "20" });
    const r = await runJob(s);
    expect(r.signal).toBe("SIGTERM");
    expect(r.ms).toBeLessThan(15_000);
    const m = events(s.home).find((e) => e.kind === "job_memory_exceeded");
    expect(m).toMatchObject({ job: "extract", limit_bytes: 20 * 1024 * 1024 });
    expect(Number(m?.rss_bytes)).toBeGreaterThan(20 * 1024 * 1024);
  });
});
