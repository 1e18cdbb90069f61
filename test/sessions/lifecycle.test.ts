import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolKind } from "../../src/adapters/claude-code/tools.js";
import { isPidAlive } from "../../src/core/index.js";
import {
  endRecordPath,
  findReclaimableSessions,
  markSurfaced,
  readCursor,
  readEndRecord,
  readExtractionQueue,
  readSessionStarted,
  readSubagentTracking,
  readSurfaced,
  reclaimSession,
  recordSubagent,
  recordToolUse,
  takeExtractionQueue,
  writeCursor,
  writeEndRecord,
  writeSessionStarted,
} from "../../src/sessions/index.js";
import { TRANSCRIPTS_DIR, tempDir } from "../helpers/tmp.js";

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();
const TRANSCRIPT = join(TRANSCRIPTS_DIR, "short.jsonl");

/** The pid of a real process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", ""]);
  expect(r.status).toBe(0);
  expect(isPidAlive(r.pid)).toBe(false);
  return r.pid!;
}

describe("session-started.json", () => {
  it("keeps the first start on resume and takes the new owner", () => {
    const root = tempDir();
    const a = writeSessionStarted(root, "s", {
      ownerPid: 111,
      startedAtMs: T0,
      source: "startup",
      cwd: "/p",
      bootId: "b1",
    });
    expect(a).toMatchObject({
      session_id: "s",
      owner_pid: 111,
      started_at: iso(T0),
      last_started_at: iso(T0),
      starts: 1,
    });
    writeSessionStarted(root, "s", { ownerPid: 222, startedAtMs: T0 + 5000, source: "resume" });
    expect(readSessionStarted(root, "s")).toMatchObject({
      owner_pid: 222,
      started_at: iso(T0),
      last_started_at: iso(T0 + 5000),
      source: "resume",
      cwd: "/p",
      boot_id: "b1",
      starts: 2,
    });
    expect(existsSync(join(root, "state", "sessions", "s", "session-started.json"))).toBe(true);
    expect(readSessionStarted(root, "other")).toBeUndefined();
  });
});

describe("subagent tracking", () => {
  it("counts starts and stops, tolerates a stop without start and duplicate events", () => {
    const root = tempDir();
    recordSubagent(root, "s", { kind: "start", agentId: "a1", agentType: "Explore" }, T0);
    recordSubagent(root, "s", { kind: "start", agentId: "a1", agentType: "Explore" }, T0 + 1); // duplicate
    recordSubagent(root, "s", { kind: "start", agentId: "a2", agentType: "Plan" }, T0 + 2);
    recordSubagent(root, "s", { kind: "stop", agentId: "a1" }, T0 + 3);
    recordSubagent(root, "s", { kind: "stop", agentId: "a1" }, T0 + 4); // duplicate
    recordSubagent(root, "s", { kind: "stop", agentId: "a2", failed: true }, T0 + 5);
    const t = recordSubagent(root, "s", { kind: "stop", agentId: "fork-9", agentType: "fork" }, T0 + 6);
    expect(t).toMatchObject({
      total_spawned: 2,
      total_completed: 1,
      total_failed: 1,
      total_unmatched_stops: 1,
      last_updated: iso(T0 + 6),
    });
    expect(t.agents.map((a) => [a.agent_id, a.status, a.synthetic ?? false])).toEqual([
      ["a1", "completed", false],
      ["a2", "failed", false],
      ["fork-9", "completed", true],
    ]);
    expect(t.agents[0]).toMatchObject({ agent_type: "Explore", started_at: iso(T0), ended_at: iso(T0 + 3) });
    expect(readSubagentTracking(root, "s")).toEqual(t);
  });
});

describe("session end record", () => {
  it("has every field of DESIGN §3.2 from the session's own state", () => {
    const root = tempDir();
    writeSessionStarted(root, "s", { ownerPid: 1, startedAtMs: T0 });
    recordSubagent(root, "s", { kind: "start", agentId: "a", agentType: "Explore" }, T0 + 10);
    recordSubagent(root, "s", { kind: "start", agentId: "b", agentType: "Explore" }, T0 + 11);
    recordSubagent(root, "s", { kind: "stop", agentId: "a" }, T0 + 20);
    recordToolUse(
      root,
      "s",
      { kind: toolKind("Read"), toolName: "Read", toolInput: { file_path: "/x" }, success: true },
      T0 + 30,
    );
    recordToolUse(
      root,
      "s",
      {
        kind: toolKind("Write"),
        toolName: "Write",
        toolInput: { content: "1\n2\n3\n" },
        linesChanged: { added: 3, removed: 0 },
        success: true,
      },
      T0 + 31,
    );
    // another session's state must not leak into this record (oh-my-claudecode #573, defect E)
    writeSessionStarted(root, "other", { ownerPid: 2, startedAtMs: T0 - 86_400_000 });
    recordToolUse(
      root,
      "other",
      { kind: toolKind("Bash"), toolName: "Bash", toolInput: {}, success: true },
      T0,
    );

    const rec = writeEndRecord(root, "s", {
      reason: "prompt_input_exit",
      endedAtMs: T0 + 60_000,
      modesUsed: ["plan"],
    });
    const onDisk = JSON.parse(readFileSync(endRecordPath(root, "s"), "utf8"));
    expect(onDisk).toEqual(rec);
    expect(Object.keys(onDisk).sort()).toEqual(
      [
        "agents_completed",
        "agents_spawned",
        "duration_ms",
        "ended_at",
        "modes_used",
        "reason",
        "session_id",
        "started_at",
        "toolStats",
      ].sort(),
    );
    expect(rec).toEqual({
      session_id: "s",
      started_at: iso(T0),
      ended_at: iso(T0 + 60_000),
      duration_ms: 60_000,
      reason: "prompt_input_exit",
      agents_spawned: 2,
      agents_completed: 1,
      modes_used: ["plan"],
      toolStats: {
        readCount: 1,
        searchCount: 0,
        bashCount: 0,
        editFileCount: 1,
        linesAdded: 3,
        linesRemoved: 0,
        otherToolCount: 0,
      },
    });
    expect(join(root, "sessions", "s.json")).toBe(endRecordPath(root, "s"));
  });

  it("is idempotent; a start after the end makes the next end rewrite it", () => {
    const root = tempDir();
    writeSessionStarted(root, "s", { ownerPid: 1, startedAtMs: T0 });
    writeEndRecord(root, "s", { reason: "clear", endedAtMs: T0 + 1000 });
    const again = writeEndRecord(root, "s", { reason: "other", endedAtMs: T0 + 2000, modesUsed: ["ralph"] });
    expect(again).toMatchObject({ reason: "clear", ended_at: iso(T0 + 1000), modes_used: ["ralph"] });
    // resumed later: the first start is kept, the new end is recorded
    writeSessionStarted(root, "s", { ownerPid: 3, startedAtMs: T0 + 10_000, source: "resume" });
    recordToolUse(
      root,
      "s",
      { kind: toolKind("Bash"), toolName: "Bash", toolInput: {}, success: true },
      T0 + 11_000,
    );
    const third = writeEndRecord(root, "s", {
      reason: "prompt_input_exit",
      endedAtMs: T0 + 20_000,
      modesUsed: ["plan"],
    });
    expect(third).toMatchObject({
      started_at: iso(T0),
      ended_at: iso(T0 + 20_000),
      duration_ms: 20_000,
      reason: "prompt_input_exit",
      modes_used: ["ralph", "plan"],
    });
    expect(third.toolStats.bashCount).toBe(1);
  });

  it("without session-started.json, started_at and duration_ms are null, not guessed", () => {
    const root = tempDir();
    const rec = writeEndRecord(root, "s", { reason: "other", endedAtMs: T0 });
    expect(rec).toMatchObject({ started_at: null, duration_ms: null, agents_spawned: 0 });
  });

  it("a truncated record (crash mid-write) reads as missing", () => {
    const root = tempDir();
    mkdirSync(join(root, "sessions"), { recursive: true });
    writeFileSync(endRecordPath(root, "s"), '{"session_id":"s","ended_at":"2026-');
    expect(readEndRecord(root, "s")).toBeUndefined();
  });
});

describe("cursor and surfaced set", () => {
  it("the cursor never moves backwards for the same transcript", () => {
    const root = tempDir();
    expect(readCursor(root, "s")).toEqual({ offset: 0, turns: 0 });
    writeCursor(root, "s", { transcriptPath: "/t.jsonl", offset: 500, turns: 3 }, T0);
    expect(writeCursor(root, "s", { transcriptPath: "/t.jsonl", offset: 200, turns: 1 }, T0)).toEqual({
      transcriptPath: "/t.jsonl",
      offset: 500,
      turns: 3,
    });
    expect(writeCursor(root, "s", { transcriptPath: "/u.jsonl", offset: 10, turns: 1 }, T0)).toEqual({
      transcriptPath: "/u.jsonl",
      offset: 10,
      turns: 1,
    });
    expect(readCursor(root, "s")).toEqual({ transcriptPath: "/u.jsonl", offset: 10, turns: 1 });
  });

  it("markSurfaced returns only keys not surfaced before in this session", () => {
    const root = tempDir();
    expect(markSurfaced(root, "s", ["a.md", "b.md", "a.md"])).toEqual(["a.md", "b.md"]);
    expect(markSurfaced(root, "s", ["b.md", "c.md"])).toEqual(["c.md"]);
    expect(markSurfaced(root, "other", ["a.md"])).toEqual(["a.md"]);
    expect(readSurfaced(root, "s")).toEqual(["a.md", "b.md", "c.md"]);
    expect(markSurfaced(root, "s", [])).toEqual([]);
  });
});

describe("reclaim", () => {
  it("finds dead-owner sessions and unprocessed tails; skips live, current and finished ones", () => {
    const root = tempDir();
    const size = statSync(TRANSCRIPT).size;
    const dead = deadPid();
    // dead owner, no end record
    writeSessionStarted(root, "dead", { ownerPid: dead, startedAtMs: T0, transcriptPath: TRANSCRIPT });
    // live owner (this test process)
    writeSessionStarted(root, "live", {
      ownerPid: process.pid,
      startedAtMs: T0 + 1,
      transcriptPath: TRANSCRIPT,
    });
    // the current session, even with a dead owner
    writeSessionStarted(root, "current", { ownerPid: dead, startedAtMs: T0 + 2 });
    // no pid: counts as alive
    writeFileSync(join(root, "state", "sessions", "current", "..", "nopid.json"), "x"); // a stray file, not a session dir
    mkdirSync(join(root, "state", "sessions", "nopid"), { recursive: true });
    writeFileSync(
      join(root, "state", "sessions", "nopid", "session-started.json"),
      JSON.stringify({ started_at: iso(T0) }),
    );
    // ended (SessionEnd ran, owner still alive after /clear) with an unprocessed tail
    writeSessionStarted(root, "ended-tail", {
      ownerPid: process.pid,
      startedAtMs: T0 + 3,
      transcriptPath: TRANSCRIPT,
    });
    writeEndRecord(root, "ended-tail", { reason: "clear", endedAtMs: T0 + 4 });
    writeCursor(root, "ended-tail", { transcriptPath: TRANSCRIPT, offset: 100, turns: 1 }, T0);
    // ended and fully extracted
    writeSessionStarted(root, "ended-done", {
      ownerPid: dead,
      startedAtMs: T0 + 5,
      transcriptPath: TRANSCRIPT,
    });
    writeEndRecord(root, "ended-done", { reason: "other", endedAtMs: T0 + 6 });
    writeCursor(root, "ended-done", { transcriptPath: TRANSCRIPT, offset: size, turns: 9 }, T0);

    expect(findReclaimableSessions(root, "current", isPidAlive)).toEqual(["dead", "ended-tail"]);
    // a fake liveness probe that says everyone is dead adds "live" but never "current" or "nopid"
    expect(findReclaimableSessions(root, "current", () => false)).toEqual(["dead", "live", "ended-tail"]);
  });

  it("a different boot id means the owner is gone, whatever the pid says", () => {
    const root = tempDir();
    writeSessionStarted(root, "old", { ownerPid: process.pid, startedAtMs: T0, bootId: "boot-A" });
    expect(findReclaimableSessions(root, "cur", isPidAlive, { bootId: "boot-A" })).toEqual([]);
    expect(findReclaimableSessions(root, "cur", isPidAlive, { bootId: "boot-B" })).toEqual(["old"]);
  });

  it("writes the end record, queues the tail once, removes transient state, keeps stats and cursor", () => {
    const root = tempDir();
    const size = statSync(TRANSCRIPT).size;
    writeSessionStarted(root, "d", { ownerPid: deadPid(), startedAtMs: T0, transcriptPath: TRANSCRIPT });
    recordToolUse(
      root,
      "d",
      { kind: toolKind("Bash"), toolName: "Bash", toolInput: {}, success: false, error: "x" },
      T0 + 5_000,
    );
    writeCursor(root, "d", { transcriptPath: TRANSCRIPT, offset: 1234, turns: 2 }, T0 + 5_000);
    const dir = join(root, "state", "sessions", "d");
    writeFileSync(join(dir, "pre-tool-advisory-throttle-state.json"), "{}");
    // the transcript's last write is the last sign of life: make it known (read-only data: use a copy's mtime)
    const copy = join(root, "t.jsonl");
    writeFileSync(copy, readFileSync(TRANSCRIPT));
    utimesSync(copy, new Date(T0 + 9_000), new Date(T0 + 9_000));
    writeCursor(root, "d", { transcriptPath: copy, offset: 1234, turns: 2 }, T0 + 5_000);

    const now = T0 + 3 * 86_400_000;
    const r = reclaimSession(root, "d", now);
    expect(r).toEqual({
      endRecordWritten: true,
      queued: { sessionId: "d", transcriptPath: copy, offset: 1234 },
    });
    const rec = readEndRecord(root, "d")!;
    expect(rec).toMatchObject({
      reason: "reclaimed",
      started_at: iso(T0),
      ended_at: iso(T0 + 9_000),
      duration_ms: 9_000,
    });
    expect(rec.toolStats.bashCount).toBe(1);
    expect(existsSync(join(dir, "last-tool-error-state.json"))).toBe(false);
    expect(existsSync(join(dir, "pre-tool-advisory-throttle-state.json"))).toBe(false);
    expect(existsSync(join(dir, "tool-stats-state.json"))).toBe(true);
    expect(readCursor(root, "d").offset).toBe(1234);
    expect(size).toBeGreaterThan(1234);

    // again: the record stays, the queue keeps one entry for the session
    expect(reclaimSession(root, "d", now + 1)).toMatchObject({
      endRecordWritten: false,
      queued: { offset: 1234 },
    });
    expect(readEndRecord(root, "d")).toEqual(rec);
    expect(readExtractionQueue(root)).toHaveLength(1);
    const taken = takeExtractionQueue(root);
    expect(taken).toEqual([{ sessionId: "d", transcriptPath: copy, offset: 1234, queuedAt: iso(now) }]);
    expect(takeExtractionQueue(root)).toEqual([]);
    // once the tail is extracted, the session is no longer reclaimable
    writeCursor(root, "d", { transcriptPath: copy, offset: size, turns: 5 }, now);
    expect(findReclaimableSessions(root, "cur", () => false)).toEqual([]);
  });
});
