/** Old session state is garbage-collected at most once a day; end records and live sessions stay. */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pruneEndedSessionState, writeEndRecord, writeSessionStarted } from "../../src/sessions/index.js";
import { tempDir } from "../helpers/tmp.js";

const DAY = 24 * 3_600_000;

describe("pruneEndedSessionState", () => {
  it("removes the state of sessions ended over 30 days ago, keeps the rest, and runs once a day", () => {
    const root = tempDir("memdir-prune-");
    const now = Date.parse("2026-11-29T12:00:00Z");
    const start = (id: string, at: number) => writeSessionStarted(root, id, { ownerPid: 1, startedAtMs: at });
    start("old", now - 40 * DAY);
    writeEndRecord(root, "old", { reason: "other", endedAtMs: now - 31 * DAY });
    start("recent", now - 10 * DAY);
    writeEndRecord(root, "recent", { reason: "other", endedAtMs: now - 29 * DAY });
    start("running", now - 40 * DAY);
    const dir = (id: string) => join(root, "state", "sessions", id);

    expect(pruneEndedSessionState(root, "current", now)).toEqual(["old"]);
    expect(existsSync(dir("old"))).toBe(false);
    expect(existsSync(join(root, "sessions", "old.json"))).toBe(true);
    expect(existsSync(dir("recent"))).toBe(true);
    expect(existsSync(dir("running"))).toBe(true);

    // throttled for a day, then "recent" is old enough
    expect(pruneEndedSessionState(root, "current", now + DAY / 2)).toEqual([]);
    expect(pruneEndedSessionState(root, "current", now + 2 * DAY)).toEqual(["recent"]);
  });
});
