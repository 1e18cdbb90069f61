import { execFileSync } from "node:child_process";
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { appendJsonl, readLines } from "../../src/core/jsonl.js";
import { TRANSCRIPTS_DIR, tempDir } from "../helpers/tmp.js";

const texts = (path: string, offset = 0, chunk?: number) =>
  [...readLines(path, offset, chunk)].map((l) => l.text);

describe("readLines", () => {
  it("does not yield a partial last line, and its cursor resumes exactly", () => {
    const path = join(tempDir(), "t.jsonl");
    writeFileSync(path, '{"a":1}\n{"b":2}\n{"c":');
    const first = [...readLines(path)];
    expect(first.map((l) => l.text)).toEqual(['{"a":1}', '{"b":2}']);
    expect(first.map((l) => [l.start, l.end])).toEqual([
      [0, 8],
      [8, 16],
    ]);
    const cursor = first.at(-1)!.end;
    expect(texts(path, cursor)).toEqual([]);
    appendFileSync(path, '3}\n{"d":4}\n');
    const next = [...readLines(path, cursor)];
    expect(next.map((l) => l.text)).toEqual(['{"c":3}', '{"d":4}']);
    expect(next[0]!.start).toBe(cursor);
    expect(next.at(-1)!.end).toBe(readFileSync(path).length);
  });

  it("strips CR of CRLF and a BOM on the first line only", () => {
    const path = join(tempDir(), "t.jsonl");
    writeFileSync(path, "\uFEFF{}\r\n\r\n\uFEFFx\r\n");
    expect(texts(path)).toEqual(["{}", "", "\uFEFFx"]);
    // Starting mid-file, a line's first byte is never mistaken for a file BOM.
    const lines = [...readLines(path)];
    expect(texts(path, lines[1]!.start)).toEqual(["", "\uFEFFx"]);
  });

  it("reads lines longer than 1 MiB (several chunks) intact", () => {
    const path = join(tempDir(), "big.jsonl");
    const big = JSON.stringify({ text: "🔥é".repeat(600_000) }); // ~3.6 MB
    writeFileSync(path, `{"n":1}\n${big}\n{"n":3}\n`);
    const lines = [...readLines(path)];
    expect(lines.map((l) => l.text.length)).toEqual([7, big.length, 7]);
    expect(lines[1]!.text).toBe(big);
    expect(lines[2]!.end).toBe(readFileSync(path).length);
  });

  it("with any chunk size, multibyte text and any resume point, yields the same lines (property)", () => {
    const dir = tempDir();
    let n = 0;
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: "grapheme", maxLength: 30 }).map((s) => s.replace(/[\r\n]/g, "")),
          {
            maxLength: 12,
          },
        ),
        fc.string({ unit: "grapheme", maxLength: 10 }).map((s) => s.replace(/[\r\n]/g, "")),
        fc.integer({ min: 1, max: 64 }),
        fc.nat(),
        (lines, tail, chunk, cut) => {
          const path = join(dir, `p${n++}.jsonl`);
          writeFileSync(path, lines.map((l) => `${l}\n`).join("") + tail);
          const all = [...readLines(path, 0, chunk)];
          expect(all.map((l) => l.text)).toEqual(lines);
          // Every cursor the reader hands out resumes at the next line.
          const cursors = [0, ...all.map((l) => l.end)];
          const k = cut % cursors.length;
          expect(texts(path, cursors[k]!, chunk)).toEqual(lines.slice(k));
          // Byte offsets are real: the bytes between start and end are the line plus its newline.
          const bytes = readFileSync(path);
          for (const l of all) expect(bytes.subarray(l.start, l.end).toString("utf8")).toBe(`${l.text}\n`);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reads every real Claude Code transcript line by line, each line valid JSON", () => {
    const files = readdirSync(TRANSCRIPTS_DIR, { recursive: true, withFileTypes: true }).filter(
      (d) => d.isFile() && d.name.endsWith(".jsonl"),
    );
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      const path = join(f.parentPath, f.name);
      const bytes = readFileSync(path);
      const lines = [...readLines(path, 0, 64 * 1024)];
      expect(lines.length).toBe(bytes.toString("latin1").split("\n").length - 1);
      for (const l of lines) expect(() => JSON.parse(l.text), `${f.name}@${l.start}`).not.toThrow();
      expect(lines.at(-1)!.end).toBe(bytes.length);
    }
  });
});

describe("appendJsonl", () => {
  it("creates the file and its dirs and appends one JSON value per line", () => {
    const path = join(tempDir(), "logs", "deep", "e.jsonl");
    appendJsonl(path, { a: "x\ny" });
    appendJsonl(path, [1, "🔥"]);
    expect(readFileSync(path, "utf8")).toBe('{"a":"x\\ny"}\n[1,"🔥"]\n');
    expect(texts(path).map((t) => JSON.parse(t))).toEqual([{ a: "x\ny" }, [1, "🔥"]]);
  });
});

describe("readLines bounds", () => {
  it("skips a line over maxLineBytes unread and goes on with the next", () => {
    const path = join(tempDir(), "t.jsonl");
    writeFileSync(path, `{"a":1}\n${"x".repeat(5000)}\n{"b":2}\n`);
    const lines = [...readLines(path, 0, { maxLineBytes: 1000, chunkBytes: 256 })];
    expect(lines.map((l) => [l.text, !!l.oversized])).toEqual([
      ['{"a":1}', false],
      ["", true],
      ['{"b":2}', false],
    ]);
    expect(lines[1]).toMatchObject({ start: 8, end: 5009 });
  });

  it("stops at maxBytes, says so, and the cursor resumes there; a mid-line cursor skips to the next line", () => {
    const path = join(tempDir(), "t.jsonl");
    const body = Array.from({ length: 100 }, (_, i) => `{"n":${i}}`).join("\n");
    writeFileSync(path, `${body}\n`);
    const stats = { budgetHit: false };
    const first = [...readLines(path, 0, { maxBytes: 100, stats })];
    expect(stats.budgetHit).toBe(true);
    expect(first.length).toBeGreaterThan(5);
    expect(first.at(-1)!.end).toBeLessThanOrEqual(100);
    const rest = [...readLines(path, first.at(-1)!.end)];
    expect([...first, ...rest].map((l) => l.text)).toEqual(body.split("\n"));
    // From inside line 0: line 0's tail is skipped, line 1 is the first whole line.
    const mid = [...readLines(path, 3)];
    expect(mid[0]).toMatchObject({ oversized: true, start: 3 });
    expect(mid[1]!.text).toBe('{"n":1}');
  });

  it("a 2 GB sparse file without a newline is skipped in bounded memory, budget by budget", () => {
    const path = join(tempDir(), "sparse.jsonl");
    execFileSync("truncate", ["-s", "2G", path]);
    const before = process.memoryUsage().rss;
    const stats = { budgetHit: false };
    const lines = [...readLines(path, 0, { maxBytes: 64 << 20, stats })];
    expect(lines).toEqual([{ text: "", start: 0, end: 64 << 20, oversized: true }]);
    expect(stats.budgetHit).toBe(true);
    const next = [...readLines(path, 64 << 20, { maxBytes: 64 << 20 })];
    expect(next).toEqual([{ text: "", start: 64 << 20, end: 128 << 20, oversized: true }]);
    expect(process.memoryUsage().rss - before).toBeLessThan(100 << 20);
  });

  it("refuses a FIFO and a device instead of reading forever", () => {
    const fifo = join(tempDir(), "fifo");
    execFileSync("mkfifo", [fifo]);
    expect(() => [...readLines(fifo)]).toThrow(expect.objectContaining({ code: "INPUT_REFUSED" }));
    expect(() => [...readLines("/dev/zero")]).toThrow(expect.objectContaining({ code: "INPUT_REFUSED" }));
  });
});
