/**
 * "Recent sessions" at SessionStart: the three newest ended sessions other than the current one, newest
 * first, with their first prompt and tool counts; only the newest end records are read (a project keeps
 * one per session it ever had), so a broken or current record among them does not shorten the list.
 */
import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { recentSessionsText } from "../../../src/app/inject/recent-sessions.js";
import { updateTurnState } from "../../../src/app/turn-state.js";
import { tempDir } from "../../helpers/tmp.js";

const T0 = Date.parse("2026-11-20T09:00:00Z");
const stats = (reads: number) => ({
  readCount: reads,
  searchCount: 0,
  bashCount: 1,
  editFileCount: 0,
  linesAdded: 0,
  linesRemoved: 0,
  otherToolCount: 0,
});

function setup() {
  const stateRoot = tempDir("memdir-recent-");
  const sessionsDir = join(stateRoot, "sessions");
  mkdirSync(sessionsDir, { recursive: true });
  const end = (id: string, atMs: number, body?: string) => {
    const f = join(sessionsDir, `${id}.json`);
    writeFileSync(
      f,
      body ??
        JSON.stringify({
          session_id: id,
          ended_at: new Date(atMs).toISOString(),
          duration_ms: 5 * 60_000,
          reason: "other",
          toolStats: stats(atMs > T0 ? 2 : 0),
        }),
    );
    utimesSync(f, atMs / 1000, atMs / 1000);
  };
  return { stateRoot, sessionsDir, end };
}

describe("recentSessionsText", () => {
  it("lists the three newest ended sessions but the current one, newest first", () => {
    const s = setup();
    for (let i = 0; i < 40; i++) s.end(`old-${i}`, T0 - (i + 1) * 3_600_000);
    s.end("a", T0 + 1 * 60_000);
    s.end("b", T0 + 2 * 60_000);
    s.end("current", T0 + 3 * 60_000);
    s.end("broken", T0 + 4 * 60_000, "{ not json");
    s.end("c", T0 + 5 * 60_000);
    updateTurnState(s.stateRoot, "c", (t) => {
      t.firstPrompt = "add rate limiting to /orders";
    });
    const text = recentSessionsText(s.stateRoot, s.sessionsDir, "current");
    expect(text.split("\n")).toEqual([
      '- 2026-11-20 09:05 UTC (5 min, ended: other): started with "add rate limiting to /orders"; 2 reads, 1 shell commands',
      "- 2026-11-20 09:02 UTC (5 min, ended: other): 2 reads, 1 shell commands",
      "- 2026-11-20 09:01 UTC (5 min, ended: other): 2 reads, 1 shell commands",
    ]);
  });

  it("a record rewritten after its end (newer file) keeps its place by end time", () => {
    const s = setup();
    s.end("first", T0 + 60_000);
    s.end("second", T0 + 2 * 60_000);
    s.end("third", T0 + 3 * 60_000);
    utimesSync(join(s.sessionsDir, "first.json"), T0 / 1000 + 3_600, T0 / 1000 + 3_600);
    const text = recentSessionsText(s.stateRoot, s.sessionsDir, "none");
    expect(text.split("\n").map((l) => l.slice(2, 18))).toEqual([
      "2026-11-20 09:03",
      "2026-11-20 09:02",
      "2026-11-20 09:01",
    ]);
  });

  it("nothing when no session has ended", () => {
    const s = setup();
    expect(recentSessionsText(s.stateRoot, join(s.stateRoot, "absent"), "x")).toBe("");
  });
});
