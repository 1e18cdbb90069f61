/**
 * Mid-turn session memory (seed 000 §24.3): the PostToolUse gate starts `memdir job session-memory`
 * each time the transcript grew by SESSION_MEMORY_PROBE_BYTES, never on every call, never when
 * disabled, without reading the transcript; the job itself (CLI and in-process: lock, switch); and a
 * replay of a long real transcript that now gets its first summary near where Claude Code's trigger
 * first fires (an independent count over the JSONL usage fields), not only at the turn ends.
 */
import { spawnSync } from "node:child_process";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deriveHookEvents } from "../../../src/adapters/claude-code/hook-events.js";
import { replay } from "../../../src/app/commands/replay.js";
import { projectContext } from "../../../src/app/context.js";
import { runHook } from "../../../src/app/hooks/run.js";
import {
  SESSION_MEMORY_PROBE_BYTES as PROBE,
  readGateSize,
  SESSION_MEMORY_GATE_STATE,
} from "../../../src/app/hooks/session-memory-gate.js";
import { runSessionMemoryJob } from "../../../src/app/jobs/session-memory.js";
import { SESSION_MEMORY_JOB_LOCK } from "../../../src/app/jobs/session-memory-lock.js";
import { tryAcquireLock } from "../../../src/core/lock.js";
import { readSummaryFile, summaryPath } from "../../../src/jobs/summarize/index.js";
import { sessionStatePaths } from "../../../src/paths/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";
import { BIN, runBin } from "../../helpers/bin.js";
import { TRANSCRIPTS_DIR, tempDir } from "../../helpers/tmp.js";

const LONG = "258c7280-ae70-4798-800f-63464d01a85d";
const SID = "gate-session-0001";

function sandbox(config: Record<string, unknown> = {}) {
  const { home, project, rt, jobs } = appSandbox("memdir-smgate-", config);
  const env = rt.env as Record<string, string>;
  const ctx = () => projectContext(rt, project);
  const transcript = join(home, "transcript.jsonl");
  const post = (sessionId = SID, extra: Record<string, unknown> = {}) =>
    runHook(
      "PostToolUse",
      JSON.stringify({
        session_id: sessionId,
        transcript_path: transcript,
        cwd: project,
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_input: { command: "npm test" },
        tool_response: { stdout: "ok", stderr: "", interrupted: false },
        tool_use_id: "toolu_1",
        ...extra,
      }),
      rt,
    );
  const logText = () => {
    const f = ctx().paths.logFile;
    return existsSync(f) ? readFileSync(f, "utf8") : "";
  };
  return { home, project, env, rt, jobs, ctx, transcript, post, logText };
}

/** Real transcript bytes, repeated as needed (a transcript is only ever stat'ed by the gate). */
const REAL = readFileSync(join(TRANSCRIPTS_DIR, `${LONG}.jsonl`));
function growTo(path: string, size: number): void {
  const cur = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
  const fd = openSync(path, "a");
  try {
    for (let at = cur; at < size; ) {
      const n = Math.min(size - at, REAL.length - (at % REAL.length));
      writeSync(fd, REAL, at % REAL.length, n);
      at += n;
    }
  } finally {
    closeSync(fd);
  }
}

describe("the PostToolUse session-memory gate", () => {
  it("starts one job each time the transcript grew by the probe size since the last start", async () => {
    const s = sandbox();
    const steps: [number, number][] = [
      [1_000, 0],
      [PROBE - 1, 0],
      [PROBE, 1],
      [PROBE + 100, 1],
      [2 * PROBE - 1, 1],
      [2 * PROBE, 2],
      [2 * PROBE + 10, 2],
      [5 * PROBE + 7, 3],
      [5 * PROBE + 8, 3],
    ];
    for (const [size, jobs] of steps) {
      growTo(s.transcript, size);
      expect(await s.post()).toBe("");
      expect(s.jobs.length, `at ${size} bytes`).toBe(jobs);
    }
    expect(readGateSize(s.ctx().paths.stateRoot, SID)).toBe(5 * PROBE + 7);
    expect(s.jobs[0]).toEqual([
      "job",
      "session-memory",
      "--harness",
      "claude-code",
      "--session",
      SID,
      "--transcript",
      s.transcript,
      "--cwd",
      s.project,
    ]);
    // A replaced (shorter) transcript: growth counts from 0 again.
    truncateSync(s.transcript, PROBE - 1);
    await s.post();
    expect(s.jobs.length).toBe(3);
    growTo(s.transcript, PROBE);
    await s.post();
    expect(s.jobs.length).toBe(4);
    // Another session of the same project has its own gate.
    await s.post("gate-session-0002");
    expect(s.jobs.length).toBe(5);
    expect(s.jobs[4]?.[5]).toBe("gate-session-0002");
    expect(s.logText()).not.toMatch(/"level":"(warn|error)"/);
  });

  it("fires on the real tool calls of a long transcript only every probe size of growth, never on every call", async () => {
    const s = sandbox();
    const src = join(TRANSCRIPTS_DIR, `${LONG}.jsonl`);
    const posts = deriveHookEvents(src).filter(
      (e) => e.event === "PostToolUse" || e.event === "PostToolUseFailure",
    );
    const fd = openSync(s.transcript, "w");
    let written = 0;
    const spawnSizes: number[] = [];
    try {
      for (const spec of posts) {
        if (spec.transcriptOffset > written) {
          writeSync(fd, REAL, written, spec.transcriptOffset - written);
          written = spec.transcriptOffset;
        }
        const before = s.jobs.length;
        await runHook(
          spec.event,
          JSON.stringify({ ...spec.input, session_id: SID, transcript_path: s.transcript, cwd: s.project }),
          s.rt,
        );
        if (s.jobs.length > before) spawnSizes.push(written);
      }
    } finally {
      closeSync(fd);
    }
    // Independent bound from the file sizes alone: a start needs PROBE new bytes.
    expect(spawnSizes.length).toBeGreaterThan(10);
    expect(spawnSizes.length).toBeLessThanOrEqual(Math.floor(written / PROBE));
    for (let i = 0; i < spawnSizes.length; i++)
      expect(spawnSizes[i]! - (spawnSizes[i - 1] ?? 0)).toBeGreaterThanOrEqual(PROBE);
    // Far fewer jobs than tool calls (Claude Code's trigger needs ≥ 3 tool calls between updates).
    expect(spawnSizes.length).toBeLessThan(posts.length / 3);
  });

  it("starts nothing when session memory is disabled, or without a usable transcript", async () => {
    const off = sandbox({ sessionMemory: { enabled: false } });
    growTo(off.transcript, 3 * PROBE);
    await off.post();
    expect(off.jobs).toEqual([]);
    const sp = sessionStatePaths(off.ctx().paths.stateRoot, SID);
    expect(existsSync(sp.write(SESSION_MEMORY_GATE_STATE))).toBe(false);

    const on = sandbox();
    await on.post(); // the transcript does not exist yet
    await on.post(SID, { transcript_path: "" });
    mkdirSync(on.transcript); // a directory is no transcript
    await on.post();
    expect(on.jobs).toEqual([]);
  });

  it("never reads the transcript: a 4 GiB sparse transcript costs one stat", async () => {
    const s = sandbox();
    // Warm the handler's imports with another session (first hook in this process loads modules).
    growTo(s.transcript, 10);
    await s.post("warm-session-0001");
    truncateSync(s.transcript, 4 * 1024 ** 3); // sparse: reading it would take seconds and fail as text
    const t0 = performance.now();
    await s.post();
    const ms = performance.now() - t0;
    expect(s.jobs.length).toBe(1);
    expect(readGateSize(s.ctx().paths.stateRoot, SID)).toBe(4 * 1024 ** 3);
    expect(ms).toBeLessThan(250);
    expect(s.logText()).not.toMatch(/"level":"(warn|error)"/);
  });

  const strace = spawnSync("strace", ["-V"], { encoding: "utf8" }).status === 0;
  it.skipIf(!strace)(
    "the built hook touches the transcript with exactly one stat and no open (strace)",
    () => {
      const s = sandbox();
      growTo(s.transcript, PROBE + 1);
      const trace = join(s.home, "strace.txt");
      const input = JSON.stringify({
        session_id: SID,
        transcript_path: s.transcript,
        cwd: s.project,
        hook_event_name: "PostToolUse",
        tool_name: "Read",
        tool_input: { file_path: join(s.project, "a.ts") },
        tool_response: { type: "text", file: { filePath: join(s.project, "a.ts"), content: "x" } },
        tool_use_id: "toolu_2",
      });
      const env: Record<string, string> = { PATH: process.env.PATH ?? "", ...s.env, MEMDIR_NO_JOBS: "1" };
      for (let run = 0; run < 2; run++) {
        const r = spawnSync(
          "strace",
          ["-f", "-qq", "-e", "trace=%file,%desc", "-o", trace, process.execPath, BIN, "hook", "PostToolUse"],
          { input, env, encoding: "utf8", timeout: 60_000 },
        );
        expect(r.status, r.stderr).toBe(0);
        const calls = readFileSync(trace, "utf8")
          .split("\n")
          .filter((l) => l.includes(`"${s.transcript}"`));
        expect(calls.length, calls.join("\n")).toBe(1);
        expect(calls[0]).toMatch(/\b(statx|newfstatat|stat|lstat|fstatat64)\(/);
        const gate = readFileSync(trace, "utf8")
          .split("\n")
          .filter((l) => /\bopen(at)?\(/.test(l) && l.includes(`${SESSION_MEMORY_GATE_STATE}-state.json"`));
        // One read of the gate state; the first run also writes it (temp file + rename), the second
        // run sees no new growth and writes nothing.
        expect(gate.length, gate.join("\n")).toBe(1);
      }
      expect(readGateSize(s.ctx().paths.stateRoot, SID)).toBe(PROBE + 1);
    },
  );
});

describe("memdir job session-memory", () => {
  it("updates the summary from the real bin, and is skipped when disabled or busy", async () => {
    const s = sandbox();
    writeFileSync(s.transcript, readFileSync(join(TRANSCRIPTS_DIR, "tool_heavy.jsonl")));
    const r = runBin(
      ["job", "session-memory", "--session", SID, "--transcript", s.transcript, "--cwd", s.project],
      "",
      s.env,
    );
    expect(r.status, r.stderr).toBe(0);
    const summary = readSummaryFile(summaryPath(s.ctx().paths.summariesDir, SID));
    expect(summary?.meta.updates).toBe(1);
    expect(summary?.meta.contextTokens).toBeGreaterThanOrEqual(10_000);
    const events = readFileSync(s.ctx().paths.eventsFile, "utf8");
    expect(events).toContain('"kind":"session_memory_updated"');

    // Busy: another job of the session holds the lock (this live process).
    const sp = sessionStatePaths(s.ctx().paths.stateRoot, SID);
    const lock = tryAcquireLock(join(sp.dir, SESSION_MEMORY_JOB_LOCK));
    expect(lock).toBeDefined();
    try {
      const busy = await runSessionMemoryJob(s.rt, {
        kind: "session-memory",
        cwd: s.project,
        sessionId: SID,
      });
      expect(busy).toMatchObject({ status: "skipped", reason: "busy" });
    } finally {
      lock?.release();
    }
    const again = await runSessionMemoryJob(s.rt, {
      kind: "session-memory",
      cwd: s.project,
      sessionId: SID,
      transcriptPath: s.transcript,
    });
    expect(again).toMatchObject({ status: "skipped", reason: "no_new_messages" });

    const off = sandbox({ sessionMemory: { enabled: false } });
    writeFileSync(off.transcript, readFileSync(join(TRANSCRIPTS_DIR, "tool_heavy.jsonl")));
    const d = await runSessionMemoryJob(off.rt, {
      kind: "session-memory",
      cwd: off.project,
      sessionId: SID,
      transcriptPath: off.transcript,
    });
    expect(d).toMatchObject({ status: "skipped", reason: "disabled" });
    expect(existsSync(summaryPath(off.ctx().paths.summariesDir, SID))).toBe(false);
  });
});

/** Independent count over the JSONL: context tokens (usage) of the main chain, tool calls so far. */
function usagePoints(file: string): { tokens: number; toolCalls: number; hasTool: boolean }[] {
  const out: { tokens: number; toolCalls: number; hasTool: boolean }[] = [];
  const seen = new Set<string>();
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    let e: {
      type?: string;
      isSidechain?: boolean;
      message?: { usage?: Record<string, number>; content?: unknown };
    };
    try {
      e = JSON.parse(line);
    } catch {
      continue;
    }
    if (e.type !== "assistant" || e.isSidechain || !e.message?.usage) continue;
    const u = e.message.usage;
    const tokens =
      (u.input_tokens ?? 0) +
      (u.cache_creation_input_tokens ?? 0) +
      (u.cache_read_input_tokens ?? 0) +
      (u.output_tokens ?? 0);
    const content = Array.isArray(e.message.content)
      ? (e.message.content as { type?: string; id?: string }[])
      : [];
    let hasTool = false;
    for (const b of content) {
      if (b.type !== "tool_use") continue;
      hasTool = true;
      if (b.id) seen.add(b.id);
    }
    out.push({ tokens, toolCalls: seen.size, hasTool });
  }
  return out;
}

describe("a replay of a long real transcript", () => {
  it("gets its first summary within a few thousand tokens of Claude Code's first trigger, and keeps up", async () => {
    const src = join(TRANSCRIPTS_DIR, `${LONG}.jsonl`);
    const home = tempDir("memdir-smgate-replay-");
    const report = await replay({ transcript: src, home, env: { PATH: process.env.PATH } });
    const events = readFileSync(join(home, ".memdir", "logs", "events.jsonl"), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { kind?: string; context_tokens?: number });
    const updates = events.filter((e) => e.kind === "session_memory_updated");

    const pts = usagePoints(src);
    // Claude Code's first update: ≥ 10,000 tokens and ≥ 3 tool calls (or a message without one).
    const first = pts.find((p) => p.tokens >= 10_000 && (p.toolCalls >= 3 || !p.hasTool));
    // The stricter point (3 tool calls) bounds it from above whatever the natural breaks were.
    const third = pts.find((p) => p.tokens >= 10_000 && p.toolCalls >= 3);
    expect(first && third).toBeTruthy();
    const firstUpdate = updates[0]?.context_tokens ?? Number.POSITIVE_INFINITY;
    expect(firstUpdate).toBeGreaterThanOrEqual(first!.tokens);
    expect(firstUpdate).toBeLessThanOrEqual(third!.tokens + 5_000);

    // Claude Code updates about once per 5,000 tokens of growth (a shrink = compaction restarts it).
    let windows = 0;
    let base: number | undefined;
    for (const p of pts) {
      if (base === undefined || p.tokens < base) base = p.tokens;
      else if (p.tokens - base >= 5_000) {
        windows++;
        base = p.tokens;
      }
    }
    const turnEnds = (report.events.Stop ?? 0) + (report.events.PreCompact ?? 0);
    expect(updates.length).toBeGreaterThan(turnEnds); // mid-turn jobs did most of the updates
    expect(updates.length).toBeGreaterThanOrEqual(Math.floor(windows * 0.6));
  });
});
