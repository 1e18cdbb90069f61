import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../src/core/clock.js";
import { isMemdirError } from "../../src/core/errors.js";
import { writeJsonAtomic } from "../../src/core/json.js";
import { type DreamGateInput, evaluateDreamGates } from "../../src/jobs/dream/gates.js";
import {
  countSessionsSince,
  isSubstantiveSession,
  SESSION_SCAN_INTERVAL_MS,
  scanThrottled,
} from "../../src/jobs/dream/gates-state.js";
import { emptyToolStats, type ToolStats, writeEndRecord } from "../../src/sessions/index.js";
import { tempDir } from "../helpers/tmp.js";

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 10, 12, 0, 0);

/** Substantive stats: an edit session. */
const EDITED: ToolStats = { ...emptyToolStats(), readCount: 2, editFileCount: 1, linesAdded: 12 };
/** Not substantive: many commands, nothing changed. */
const BASH_ONLY: ToolStats = { ...emptyToolStats(), bashCount: 40 };

/** Writes `<dir>/<id>.json` as writeEndRecord lays it out, with mtime = ended_at. */
function plantRecord(dir: string, id: string, endedAtMs: number, toolStats: ToolStats): void {
  const path = join(dir, `${id}.json`);
  writeJsonAtomic(path, {
    session_id: id,
    started_at: null,
    ended_at: new Date(endedAtMs).toISOString(),
    duration_ms: null,
    reason: "prompt_input_exit",
    agents_spawned: 0,
    agents_completed: 0,
    modes_used: [],
    toolStats,
  });
  utimesSync(path, endedAtMs / 1000, endedAtMs / 1000);
}

function gates(over: Partial<DreamGateInput>, count = 5) {
  let calls = 0;
  const r = evaluateDreamGates({
    nowMs: T0,
    lastConsolidatedAtMs: T0 - 48 * HOUR,
    countSessions: () => {
      calls++;
      return count;
    },
    ...over,
  });
  return { r, calls };
}

describe("evaluateDreamGates", () => {
  it("master: each switch closes with its name and never counts sessions", () => {
    for (const [over, sw] of [
      [{ autoDream: false }, "autoDream"],
      [{ kairos: true }, "kairos"],
      [{ autoDream: false, kairos: true }, "autoDream"],
      [{ kairos: true, force: true }, "kairos"],
    ] as const) {
      const { r, calls } = gates(over);
      expect(r).toEqual({
        open: false,
        reason: "disabled",
        detail: { switch: sw },
        event: { kind: "dream_skipped", data: { reason: "disabled", switch: sw } },
      });
      expect(calls).toBe(0);
    }
    expect(gates({ autoDream: true, kairos: false }).r.open).toBe(true);
  });

  it("time: closed at 24 h − 1 ms, open at exactly 24 h (default minHours)", () => {
    const clock = fixedClock(T0);
    const last = T0 - 24 * HOUR + 1;
    const closed = gates({ nowMs: clock.now(), lastConsolidatedAtMs: last });
    expect(closed.calls).toBe(0);
    expect(closed.r).toMatchObject({ open: false, reason: "time" });
    if (closed.r.open || closed.r.reason !== "time") throw new Error("expected a time skip");
    expect(closed.r.detail.minHours).toBe(24);
    expect(closed.r.detail.hoursSince).toBeCloseTo(24 - 1 / HOUR, 12);
    expect(closed.r.detail.hoursSince).toBeLessThan(24);
    expect(closed.r.detail.lastConsolidatedAt).toBe(new Date(last).toISOString());
    expect(closed.r.event.data).toEqual({ reason: "time", ...closed.r.detail });
    clock.advance(1);
    const open = gates({ nowMs: clock.now(), lastConsolidatedAtMs: last });
    expect(open.r).toEqual({ open: true, forced: false, hoursSince: 24, sessions: 5 });
    expect(open.calls).toBe(1);
  });

  it("time: a custom minHours moves the threshold; never consolidated is open; a future mtime is closed", () => {
    expect(gates({ minHours: 2, lastConsolidatedAtMs: T0 - 2 * HOUR + 1 }).r.open).toBe(false);
    expect(gates({ minHours: 2, lastConsolidatedAtMs: T0 - 2 * HOUR }).r.open).toBe(true);
    expect(gates({ lastConsolidatedAtMs: undefined }).r).toEqual({
      open: true,
      forced: false,
      hoursSince: null,
      sessions: 5,
    });
    expect(gates({ lastConsolidatedAtMs: T0 + HOUR }).r).toMatchObject({
      open: false,
      reason: "time",
      detail: { hoursSince: -1 },
    });
  });

  it("sessions: 4 closes with count and minimum, 5 opens; a custom minimum", () => {
    const four = gates({}, 4);
    expect(four.r).toEqual({
      open: false,
      reason: "sessions",
      detail: { count: 4, minSessions: 5 },
      event: { kind: "dream_skipped", data: { reason: "sessions", count: 4, minSessions: 5 } },
    });
    expect(four.calls).toBe(1);
    expect(gates({}, 5).r).toMatchObject({ open: true, sessions: 5 });
    expect(gates({ minSessions: 2 }, 1).r).toMatchObject({
      open: false,
      detail: { count: 1, minSessions: 2 },
    });
    expect(gates({ minSessions: 2 }, 2).r.open).toBe(true);
  });

  it("force skips time and sessions (the count is never taken) but not the master gate", () => {
    const f = gates({ force: true, lastConsolidatedAtMs: T0 - 1 }, 0);
    expect(f.r).toEqual({ open: true, forced: true, hoursSince: 1 / HOUR });
    expect(f.calls).toBe(0);
    expect(gates({ force: true, autoDream: false }).r).toMatchObject({ open: false, reason: "disabled" });
  });

  it("rejects unusable thresholds with BAD_INPUT", () => {
    for (const over of [
      { minHours: -1 },
      { minHours: Number.NaN },
      { minSessions: 2.5 },
      { minSessions: -3 },
    ]) {
      let err: unknown;
      try {
        gates(over);
      } catch (e) {
        err = e;
      }
      expect(isMemdirError(err, "BAD_INPUT")).toBe(true);
    }
  });
});

describe("isSubstantiveSession", () => {
  it("changed lines or ≥ 3 non-command calls; commands alone never", () => {
    expect(isSubstantiveSession(EDITED)).toBe(true);
    expect(isSubstantiveSession({ ...emptyToolStats(), bashCount: 1, linesRemoved: 1 })).toBe(true);
    expect(isSubstantiveSession(BASH_ONLY)).toBe(false);
    expect(isSubstantiveSession(emptyToolStats())).toBe(false);
    expect(isSubstantiveSession({ ...emptyToolStats(), readCount: 1, searchCount: 1, bashCount: 9 })).toBe(
      false,
    );
    expect(
      isSubstantiveSession({ ...emptyToolStats(), readCount: 1, searchCount: 1, otherToolCount: 1 }),
    ).toBe(true);
  });
});

describe("countSessionsSince", () => {
  it("counts sessions touched after sinceMs, excluding the current and non-substantive ones", () => {
    const dir = join(tempDir(), "sessions");
    const since = T0 - 24 * HOUR;
    for (let i = 1; i <= 5; i++) plantRecord(dir, `s${i}`, since + i * HOUR, EDITED);
    plantRecord(dir, "old", since - HOUR, EDITED);
    plantRecord(dir, "edge", since, EDITED); // touched exactly at sinceMs: not after it
    plantRecord(dir, "bash", since + HOUR, BASH_ONLY);
    writeFileSync(join(dir, "torn.json"), '{"session_id":"torn","ended_'); // a record cut by a crash
    writeFileSync(join(dir, ".s9.json.x.tmp"), "{}");
    const all = countSessionsSince(dir, since);
    expect(all).toEqual({
      count: 5,
      sessionIds: ["s1", "s2", "s3", "s4", "s5"],
      skippedIds: ["bash"],
      unreadable: 1,
    });
    // Excluding the current session brings 5 down to 4: the gate closes.
    const mine = countSessionsSince(dir, since, { excludeSessionId: "s5" });
    expect(mine.count).toBe(4);
    const g = evaluateDreamGates({ nowMs: T0, lastConsolidatedAtMs: since, countSessions: () => mine.count });
    expect(g).toMatchObject({ open: false, reason: "sessions", detail: { count: 4, minSessions: 5 } });
    // Never consolidated: every substantive session counts.
    expect(countSessionsSince(dir, undefined).sessionIds).toEqual([
      "edge",
      "old",
      "s1",
      "s2",
      "s3",
      "s4",
      "s5",
    ]);
    expect(countSessionsSince(join(dir, "missing"), since).count).toBe(0);
  });

  it("touched = the later of mtime and ended_at", () => {
    const dir = tempDir();
    const since = T0 - HOUR;
    plantRecord(dir, "late-mtime", since - HOUR, EDITED);
    utimesSync(join(dir, "late-mtime.json"), (since + 1) / 1000, (since + 1) / 1000); // rewritten later
    plantRecord(dir, "late-end", since + 1, EDITED);
    utimesSync(join(dir, "late-end.json"), (since - HOUR) / 1000, (since - HOUR) / 1000);
    expect(countSessionsSince(dir, since).sessionIds).toEqual(["late-end", "late-mtime"]);
  });

  it("reads records written by sessions/writeEndRecord", () => {
    const root = tempDir();
    writeEndRecord(root, "real-1", { reason: "other", endedAtMs: T0 });
    // A fresh session has zero toolStats: not substantive.
    expect(countSessionsSince(join(root, "sessions"), T0 - HOUR)).toMatchObject({
      count: 0,
      skippedIds: ["real-1"],
    });
  });
});

describe("scanThrottled", () => {
  it("holds the scan for exactly 10 minutes, then rescans", () => {
    const root = tempDir();
    const dir = join(root, "sessions");
    const stateFile = join(root, "state", "dream-scan-state.json");
    const since = T0 - 48 * HOUR;
    for (let i = 1; i <= 4; i++) plantRecord(dir, `s${i}`, since + i * HOUR, EDITED);
    const clock = fixedClock(T0);
    const opts = { sessionsDir: dir, sinceMs: since };
    const first = scanThrottled(stateFile, clock.now(), opts);
    expect(first).toMatchObject({ count: 4, cached: false, scannedAtMs: T0 });
    const saved = JSON.parse(readFileSync(stateFile, "utf8"));
    expect(saved).toMatchObject({ scannedAtMs: T0, sinceMs: since, sessionIds: ["s1", "s2", "s3", "s4"] });

    plantRecord(dir, "s5", T0 - HOUR, EDITED); // a fifth session ends meanwhile
    clock.advance(SESSION_SCAN_INTERVAL_MS - 1);
    const held = scanThrottled(stateFile, clock.now(), opts);
    expect(held).toMatchObject({ count: 4, cached: true, scannedAtMs: T0 });
    // The cached ids still exclude the caller's own session.
    expect(scanThrottled(stateFile, clock.now(), { ...opts, excludeSessionId: "s2" })).toMatchObject({
      count: 3,
      sessionIds: ["s1", "s3", "s4"],
      cached: true,
    });

    clock.advance(1); // exactly 10 minutes
    const again = scanThrottled(stateFile, clock.now(), opts);
    expect(again).toMatchObject({ count: 5, cached: false, scannedAtMs: T0 + SESSION_SCAN_INTERVAL_MS });
    expect(again.sessionIds).toContain("s5");
  });

  it("a new lastConsolidatedAt, another dir, a clock that went back or a corrupt file rescans", () => {
    const root = tempDir();
    const dir = join(root, "sessions");
    const stateFile = join(root, "scan.json");
    plantRecord(dir, "a", T0 - 2 * HOUR, EDITED);
    plantRecord(dir, "b", T0 - HOUR, EDITED);
    expect(scanThrottled(stateFile, T0, { sessionsDir: dir, sinceMs: undefined }).count).toBe(2);
    const moved = scanThrottled(stateFile, T0 + 1, { sessionsDir: dir, sinceMs: T0 - 90 * 60_000 });
    expect(moved).toMatchObject({ count: 1, sessionIds: ["b"], cached: false });
    expect(scanThrottled(stateFile, T0 - 1, { sessionsDir: dir, sinceMs: T0 - 90 * 60_000 }).cached).toBe(
      false,
    );
    expect(scanThrottled(stateFile, T0, { sessionsDir: join(root, "other"), sinceMs: undefined }).count).toBe(
      0,
    );
    writeFileSync(stateFile, "{not json");
    expect(scanThrottled(stateFile, T0, { sessionsDir: dir, sinceMs: undefined })).toMatchObject({
      count: 2,
      cached: false,
    });
  });
});
