/**
 * The auto-dream gate after each Stop, through `runHook` and the job it starts (`runJob`, which checks
 * the gates when that job is done) with an injected clock: the dream job starts exactly when the time
 * and session gates open; every skip is an event with its
 * reason; the sessions without substantive interaction (toolStats) do not count; status shows the
 * distribution.
 */
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildStatus } from "../../../src/app/commands/status.js";
import { projectContext } from "../../../src/app/context.js";
import { runHook } from "../../../src/app/hooks/run.js";
import { runDream } from "../../../src/app/jobs/dream.js";
import { runJob } from "../../../src/app/jobs/run.js";
import { formatStatus } from "../../../src/cli/format/status.js";
import { appSandbox } from "../../helpers/app-sandbox.js";

const HOUR = 3_600_000;
const T0 = Date.parse("2026-11-29T10:00:00Z");
const substantive = {
  readCount: 4,
  searchCount: 1,
  bashCount: 2,
  editFileCount: 1,
  linesAdded: 12,
  linesRemoved: 3,
  otherToolCount: 0,
};
const bashOnly = {
  readCount: 0,
  searchCount: 0,
  bashCount: 40,
  editFileCount: 0,
  linesAdded: 0,
  linesRemoved: 0,
  otherToolCount: 0,
};

function setup(config: Record<string, unknown> = {}) {
  const s = appSandbox("memdir-dream-gate-", config, T0);
  const ctx = projectContext(s.rt, s.project);
  const { memoryDir, sessionsDir, eventsFile } = ctx.paths;
  mkdirSync(memoryDir, { recursive: true });
  mkdirSync(sessionsDir, { recursive: true });
  const endSession = (id: string, atMs: number, toolStats = substantive) => {
    const f = join(sessionsDir, `${id}.json`);
    writeFileSync(f, JSON.stringify({ session_id: id, ended_at: new Date(atMs).toISOString(), toolStats }));
    utimesSync(f, atMs / 1000, atMs / 1000);
  };
  const consolidatedAt = (ms: number) => {
    const f = join(memoryDir, ".consolidate-lock");
    writeFileSync(f, "");
    utimesSync(f, ms / 1000, ms / 1000);
  };
  const stop = async (sessionId = "current") => {
    const before = s.requests.length;
    await runHook(
      "Stop",
      JSON.stringify({
        session_id: sessionId,
        cwd: s.project,
        hook_event_name: "Stop",
        transcript_path: join(s.home, "t.jsonl"),
      }),
      s.rt,
    );
    const started = s.requests.slice(before);
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ dreamCheck: true, sessionId });
    await runJob(s.rt, started[0]!);
  };
  const dreamJobs = () => s.jobs.filter((j) => j[0] === "job" && j[1] === "dream");
  const skips = () =>
    readFileSync(eventsFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.kind === "dream_skipped");
  return { ...s, ctx, endSession, consolidatedAt, stop, dreamJobs, skips };
}

describe("auto-dream gate at Stop", () => {
  it("opens exactly at minHours and minSessions; the current session and non-substantive sessions never count", async () => {
    const s = setup();
    s.consolidatedAt(T0 - 24 * HOUR + 1); // 1 ms short of 24 h
    for (let i = 0; i < 4; i++) s.endSession(`s${i}`, T0 - HOUR);
    s.endSession("current", T0 - HOUR);
    s.endSession("noisy", T0 - HOUR, bashOnly);
    await s.stop();
    expect(s.dreamJobs()).toEqual([]);
    expect(s.skips().at(-1)).toMatchObject({ reason: "time", minHours: 24, trigger: "auto" });

    s.setClock(T0 + 1); // exactly 24 h: the time gate opens, 4 substantive sessions < 5
    await s.stop();
    expect(s.dreamJobs()).toEqual([]);
    expect(s.skips().at(-1)).toMatchObject({ reason: "sessions", count: 4, minSessions: 5 });

    s.endSession("s4", T0 - HOUR); // the 5th: cached scan for 10 minutes
    await s.stop();
    expect(s.skips().at(-1)).toMatchObject({ reason: "sessions", count: 4 });
    s.setClock(T0 + 1 + 10 * 60_000); // the scan throttle ends exactly at 10 minutes
    await s.stop();
    expect(s.dreamJobs()).toEqual([
      ["job", "dream", "--session", "current", "--cwd", s.ctx.paths.projectRoot],
    ]);
  });

  it("master switches: autoDream false and kairos record `disabled`", async () => {
    for (const [config, sw] of [
      [{ autoDream: false }, "autoDream"],
      [{ kairos: true }, "kairos"],
    ] as const) {
      const s = setup(config);
      await s.stop();
      expect(s.dreamJobs()).toEqual([]);
      expect(s.skips().at(-1)).toMatchObject({ reason: "disabled", switch: sw });
    }
    const s = setup({ dream: { minSessions: 0 } });
    await s.stop();
    expect(s.dreamJobs()).toHaveLength(1); // never consolidated + minSessions 0: open
  });

  it("dream.minHours / minSessions from the config move the thresholds; status shows the skip distribution", async () => {
    const s = setup({ dream: { minHours: 2, minSessions: 1 } });
    s.consolidatedAt(T0 - HOUR);
    await s.stop();
    await s.stop();
    expect(s.skips().map((e) => e.reason)).toEqual(["time", "time"]);
    s.setClock(T0 + HOUR);
    await s.stop();
    expect(s.skips().at(-1)).toMatchObject({ reason: "sessions", count: 0, minSessions: 1 });
    s.endSession("other", T0 + HOUR);
    s.setClock(T0 + HOUR + 10 * 60_000);
    await s.stop();
    expect(s.dreamJobs()).toHaveLength(1);
    const st = buildStatus(projectContext(s.rt, s.project));
    expect(st.dream.skips).toEqual({ time: 2, sessions: 1 });
    expect(st.dream.lastConsolidatedAt).toBe(new Date(T0 - HOUR).toISOString());
    expect(formatStatus(st, { bold: (x) => x, dim: (x) => x })).toMatch(/skipped {6}time 2, sessions 1/);
  });

  it("a forced or dry-run dream still gathers the sessions since the last consolidation (substantive ones used, the rest skipped)", async () => {
    const s = setup();
    s.consolidatedAt(T0 - 2 * HOUR);
    s.endSession("before", T0 - 3 * HOUR);
    s.endSession("work", T0 - HOUR);
    s.endSession("noisy", T0 - HOUR, bashOnly);
    s.endSession("current", T0 - HOUR);
    const dry = await runDream(s.rt, {
      cwd: s.project,
      trigger: "manual",
      dryRun: true,
      sessionId: "current",
    });
    expect(dry.status === "planned" && dry.plan.sessions).toEqual({ used: ["work"], skipped: ["noisy"] });
    const run = await runDream(s.rt, {
      cwd: s.project,
      trigger: "manual",
      force: true,
      sessionId: "current",
    });
    expect(run.status === "done" && run.plan.sessions).toEqual({ used: ["work"], skipped: ["noisy"] });
  });
});
