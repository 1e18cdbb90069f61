/**
 * A hook input can name any path as its transcript. Stop, PreCompact and SessionEnd start a detached
 * job that reads it: for a device, a FIFO (silent or endless), a directory, a socket or a 2 GB sparse
 * file, the hook returns at once, the job ends well within its deadline in bounded memory, records
 * why it refused, and nothing already stored changes. Real bin, real detached jobs.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { watchJobs } from "../helpers/job-watch.js";
import { tempDir } from "../helpers/tmp.js";
import { treeHash } from "../helpers/tree-hash.js";

/** The deadline given to the jobs (ms); a refusal takes a few hundred ms. */
const DEADLINE_MS = 20_000;
const RSS_LIMIT = 300 * 1024 * 1024;

let fixtures: string;
let server: Server;
let endless: ChildProcess;
const kinds: Record<string, () => string> = {
  "/dev/zero": () => "/dev/zero",
  "/dev/urandom": () => "/dev/urandom",
  "a FIFO nobody writes": () => join(fixtures, "silent.fifo"),
  "a FIFO that writes forever": () => join(fixtures, "endless.fifo"),
  "a directory": () => fixtures,
  "a socket": () => join(fixtures, "t.sock"),
  "a 2 GB sparse file": () => join(fixtures, "sparse.jsonl"),
};

beforeAll(async () => {
  // Not tempDir(): that one is removed after each test, these serve the whole file.
  fixtures = mkdtempSync(join(tmpdir(), "memdir-hostile-fixtures-"));
  execFileSync("mkfifo", [join(fixtures, "silent.fifo"), join(fixtures, "endless.fifo")]);
  // Reopens the FIFO and writes zeros for as long as the test runs.
  endless = spawn("sh", ["-c", `while :; do cat /dev/zero > '${join(fixtures, "endless.fifo")}'; done`], {
    stdio: "ignore",
    detached: true,
  });
  server = createServer();
  await new Promise<void>((r) => server.listen(join(fixtures, "t.sock"), r));
  execFileSync("truncate", ["-s", "2G", join(fixtures, "sparse.jsonl")]);
});

afterAll(() => {
  server?.close();
  if (endless?.pid) process.kill(-endless.pid, "SIGKILL");
  rmSync(fixtures, { recursive: true, force: true });
});

function sandbox() {
  const home = tempDir("memdir-hostile-");
  const project = join(home, "project");
  const memory = join(home, "memory");
  mkdirSync(join(project, ".memdir"), { recursive: true });
  mkdirSync(memory, { recursive: true });
  writeFileSync(
    join(memory, "deploy-ticket.md"),
    "---\nname: deploy-ticket\ndescription: Deploys need a ticket\ntype: feedback\n---\nDeploys need a ticket.\n",
  );
  writeFileSync(
    join(memory, "MEMORY.md"),
    "# Memory Index\n- [Deploy ticket](deploy-ticket.md) — deploys need a ticket\n",
  );
  writeFileSync(join(project, ".memdir", "notepad.md"), "# Notepad\n\n## Priority Context\n- keep me\n");
  const env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_MEMORY_DIR: memory,
    MEMDIR_JOB_DEADLINE_MS: String(DEADLINE_MS),
  };
  const stored = () =>
    treeHash([memory, join(home, ".memdir", "user-memory"), join(project, ".memdir", "notepad.md")]);
  return { home, project, memory, env, stored };
}

function events(home: string): Record<string, unknown>[] {
  try {
    return execFileSync("cat", [join(home, ".memdir", "logs", "events.jsonl")], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
  } catch {
    return [];
  }
}

describe("hostile transcript paths", () => {
  for (const event of ["Stop", "PreCompact", "SessionEnd"]) {
    for (const [name, path] of Object.entries(kinds)) {
      it(`${event} with transcript_path = ${name}: hook returns, job ends, memory bounded, nothing stored changes`, async () => {
        const s = sandbox();
        const before = s.stored();
        const input = {
          session_id: "s-hostile",
          transcript_path: path(),
          cwd: s.project,
          hook_event_name: event,
          ...(event === "SessionEnd" ? { reason: "other" } : {}),
        };
        const t0 = Date.now();
        const r = runBin(["hook", event], JSON.stringify(input), s.env);
        const hookMs = Date.now() - t0;
        expect(r.status).toBe(0);
        expect(r.stdout).toBe("");
        // The hook never reads the transcript: it returns in start-up time (a loose bound on a busy CI machine).
        expect(hookMs).toBeLessThan(3_000);
        const w = await watchJobs(s.home, { timeoutMs: DEADLINE_MS + 10_000 });
        // The detached extraction job ran: seen alive, or (it refused the input and ended before the
        // first sample, on a loaded machine) by its own refusal event.
        const jobRan = events(s.home).some((e) => e.kind === "job_input_refused" && e.job === "extract");
        expect(w.pids.length > 0 || jobRan).toBe(true);
        expect(w.leftAlive).toEqual([]);
        expect(w.durationMs).toBeLessThan(DEADLINE_MS);
        expect(w.peakRssBytes).toBeLessThan(RSS_LIMIT);
        expect(s.stored()).toBe(before);
        const ev = events(s.home);
        if (name === "a 2 GB sparse file") {
          // A regular file: read in bounded steps, its one endless line skipped unread.
          expect(ev.some((e) => e.kind === "extraction_failed")).toBe(false);
        } else {
          const refused = ev.filter((e) => e.kind === "job_input_refused");
          expect(refused.length).toBeGreaterThan(0);
          expect(refused[0]).toMatchObject({ what: "transcript", session_id: "s-hostile" });
          expect(String(refused[0]?.found)).toMatch(/device|FIFO|directory|socket/);
        }
      });
    }
  }
});
