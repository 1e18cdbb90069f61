/**
 * The steps of the end-to-end scenario every harness goes through (test/e2e/<harness>.test.ts), each an
 * assertion-carrying function over one shared state: install → session 1 learns (the detached
 * extraction really runs) → resume (the session's summary and context arrive) → a new session whose
 * first model request carries the memories → uninstall gives back the config bytes. Compaction and
 * subagents differ per harness and live in the test files.
 */
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { makeSandbox, type Sandbox } from "../helpers/harness/sandbox.js";
import type { HarnessServer } from "../helpers/harness/servers/base.js";
import type { Driver, Run, RunOptions } from "./drivers.js";
import {
  expectedFragments,
  fileBytes,
  LONG_REPLY,
  learningPrompt,
  logProblems,
  type MemdirPaths,
  memdir,
  memdirPaths,
  requestText,
  type TopicFile,
  waitForJobsIdle,
  waitForMemories,
} from "./e2e-lib.js";

export interface Scenario {
  d: Driver;
  sb: Sandbox;
  server: HarnessServer;
  /** Makes this scenario's memories its own (e.g. "rust" → "mostly rust", "INGESTRUST"). */
  tag: string;
  /** The install-touched files' bytes before install (null: absent). */
  before: Map<string, Buffer | null>;
  paths: MemdirPaths;
  memories: TopicFile[];
  session1: string | null;
  /** Wall time per step, ms. */
  timings: Record<string, number>;
}

export async function setupScenario(d: Driver, tag: string): Promise<Scenario> {
  const sb = makeSandbox(`memdir-e2e-${d.harness}-`);
  const server = await d.start();
  writeFileSync(join(sb.project, "notes.txt"), "hello\n");
  d.prepare(sb, server);
  const before = new Map(d.settingsFiles(sb).map((f) => [f, fileBytes(f)] as const));
  return {
    d,
    sb,
    server,
    tag,
    before,
    paths: await memdirPaths(sb),
    memories: [],
    session1: null,
    timings: {},
  };
}

export async function closeScenario(s: Scenario | undefined): Promise<void> {
  if (!s) return;
  await waitForJobsIdle(s.sb, 20_000).catch(() => undefined);
  await s.server.close();
  s.sb.cleanup();
}

async function timed<T>(s: Scenario, step: string, fn: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  try {
    return await fn();
  } finally {
    s.timings[step] = (s.timings[step] ?? 0) + Date.now() - t0;
  }
}

/**
 * The run ended well: exit 0 in time, no hook the CLI reports as failed (but those `o.hooks` allows),
 * nothing at warn/error level in memdir's log (but what `o.log` allows).
 */
export function expectHealthy(s: Scenario, run: Run, o: { hooks?: RegExp[]; log?: RegExp[] } = {}): void {
  expect(run.timedOut, `${s.d.name} run timed out`).toBe(false);
  expect(run.code, run.stderr.slice(-2000)).toBe(0);
  expect(run.hookFailures.filter((f) => !o.hooks?.some((a) => a.test(f)))).toEqual([]);
  expect(logProblems(s.paths, o.log)).toEqual([]);
}

/** Runs the CLI; returns the run and the index of the first request it made. */
export async function runFrom(
  s: Scenario,
  prompt: string,
  o: RunOptions = {},
): Promise<{ run: Run; from: number }> {
  const from = s.server.requests.length;
  const run = await s.d.run(s.sb, s.server, prompt, o);
  return { run, from };
}

/** The text of the first agent-loop request made since `from`. */
export function firstMainText(s: Scenario, from: number): string {
  const first = s.server.requests.slice(from).find((r) => s.d.isMain(r));
  expect(first, "the CLI made no agent-loop request").toBeDefined();
  return requestText(first);
}

/** Each memory's slug and description are in `text` (its MEMORY.md index line or its recalled file). */
export function expectMemoriesIn(text: string, memories: TopicFile[]): void {
  expect(memories.length).toBeGreaterThan(0);
  for (const m of memories) {
    const slug = m.path.replace(/^.*\//, "").replace(/\.md$/, "");
    expect(text, `memory ${slug}`).toContain(slug);
    expect(text, `memory ${slug}`).toContain(m.description);
  }
}

/** 1. `memdir install <harness>` (user scope) as a user would run it. */
export async function stepInstall(s: Scenario): Promise<void> {
  const r = await timed(s, "install", () => memdir(s.sb, ["install", s.d.harness]));
  expect(r.code, r.stderr).toBe(0);
  const [settings] = s.d.settingsFiles(s.sb);
  expect(r.stdout).toContain(`updated ${settings}`);
  expect(String(fileBytes(settings!))).toContain(" hook SessionStart");
  if (s.d.harness === "codex")
    expect(r.stdout).toMatch(/trusted \d+ hook\(s\) in .*through codex app-server/);
}

/**
 * 2. Session 1 states a preference, a fact about the user and a pointer; the model runs one shell
 * command, then answers at length. The hooks start the extraction detached; wait for its topic files,
 * and for the session summary (due at the turn end: the answer alone is over 10,000 tokens).
 */
export async function stepLearn(s: Scenario): Promise<void> {
  s.server.script({ ...s.d.showNotes, inputTokens: 12_000 }, { text: LONG_REPLY, inputTokens: 12_500 });
  const { run } = await timed(s, "session 1", () => runFrom(s, learningPrompt(s.tag)));
  expectHealthy(s, run);
  expect(s.server.pending(), "scripted turns left").toBe(0);
  s.session1 = run.sessionId;
  s.memories = await timed(s, "extraction", () => waitForMemories(s.paths, expectedFragments(s.tag), 30_000));
  expect(s.memories.map((m) => m.type).sort()).toEqual(["feedback", "reference", "user"]);
  await timed(s, "extraction", () => waitForJobsIdle(s.sb));
  const summaries = join(s.paths.stateRoot, "summaries");
  mkdirSync(summaries, { recursive: true });
  expect(readdirSync(summaries), "session summary after session 1").toHaveLength(1);
  expect(logProblems(s.paths)).toEqual([]);
}

export const resumeMark = (s: Scenario) => `RESUMEMARK${s.tag.toUpperCase()}`;

/**
 * 4. Resume session 1: its first request carries memdir's context with this session's summary, and the
 * conversation itself (the end of session 1's answer).
 */
export async function stepResume(s: Scenario): Promise<void> {
  s.server.script({ text: "We were looking at notes.txt." });
  const { run, from } = await timed(s, "resume", () =>
    runFrom(s, `${resumeMark(s)}: where were we?`, { resume: s.session1 ?? true }),
  );
  expectHealthy(s, run);
  const text = firstMainText(s, from);
  expect(text).toContain("summary of this session");
  if (s.session1) expect(text).toContain(`summaries/${s.session1}.md`);
  expect(text, "session 1's conversation").toContain("Step 800: batch 800 of the backlog");
  expectMemoriesIn(text, s.memories);
  await waitForJobsIdle(s.sb);
}

/** 3. A new session in the same project: its FIRST model request carries the memories. */
export async function stepNewSession(s: Scenario): Promise<void> {
  s.server.script({ text: "Tabs, as you prefer." });
  const { run, from } = await timed(s, "session 2", () => runFrom(s, "Which indentation should I use?"));
  expectHealthy(s, run);
  expectMemoriesIn(firstMainText(s, from), s.memories);
  expect(run.sessionId).not.toBe(s.session1);
  await waitForJobsIdle(s.sb);
}

/** 7. `memdir uninstall <harness>`: every file install touched is byte-identical to before (or absent again). */
export async function stepUninstall(s: Scenario): Promise<void> {
  await waitForJobsIdle(s.sb);
  const r = await timed(s, "uninstall", () => memdir(s.sb, ["uninstall", s.d.harness]));
  expect(r.code, r.stderr).toBe(0);
  for (const [file, bytes] of s.before) {
    const now = fileBytes(file);
    if (bytes === null) expect(now, `${file} should be absent again`).toBeNull();
    else expect(now?.toString("utf8"), file).toBe(bytes.toString("utf8"));
    if (bytes && now) expect(now.equals(bytes), `${file} byte-identical`).toBe(true);
  }
}
