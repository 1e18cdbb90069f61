/**
 * Bounds of the detached jobs that hooks start (`memdir job extract|session-memory|dream|recover`): a
 * byte budget for every transcript read, a V8 heap limit on the spawned process, and a watchdog thread
 * that ends the job at its wall-clock deadline or when its resident memory passes a ceiling. The
 * watchdog runs on its own thread, so it fires even while the job's main thread is stuck in a
 * synchronous call; it records `job_timeout` / `job_memory_exceeded` in events.jsonl, sends SIGTERM
 * (a dream rolls its lock back on it) and SIGKILL after a grace period.
 */

import { join } from "node:path";
import { type Env, memdirHome } from "../../paths/index.js";
import { scrub } from "../../privacy/index.js";
import type { JobKind } from "./request.js";

/** Bytes of a transcript one job reads at most per run (the next run continues at the cursor). */
export const TRANSCRIPT_READ_BYTES = 64 * 1024 * 1024;

/** V8 heap limit of a spawned job (MiB; Node's `--max-old-space-size`). */
export const JOB_HEAP_LIMIT_MB = 512;

/** Resident set size past which the watchdog ends a job (bytes). */
export const JOB_RSS_CEILING_BYTES = 768 * 1024 * 1024;

/**
 * Wall-clock deadline per job (ms). A model extraction may take 5 turns of up to `llm.timeoutMs`
 * each; a model dream over a large memory dir takes longer than an offline one.
 */
export const JOB_DEADLINE_MS: Record<JobKind, number> = {
  extract: 30 * 60_000,
  "session-memory": 15 * 60_000,
  dream: 60 * 60_000,
  recover: 5 * 60_000,
  // A pull and a push, each git call that reaches the remote bounded by 30 s (share/git.ts).
  "team-sync": 5 * 60_000,
  "agent-extract": 15 * 60_000,
};

/** Time between SIGTERM and SIGKILL when a job passes a limit (ms). */
export const JOB_KILL_GRACE_MS = 5_000;

/** How often the watchdog samples the clock and the RSS (ms). */
const SAMPLE_MS = 200;

/** The node arguments placed before the bin when a job is spawned. */
export function jobExecArgv(): string[] {
  return [`--max-old-space-size=${JOB_HEAP_LIMIT_MB}`];
}

export interface JobLimits {
  deadlineMs: number;
  maxRssBytes: number;
  graceMs: number;
}

/**
 * The limits of a job of `kind`. `MEMDIR_JOB_DEADLINE_MS` and `MEMDIR_JOB_MAX_RSS_MB` override the
 * defaults (positive integers; anything else is ignored).
 */
export function jobLimits(kind: JobKind, env: Env): JobLimits {
  const num = (v: string | undefined) => {
    const n = Number(v);
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  };
  return {
    deadlineMs: num(env.MEMDIR_JOB_DEADLINE_MS) ?? JOB_DEADLINE_MS[kind],
    maxRssBytes: (num(env.MEMDIR_JOB_MAX_RSS_MB) ?? 0) * 1024 * 1024 || JOB_RSS_CEILING_BYTES,
    graceMs: JOB_KILL_GRACE_MS,
  };
}

function scrubbed(record: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) out[k] = typeof v === "string" ? scrub(v) : v;
  return out;
}

/** The watchdog thread's code (CommonJS, evaluated by `new Worker(…, {eval: true})`). */
const WATCHDOG = `
const { workerData: w } = require("node:worker_threads");
const fs = require("node:fs");
let fired = false;
function fire(kind, extra) {
  if (fired) return;
  fired = true;
  try {
    fs.mkdirSync(require("node:path").dirname(w.eventsFile), { recursive: true, mode: 0o700 });
    const rec = { ts: new Date().toISOString(), level: "warn", source: "event", msg: kind, ...w.record, ...extra, kind };
    fs.appendFileSync(w.eventsFile, JSON.stringify(rec) + "\\n", { mode: 0o600 });
  } catch {}
  try { process.kill(w.pid, "SIGTERM"); } catch {}
  setTimeout(() => { try { process.kill(w.pid, "SIGKILL"); } catch {} }, w.graceMs);
}
setInterval(() => {
  const rss = process.memoryUsage.rss();
  const ran = Date.now() - w.startedAt;
  if (rss > w.maxRssBytes) fire("job_memory_exceeded", { rss_bytes: rss, limit_bytes: w.maxRssBytes, ran_ms: ran });
  else if (ran > w.deadlineMs) fire("job_timeout", { ran_ms: ran, deadline_ms: w.deadlineMs });
}, ${SAMPLE_MS});
`;

/**
 * Starts the watchdog of this job process (call first in a job command). `record` is merged into the
 * event it writes (job kind, session id, cwd). The thread is unref'd: it never keeps the job alive.
 * Best effort: a watchdog that cannot start is not an error (the heap limit still holds).
 */
export function startJobWatchdog(
  kind: JobKind,
  env: Env,
  pid: number,
  nowMs: number,
  record: Record<string, unknown> = {},
): void {
  try {
    const { Worker } = process.getBuiltinModule("node:worker_threads");
    const w = new Worker(WATCHDOG, {
      eval: true,
      workerData: {
        ...jobLimits(kind, env),
        pid,
        startedAt: nowMs,
        eventsFile: join(memdirHome(env), "logs", "events.jsonl"),
        record: { job: kind, ...scrubbed(record) },
      },
      stdout: false,
      stderr: false,
      resourceLimits: { maxOldGenerationSizeMb: 16 },
    });
    w.on("error", () => {});
    w.unref();
  } catch {
    // no worker threads here: the heap limit of the spawned process still bounds memory
  }
}
