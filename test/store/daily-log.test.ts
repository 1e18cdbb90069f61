/**
 * The KAIROS daily log (issue 5 point 3; seed 000 §24.1): path per day and zone, the human-readable
 * format parsed back exactly (property over hostile text), reading from byte offsets, hand edits,
 * malformed entries reported without losing the rest, scrubbing, and real processes appending to
 * the same day at once.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appendDailyLog,
  type DailyLogEntry,
  dailyLogPath,
  listDailyLogs,
  normalizeEntry,
  readDailyLogEntries,
} from "../../src/store/index.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const NOW = Date.parse("2026-11-29T10:15:03.123Z");
const REL = "logs/2026/11/2026-11-29.md";
const strip = <T extends { endByte: number; file: string }>({ endByte: _e, file: _f, ...rest }: T) => rest;

const sample: DailyLogEntry[] = [
  {
    atMs: NOW,
    sessionId: "3f0c2a7e",
    type: "feedback",
    name: "testing-no-db-mocks",
    description: "Integration tests must hit a real database, never mocks",
    body: "We got burned when mocked tests passed.\n**Why:** prod migration failed.",
    sources: ["uuid-1", "uuid-2"],
  },
  { atMs: NOW + 60_000, type: "project", description: "Release freeze starts Friday", body: "" },
];

describe("dailyLogPath", () => {
  it("is logs/YYYY/MM/YYYY-MM-DD.md for the day in the zone", () => {
    expect(dailyLogPath("/m", NOW)).toBe("/m/logs/2026/11/2026-11-29.md");
    const late = Date.parse("2026-12-31T20:00:00Z");
    expect(dailyLogPath("/m", late)).toBe("/m/logs/2026/12/2026-12-31.md");
    expect(dailyLogPath("/m", late, "Asia/Seoul")).toBe("/m/logs/2027/01/2027-01-01.md");
    expect(dailyLogPath("/m", Date.parse("2026-03-01T02:00:00Z"), "America/New_York")).toBe(
      "/m/logs/2026/02/2026-02-28.md",
    );
    expect(() => dailyLogPath("/m", NOW, "Nowhere/Zone")).toThrow(
      expect.objectContaining({ code: "BAD_INPUT" }),
    );
  });
});

describe("format and round trip", () => {
  it("writes readable Markdown: the day's title once, a header per entry, an end marker", () => {
    const dir = tempDir();
    const r = appendDailyLog(dir, sample, { nowMs: NOW });
    expect(r).toEqual({ path: join(dir, REL), appended: 2 });
    expect(readFileSync(r.path, "utf8")).toBe(
      [
        "# 2026-11-29",
        "",
        "## 10:15:03Z · feedback · testing-no-db-mocks",
        "Integration tests must hit a real database, never mocks",
        "",
        "We got burned when mocked tests passed.",
        "**Why:** prod migration failed.",
        '<!-- memdir-log {"at":"2026-11-29T10:15:03.123Z","session":"3f0c2a7e","sources":["uuid-1","uuid-2"]} -->',
        "",
        "## 10:16:03Z · project",
        "Release freeze starts Friday",
        "",
        '<!-- memdir-log {"at":"2026-11-29T10:16:03.123Z"} -->',
        "",
      ].join("\n"),
    );
    appendDailyLog(dir, [sample[1] as DailyLogEntry], { nowMs: NOW + 3_600_000 });
    const text = readFileSync(r.path, "utf8");
    expect(text.match(/^# /gm)).toHaveLength(1);
    expect(readDailyLogEntries(dir, REL).entries.map(strip)).toEqual([sample[0], sample[1], sample[1]]);
  });

  it("shows the zone's time, and the date when the entry is from another day", () => {
    const dir = tempDir();
    const before = Date.parse("2026-11-28T23:59:10Z");
    appendDailyLog(dir, [{ ...(sample[1] as DailyLogEntry), atMs: before }], {
      nowMs: Date.parse("2026-11-29T00:00:30Z"),
    });
    appendDailyLog(dir, [{ ...(sample[1] as DailyLogEntry), atMs: NOW }], {
      nowMs: NOW,
      timeZone: "Asia/Seoul",
    });
    expect(readFileSync(join(dir, REL), "utf8")).toContain("## 2026-11-28 23:59:10Z · project\n");
    expect(readFileSync(join(dir, REL), "utf8")).toContain("## 19:15:03+09:00 · project\n");
    expect(readDailyLogEntries(dir, REL).entries.map((e) => e.atMs)).toEqual([before, NOW]);
  });

  const hostile = fc.constantFrom(
    "## 10:15:03Z · user · forged",
    "\\## 10:15:03Z · user · forged",
    '<!-- memdir-log {"at":"2020-01-01T00:00:00.000Z"} -->',
    '\\\\<!-- memdir-log {"at":"x"} -->',
    "-->",
    "<!--",
    "# 2026-11-29",
    "",
    "   ",
    "\r\n",
    "\r",
    "\\",
    "## Heading",
    "한국어 본문",
    "emoji 🎉",
    "\u2028",
  );
  const text = fc
    .tuple(
      fc.array(fc.oneof(hostile, fc.string({ maxLength: 12 })), { maxLength: 6 }),
      fc.constantFrom("\n", " ", ""),
    )
    .map(([parts, sep]) => parts.join(sep));
  const entry: fc.Arbitrary<DailyLogEntry> = fc.record(
    {
      atMs: fc.integer({ min: Date.parse("2000-01-01"), max: Date.parse("2099-12-31") }),
      sessionId: text,
      type: fc.constantFrom("user", "feedback", "project", "reference"),
      name: text,
      description: text,
      body: text,
      sources: fc.array(text, { maxLength: 3 }),
    },
    { requiredKeys: ["atMs", "type", "description", "body"] },
  );

  it("parses back exactly what it stored, whatever the text (property)", () => {
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 4 }),
        fc.array(entry, { maxLength: 3 }),
        (a, b) => {
          const dir = tempDir();
          appendDailyLog(dir, a, { nowMs: NOW });
          const first = readDailyLogEntries(dir, REL);
          appendDailyLog(dir, b, { nowMs: NOW });
          const all = readDailyLogEntries(dir, REL);
          expect(all.problems).toEqual([]);
          expect(all.entries.map(strip)).toEqual([...a, ...b].map(normalizeEntry));
          const rest = readDailyLogEntries(dir, REL, first.endByte);
          expect(rest.entries.map(strip)).toEqual(b.map(normalizeEntry));
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("byte offsets", () => {
  it("reads only what was appended after an earlier read; each entry carries its end", () => {
    const dir = tempDir();
    appendDailyLog(dir, sample, { nowMs: NOW });
    const first = readDailyLogEntries(dir, REL);
    const size = readFileSync(join(dir, REL)).length;
    expect(first.endByte).toBe(size);
    expect(first.entries[1]?.endByte).toBe(size);
    expect(readDailyLogEntries(dir, REL, first.entries[0]?.endByte).entries.map(strip)).toEqual([sample[1]]);
    expect(readDailyLogEntries(dir, REL, first.endByte).entries).toEqual([]);

    const more: DailyLogEntry = {
      atMs: NOW + 5,
      type: "user",
      description: "Prefers 한국어 답변",
      body: "ünïcödé ✓",
    };
    appendDailyLog(dir, [more], { nowMs: NOW });
    const next = readDailyLogEntries(dir, REL, first.endByte);
    expect(next.entries.map(strip)).toEqual([more]);
    expect(next.entries[0]?.file).toBe(REL);
    expect(next.endByte).toBe(readFileSync(join(dir, REL)).length);
  });

  it("a cursor inside a line skips to the next line; one past the end starts over", () => {
    const dir = tempDir();
    appendDailyLog(dir, sample, { nowMs: NOW });
    const buf = readFileSync(join(dir, REL));
    const secondHeader = buf.indexOf("## 10:16:03Z");
    expect(readDailyLogEntries(dir, REL, secondHeader + 3).entries).toEqual([]);
    expect(readDailyLogEntries(dir, REL, secondHeader).entries.map(strip)).toEqual([sample[1]]);
    expect(readDailyLogEntries(dir, REL, buf.length + 100).entries.map(strip)).toEqual(sample);
  });
});

describe("hand edits and damage", () => {
  it("free text between entries, a changed title and CRLF line ends do not break parsing", () => {
    const dir = tempDir();
    appendDailyLog(dir, sample, { nowMs: NOW });
    const path = join(dir, REL);
    const edited = readFileSync(path, "utf8")
      .replace("# 2026-11-29", "# Sunday notes\n\nI wrote this by hand.\n## not a header · user")
      .replace("-->\n\n## 10:16", "-->\nA note typed between entries.\n### my own heading\n\n## 10:16");
    writeFileSync(path, `${edited}\nTrailing thoughts without a newline`);
    expect(readDailyLogEntries(dir, REL).entries.map(strip)).toEqual(sample);
    writeFileSync(path, readFileSync(path, "utf8").replace(/\n/g, "\r\n"));
    const crlf = readDailyLogEntries(dir, REL);
    expect(crlf.entries.map(strip)).toEqual(sample);
    expect(crlf.problems).toEqual([]);
    // appending after a hand edit keeps every existing byte
    const before = readFileSync(path);
    appendDailyLog(dir, [sample[1] as DailyLogEntry], { nowMs: NOW });
    const after = readFileSync(path);
    expect(after.subarray(0, before.length).equals(before)).toBe(true);
    expect(readDailyLogEntries(dir, REL).entries).toHaveLength(3);
  });

  it("skips and reports an entry without its end marker or with bad JSON, keeps the rest", () => {
    const dir = tempDir();
    const three = [
      sample[0],
      sample[1],
      { ...(sample[1] as DailyLogEntry), description: "third" },
    ] as DailyLogEntry[];
    appendDailyLog(dir, three, { nowMs: NOW });
    const path = join(dir, REL);
    const text = readFileSync(path, "utf8");
    const lines = text.split("\n");
    const firstEnd = lines.findIndex((l) => l.startsWith("<!-- memdir-log"));
    lines.splice(firstEnd, 1);
    writeFileSync(
      path,
      lines.join("\n").replace('{"at":"2026-11-29T10:16:03.123Z"}', '{"at":2026-11-29T10:16}'),
    );
    const r = readDailyLogEntries(dir, REL);
    expect(r.entries.map((e) => e.description)).toEqual(["third"]);
    expect(r.problems.map((p) => p.reason)).toEqual([
      "entry has no end marker (<!-- memdir-log … -->)",
      "end marker holds no valid JSON",
    ]);
    const buf = readFileSync(path);
    expect(r.problems[0]?.byte).toBe(buf.indexOf("## 10:15:03Z"));
    // a header cut off at the end of the file is reported too
    writeFileSync(path, `${readFileSync(path, "utf8")}\n## 11:00:00Z · user · cut\nhalf an entry\n`);
    const cut = readDailyLogEntries(dir, REL);
    expect(cut.entries.map((e) => e.description)).toEqual(["third"]);
    expect(cut.problems).toHaveLength(3);
    expect(cut.endByte).toBe(readFileSync(path).length);
  });
});

describe("scrubbing and validation", () => {
  it("removes <private> blocks and redacts secrets before writing", () => {
    const dir = tempDir();
    const key = ["AKIA", "Z7QWERTYUIOPASDF"].join("");
    appendDailyLog(
      dir,
      [
        {
          atMs: NOW,
          type: "reference",
          name: "aws <private>prod-account</private>",
          description: `Deploy key ${key}`,
          body: "Use staging.\n<private>the password is hunter2</private>\nDone.",
          sources: [`src ${key}`],
        },
      ],
      { nowMs: NOW },
    );
    const raw = readFileSync(join(dir, REL), "utf8");
    expect(raw).not.toContain(key);
    expect(raw).not.toContain("hunter2");
    expect(raw).not.toContain("prod-account");
    expect(raw).toContain("[REDACTED:");
    const [e] = readDailyLogEntries(dir, REL).entries;
    expect(e?.name).toBe("aws");
    expect(e?.body.startsWith("Use staging.")).toBe(true);
  });

  it("rejects a bad type or time; an empty list writes nothing", () => {
    const dir = tempDir();
    expect(() =>
      appendDailyLog(dir, [{ ...(sample[1] as DailyLogEntry), type: "todo" as never }], { nowMs: NOW }),
    ).toThrow(expect.objectContaining({ code: "BAD_MEMORY_TYPE" }));
    expect(() =>
      appendDailyLog(dir, [{ ...(sample[1] as DailyLogEntry), atMs: Number.NaN }], { nowMs: NOW }),
    ).toThrow(expect.objectContaining({ code: "BAD_INPUT" }));
    expect(appendDailyLog(dir, [], { nowMs: NOW })).toEqual({ path: join(dir, REL), appended: 0 });
    expect(existsSync(join(dir, "logs"))).toBe(false);
  });
});

describe("listing and reading errors", () => {
  it("lists logs oldest first and ignores anything else under logs/", () => {
    const dir = tempDir();
    for (const t of [
      "2026-11-29T10:00:00Z",
      "2025-12-31T10:00:00Z",
      "2026-02-01T10:00:00Z",
      "2026-11-03T10:00:00Z",
    ]) {
      appendDailyLog(dir, [sample[1] as DailyLogEntry], { nowMs: Date.parse(t) });
    }
    mkdirSync(join(dir, "logs", "2026", "12"), { recursive: true });
    writeFileSync(join(dir, "logs", "2026", "12", "2026-11-30.md"), "misplaced");
    writeFileSync(join(dir, "logs", "2026", "11", "notes.md"), "stray");
    writeFileSync(join(dir, "logs", "README.md"), "stray");
    expect(listDailyLogs(dir)).toEqual([
      "logs/2025/12/2025-12-31.md",
      "logs/2026/02/2026-02-01.md",
      "logs/2026/11/2026-11-03.md",
      "logs/2026/11/2026-11-29.md",
    ]);
    expect(listDailyLogs(tempDir())).toEqual([]);
  });

  it("refuses paths outside logs/ and reports a missing file", () => {
    const dir = tempDir();
    for (const bad of ["../x.md", "logs/../../etc/passwd", "MEMORY.md", "/abs/logs/2026/11/2026-11-29.md"]) {
      expect(() => readDailyLogEntries(dir, bad)).toThrow(expect.objectContaining({ code: "BAD_PATH" }));
    }
    expect(() => readDailyLogEntries(dir, REL)).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
  });
});

describe("concurrency", () => {
  let built: ReturnType<typeof bundleForChildren>;
  beforeAll(() => {
    built = bundleForChildren("store/daily-log/index.ts");
  });
  afterAll(() => built.cleanup());

  const CHILD = `
const log = require(process.argv[2]);
const [dir, worker, count, now] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5]), Number(process.argv[6])];
for (let i = 0; i < count; i++) {
  const entries = [{ atMs: now + i, type: "project", name: "w" + worker, description: "fact w" + worker + " n" + i, body: "line 1\\nline 2 of w" + worker + "-" + i, sessionId: "s" + worker }];
  if (i % 5 === 0) entries.push({ atMs: now + i, type: "user", description: "extra w" + worker + " n" + i, body: "" });
  log.appendDailyLog(dir, entries, { nowMs: now });
}
`;

  it("6 processes x 30 appends to the same day: every entry once, one title, no problems", async () => {
    const dir = tempDir();
    const script = join(built.dir, "child.cjs");
    writeFileSync(script, CHILD);
    const W = 6;
    const N = 30;
    const results = await Promise.all(
      Array.from({ length: W }, (_, w) =>
        runChild(script, [built.file, dir, String(w), String(N), String(NOW)]),
      ),
    );
    for (const r of results) expect(r, r.err).toMatchObject({ code: 0 });
    const read = readDailyLogEntries(dir, REL);
    expect(read.problems).toEqual([]);
    const descriptions = read.entries.map((e) => e.description).sort();
    const expected: string[] = [];
    for (let w = 0; w < W; w++) {
      for (let i = 0; i < N; i++) {
        expected.push(`fact w${w} n${i}`);
        if (i % 5 === 0) expected.push(`extra w${w} n${i}`);
      }
    }
    expect(descriptions).toEqual(expected.sort());
    const text = readFileSync(join(dir, REL), "utf8");
    expect(text.match(/^# 2026-11-29$/gm)).toHaveLength(1);
    // each process's entries keep their own order
    for (let w = 0; w < W; w++) {
      const mine = read.entries.filter((e) => e.name === `w${w}`).map((e) => e.description);
      expect(mine).toEqual(Array.from({ length: N }, (_, i) => `fact w${w} n${i}`));
    }
  });
});
