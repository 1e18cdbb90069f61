import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../src/core/clock.js";
import { codePointLength } from "../../src/core/text.js";
import {
  addPriority,
  addWorkingMemory,
  formatPriorityContext,
  PRIORITY_MAX_CHARS,
  parseNotepad,
  pruneWorkingMemory,
  readNotepad,
  WORKING_MAX_AGE_MS,
} from "../../src/notepad/index.js";
import { tempDir } from "../helpers/tmp.js";

const T0 = Date.UTC(2026, 10, 29, 10, 0, 0);
const file = () => join(tempDir(), ".memdir", "notepad.md");
const headings = (f: string) =>
  readFileSync(f, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("## "));

describe("addWorkingMemory", () => {
  it("appends UTC-stamped notes; repeated writes never duplicate sections or notes", () => {
    const f = file();
    const clock = fixedClock(T0);
    for (let i = 0; i < 20; i++) {
      addWorkingMemory(f, [`note ${i}`], clock.now());
      clock.advance(1_000);
    }
    expect(addWorkingMemory(f, ["note 3", "  note   3 "], clock.now())).toBe(0);
    expect(headings(f)).toEqual(["## Priority Context", "## Working Memory", "## Manual"]);
    const np = readNotepad(f);
    expect(np.working).toHaveLength(20);
    expect(np.working[0]).toEqual({ at: "2026-11-29T10:00:00Z", text: "note 0" });
    expect(np.working.at(-1)).toEqual({ at: "2026-11-29T10:00:20Z", text: "note 3" }); // refreshed, moved last
  });

  it("scrubs private blocks before writing and ignores notes that end up empty", () => {
    const f = file();
    expect(
      addWorkingMemory(
        f,
        ["deploy key <private>is in my desk</private> rotated", "<private>all</private>"],
        T0,
      ),
    ).toBe(1);
    const text = readFileSync(f, "utf8");
    expect(text).not.toContain("desk");
    expect(readNotepad(f).working.map((e) => e.text)).toEqual(["deploy key rotated"]);
  });

  it("keeps the Manual section and unknown text verbatim through writes", () => {
    const f = file();
    addWorkingMemory(f, ["first"], T0);
    writeFileSync(f, `${readFileSync(f, "utf8")}My own\n\n## Scratch\n  spaced   text\n`);
    addWorkingMemory(f, ["second"], T0 + 1);
    expect(readNotepad(f).manual).toBe("My own\n\n## Scratch\n  spaced   text");
    expect(readFileSync(f, "utf8").endsWith("## Manual\nMy own\n\n## Scratch\n  spaced   text\n")).toBe(true);
  });
});

describe("addPriority", () => {
  it("keeps every tag of one output and of earlier outputs, newest first", () => {
    const f = file();
    addPriority(f, ["old rule"], T0);
    const r = addPriority(f, ["rule A", "rule B"], T0 + 60_000);
    expect(r).toEqual({ added: 2 });
    expect(readNotepad(f).priority.map((e) => e.text)).toEqual(["rule A", "rule B", "old rule"]);
    addPriority(f, ["old rule"], T0 + 120_000); // repeated: moves up, not duplicated
    expect(formatPriorityContext(readNotepad(f))).toBe("- old rule\n- rule A\n- rule B");
  });

  it("over 500 characters: keeps the newest that fit, moves the older ones to Working Memory, and warns", () => {
    const f = file();
    const a = `A${"a".repeat(199)}`;
    const b = `B${"b".repeat(199)}`;
    const c = `C${"c".repeat(199)}`;
    addPriority(f, [a], T0);
    const r = addPriority(f, [b, c], T0 + 1_000);
    const np = readNotepad(f);
    expect(np.priority.map((e) => e.text)).toEqual([b, c]);
    expect(np.working.map((e) => e.text)).toEqual([a]);
    expect(r.warning).toMatch(/limited to 500 characters.*moved 1 older note to Working Memory/);
    expect(np.priority.reduce((n, e) => n + codePointLength(e.text), 0)).toBeLessThanOrEqual(
      PRIORITY_MAX_CHARS,
    );
  });

  it("a single note longer than the budget is cut in Priority Context and kept whole in Working Memory", () => {
    const f = file();
    addPriority(f, ["short"], T0);
    const long = "😀".repeat(600);
    const r = addPriority(f, [long], T0 + 1);
    const np = readNotepad(f);
    expect(np.priority).toHaveLength(1);
    expect(codePointLength(np.priority[0]!.text)).toBe(PRIORITY_MAX_CHARS);
    expect(np.priority[0]!.text.endsWith("…")).toBe(true);
    expect(np.working.map((e) => e.text)).toEqual([long, "short"]);
    expect(r.warning).toMatch(/newest note was cut.*moved 1 older note/);
  });
});

describe("pruneWorkingMemory", () => {
  it("keeps a note exactly 7 days old and removes one a second older (stamps are UTC seconds), with a fixed clock", () => {
    const f = file();
    const clock = fixedClock(T0 - 1_000);
    addWorkingMemory(f, ["oldest"], clock.now());
    clock.set(T0);
    addWorkingMemory(f, ["edge"], clock.now());
    clock.advance(60_000);
    addWorkingMemory(f, ["recent"], clock.now());
    writeFileSync(f, readFileSync(f, "utf8").replace("## Manual", "- untimed, never pruned\n\n## Manual"));
    clock.set(T0 + WORKING_MAX_AGE_MS); // "edge" is exactly 7 days old, "oldest" 7 days + 1 s
    expect(pruneWorkingMemory(f, clock.now())).toBe(1);
    expect(readNotepad(f).working.map((e) => e.text)).toEqual(["edge", "recent", "untimed, never pruned"]);
    expect(readFileSync(f, "utf8")).not.toContain("oldest");
    expect(pruneWorkingMemory(f, clock.now())).toBe(0);
    clock.advance(1);
    expect(pruneWorkingMemory(f, clock.now())).toBe(1);
    expect(readNotepad(f).working.map((e) => e.text)).toEqual(["recent", "untimed, never pruned"]);
  });

  it("reads timestamps with explicit zones and the old `### YYYY-MM-DD HH:MM` form as UTC, whatever TZ says", () => {
    const f = file();
    mkdirSync(dirname(f), { recursive: true });
    writeFileSync(
      f,
      "## Working Memory\n- [2026-11-22T19:00:00+09:00] tokyo\n### 2026-11-22 10:00\nold form\n- [2026-11-22T10:00:01Z] utc\n",
    );
    const at = Date.UTC(2026, 10, 29, 10, 0, 0); // exactly 7 days after 2026-11-22T10:00Z
    const tz = process.env.TZ;
    process.env.TZ = "Asia/Seoul"; // a local-time parse would be off by 9 hours (OMC bug G)
    try {
      expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-540);
      expect(pruneWorkingMemory(f, at)).toBe(0);
      expect(pruneWorkingMemory(f, at + 1)).toBe(2);
    } finally {
      if (tz === undefined) delete process.env.TZ;
      else process.env.TZ = tz;
    }
    expect(readNotepad(f).working.map((e) => e.text)).toEqual(["utc"]);
  });

  it("does nothing (and creates nothing) when there is no notepad", () => {
    const f = file();
    expect(pruneWorkingMemory(f, T0)).toBe(0);
    expect(existsSync(join(f, ".."))).toBe(false);
  });
});

describe("readNotepad", () => {
  it("returns an empty notepad for a missing file and parses a corrupt one best-effort", () => {
    expect(readNotepad(file())).toEqual(parseNotepad(""));
    const f = file();
    addWorkingMemory(f, ["x"], T0);
    writeFileSync(f, "\u0000garbage ## not a heading\n## Working Memory\n- [not a date] y\n");
    const np = readNotepad(f);
    expect(np.preamble).toBe("\u0000garbage ## not a heading");
    expect(np.working).toEqual([{ text: "[not a date] y" }]);
  });
});
