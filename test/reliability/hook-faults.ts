/**
 * The hook fault matrix: every hook event against bad stdin (empty, not JSON, wrong types, 9 MB, lone
 * surrogates, BOM, NUL, CRLF) and a broken environment (a cwd that is missing or a file, a broken
 * config, a memory dir that is a file or a link loop, a `.memdir` link loop, transcripts that are
 * devices, FIFOs, sockets, directories or 2 GB sparse files). Every run must exit 0 with empty
 * stdout or one JSON object valid for the event, within a time bound.
 *
 * The bound is load-aware, the way the project measures speed (bench/hooks: a ratio to `node -e 0`
 * measured in the same run): before every cell the worker times `node -e 0`, spawned the same way,
 * and the cell's bound is `boundMs × max(1, baseline / QUIET_NODE_MS)`, the baseline being the median
 * of the worker's last 5. Quiet, that is `boundMs` (Claude Code's 5 s hook timeout); on a machine
 * where Node itself starts 5 times slower, 5 times that. Both run without NODE_EXTRA_CA_CERTS
 * (bench/hooks does the same: parsing the CA bundle doubles Node's start). A hook that hangs still
 * fails: past its bound it is a failure, and past 3 bounds (at least 30 s) it is killed and reported
 * as timed out.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkHookOutput } from "../../src/adapters/claude-code/hook-output.js";
import { HOOK_EVENTS } from "../../src/adapters/claude-code/hook-types.js";
import { describeRun, runNode, sandbox } from "./sandbox.js";

/**
 * `node -e 0` on this machine kind when it is quiet (ms): bench/RESULTS.md (bench/hooks,
 * 2026-11-30, Node 20.20.2, 2 cores, NODE_EXTRA_CA_CERTS unset) has medians of 34.9-43.0 ms; 45
 * leaves room for the spawn from a test worker.
 */
export const QUIET_NODE_MS = 45;

/** Without it Node parses the CA bundle at every start (../shared/reference/anchor-measurements.md). */
const NO_CA = { NODE_EXTRA_CA_CERTS: undefined };

export interface FaultFigures {
  runs: number;
  failures: string[];
  /** Wall time of one hook run (ms): median, 95th percentile, maximum. */
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  /** `node -e 0` timed before each cell (ms): median and maximum; QUIET_NODE_MS for comparison. */
  baselineP50Ms: number;
  baselineMaxMs: number;
  quietNodeMs: number;
  /** The largest load factor a bound was scaled by. */
  maxScale: number;
  /** The 5 runs closest to their bound: `event × fault: ms / bound ms`. */
  closest: string[];
}

interface Fault {
  name: string;
  /** Stdin for `event` in a sandbox whose project is `project`; extra env; setup in the sandbox home. */
  make(
    event: string,
    project: string,
    home: string,
  ): { stdin: string | Buffer; env?: Record<string, string> };
}

function valid(
  event: string,
  project: string,
  transcript = join(project, "t.jsonl"),
): Record<string, unknown> {
  const base = { session_id: "s-fault", transcript_path: transcript, cwd: project, hook_event_name: event };
  switch (event) {
    case "UserPromptSubmit":
      return { ...base, prompt: "<remember>a note</remember> please fix the build" };
    case "PreToolUse":
    case "PostToolUse":
    case "PostToolUseFailure":
      return {
        ...base,
        tool_name: "Read",
        tool_input: { file_path: join(project, "a.ts") },
        tool_response: "ok",
        error: "x",
      };
    case "SessionStart":
      return { ...base, source: "startup" };
    case "SessionEnd":
      return { ...base, reason: "other" };
    default:
      return base;
  }
}

const json = (v: unknown) => JSON.stringify(v);

function faults(fixtures: string): Fault[] {
  const withTranscript = (name: string, path: string): Fault => ({
    name: `transcript is ${name}`,
    make: (e, p) => ({ stdin: json(valid(e, p, path)) }),
  });
  return [
    { name: "empty", make: () => ({ stdin: "" }) },
    { name: "not JSON", make: () => ({ stdin: "{this is not json" }) },
    {
      name: "wrong types",
      make: (e, p) => ({ stdin: json({ ...valid(e, p), session_id: 42, cwd: { a: 1 }, prompt: [1] }) }),
    },
    {
      name: "9 MB",
      make: (e, p) => ({
        stdin: json({
          ...valid(e, p),
          prompt: "x".repeat(9 * 1024 * 1024),
          tool_response: "y".repeat(9 * 1024 * 1024),
        }),
      }),
    },
    {
      name: "lone surrogates",
      make: (e, p) => ({ stdin: json({ ...valid(e, p), extra: "\ud800 \udfff" }) }),
    },
    { name: "BOM", make: (e, p) => ({ stdin: `\ufeff${json(valid(e, p))}` }) },
    {
      name: "trailing NUL",
      make: (e, p) => ({ stdin: Buffer.concat([Buffer.from(json(valid(e, p))), Buffer.alloc(32)]) }),
    },
    {
      name: "NUL inside strings",
      make: (e, p) => ({
        stdin: json({ ...valid(e, p), prompt: "a\u0000b", tool_input: { file_path: "a\u0000b" } }),
      }),
    },
    {
      name: "CRLF",
      make: (e, p) => ({ stdin: JSON.stringify(valid(e, p), null, 2).replace(/\n/g, "\r\n") }),
    },
    { name: "cwd missing", make: (e, p) => ({ stdin: json({ ...valid(e, p), cwd: join(p, "nope") }) }) },
    {
      name: "cwd is a file",
      make: (e, p, h) => {
        writeFileSync(join(h, "a-file"), "x");
        return { stdin: json({ ...valid(e, p), cwd: join(h, "a-file") }) };
      },
    },
    {
      name: "broken config",
      make: (e, p, h) => {
        mkdirSync(join(h, ".memdir"), { recursive: true });
        writeFileSync(join(h, ".memdir", "config.json"), "{ not json");
        return { stdin: json(valid(e, p)) };
      },
    },
    {
      name: "memory dir is a file",
      make: (e, p, h) => {
        writeFileSync(join(h, "memory-file"), "x");
        return { stdin: json(valid(e, p)), env: { MEMDIR_MEMORY_DIR: join(h, "memory-file") } };
      },
    },
    {
      name: "memory dir is a link loop",
      make: (e, p, h) => {
        symlinkSync(join(h, "loop-b"), join(h, "loop-a"));
        symlinkSync(join(h, "loop-a"), join(h, "loop-b"));
        return { stdin: json(valid(e, p)), env: { MEMDIR_MEMORY_DIR: join(h, "loop-a") } };
      },
    },
    {
      name: ".memdir is a link loop",
      make: (e, p) => {
        symlinkSync(join(p, ".memdir"), join(p, ".memdir"));
        return { stdin: json(valid(e, p)) };
      },
    },
    withTranscript("/dev/zero", "/dev/zero"),
    withTranscript("/dev/urandom", "/dev/urandom"),
    withTranscript("a FIFO", join(fixtures, "fifo")),
    withTranscript("a directory", fixtures),
    withTranscript("a socket", join(fixtures, "s.sock")),
    withTranscript("a 2 GB sparse file", join(fixtures, "sparse.jsonl")),
  ];
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] ?? 0;

/** `boundMs × max(1, median(recent) / QUIET_NODE_MS)`: the bound under the load `recent` baselines show. */
export function scaledBound(boundMs: number, recent: number[]): { bound: number; scale: number } {
  const scale = Math.max(1, quantile(recent, 0.5) / QUIET_NODE_MS);
  return { bound: Math.round(boundMs * scale), scale };
}

/**
 * Runs the matrix `rounds` times; a run slower than `boundMs` scaled by the load (see the top of the
 * file) is a failure.
 */
export async function hookFaultMatrix(rounds: number, boundMs: number): Promise<FaultFigures> {
  const fixtures = mkdtempSync(join(tmpdir(), "memdir-rel-fixtures-"));
  execFileSync("mkfifo", [join(fixtures, "fifo")]);
  execFileSync("truncate", ["-s", "2G", join(fixtures, "sparse.jsonl")]);
  const server: Server = createServer();
  await new Promise<void>((r) => server.listen(join(fixtures, "s.sock"), r));
  const failures: string[] = [];
  const times: number[] = [];
  const baselines: number[] = [];
  const margins: { where: string; ms: number; bound: number }[] = [];
  let maxScale = 1;
  try {
    const cells: ((recent: number[]) => Promise<void>)[] = [];
    for (let round = 0; round < rounds; round++)
      for (const fault of faults(fixtures))
        for (const event of HOOK_EVENTS)
          cells.push(async (recent) => {
            const s = sandbox("memdir-rel-fault-");
            const { stdin, env } = fault.make(event, s.project, s.home);
            const where = `${event} × ${fault.name}`;
            const base = await runNode(["-e", "0"], "", { ...process.env, ...NO_CA }, s.project, 60_000);
            baselines.push(base.ms);
            recent.push(base.ms);
            if (recent.length > 5) recent.shift();
            const { bound, scale } = scaledBound(boundMs, recent);
            maxScale = Math.max(maxScale, scale);
            const t0 = Date.now();
            const r = await s.runAsync(
              ["hook", event],
              stdin,
              { ...env, ...NO_CA },
              Math.max(30_000, 3 * bound),
            );
            const ms = Date.now() - t0;
            times.push(ms);
            margins.push({ where, ms, bound });
            if (r.timedOut || r.status !== 0) failures.push(`${where}: ${describeRun(r)}`);
            const bad = checkHookOutput(event, r.stdout);
            if (bad) failures.push(`${where}: ${bad}`);
            if (ms > bound)
              failures.push(
                `${where}: ${ms} ms (bound ${bound} ms = ${boundMs} ms × ${scale.toFixed(2)}, node -e 0 median ${quantile(recent, 0.5)} ms)`,
              );
          });
    // Two at a time: this machine kind has 2 cores. Each worker keeps its own recent baselines.
    const worker = async () => {
      const recent: number[] = [];
      for (let c = cells.shift(); c; c = cells.shift()) {
        try {
          await c(recent);
        } catch (e) {
          failures.push(`a cell threw: ${e instanceof Error ? e.message : String(e)}`.slice(0, 400));
        }
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    server.close();
    rmSync(fixtures, { recursive: true, force: true });
  }
  return {
    runs: times.length,
    failures,
    p50Ms: quantile(times, 0.5),
    p95Ms: quantile(times, 0.95),
    maxMs: Math.max(...times),
    baselineP50Ms: quantile(baselines, 0.5),
    baselineMaxMs: Math.max(...baselines),
    quietNodeMs: QUIET_NODE_MS,
    maxScale: Math.round(maxScale * 100) / 100,
    closest: margins
      .sort((a, b) => b.ms / b.bound - a.ms / a.bound)
      .slice(0, 5)
      .map((m) => `${m.where}: ${m.ms} / ${m.bound} ms`),
  };
}
