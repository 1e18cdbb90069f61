import { mkdirSync, readFileSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readHead, SCAN_HEAD_BYTES, scanTopics } from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";

const topic = (name: string, type = "project", extraLines = 0) =>
  `---\nname: ${name}\ndescription: about ${name}\ntype: ${type}\n${Array.from({ length: extraLines }, (_, i) => `pad_${i}: 1\n`).join("")}---\nbody of ${name}\n`;

function write(dir: string, file: string, text: string, mtimeSec: number): string {
  const p = join(dir, file);
  writeFileSync(p, text);
  utimesSync(p, mtimeSec, mtimeSec);
  return p;
}

describe("scanTopics", () => {
  it("returns topic headers newest first and skips MEMORY.md, hidden files, other files and subdirectories", () => {
    const dir = tempDir();
    write(dir, "old.md", topic("old"), 1_000);
    write(dir, "new.md", topic("new", "feedback"), 3_000);
    write(dir, "mid.md", topic("mid", "user"), 2_000);
    write(dir, "MEMORY.md", "# Memory Index\n", 4_000);
    write(dir, ".hidden.md", topic("hidden"), 4_000);
    write(dir, "notes.txt", "x", 4_000);
    for (const sub of ["logs", "team", ".history"]) {
      mkdirSync(join(dir, sub));
      write(join(dir, sub), "inner.md", topic("inner"), 5_000);
    }
    symlinkSync(join(dir, "old.md"), join(dir, "link.md"));
    const r = scanTopics(dir);
    expect(r.errors).toEqual([]);
    expect(r.topics.map((t) => t.name)).toEqual(["new", "mid", "old"]); // the link is never followed
    expect(r.topics[0]).toEqual({
      name: "new",
      description: "about new",
      type: "feedback",
      path: join(dir, "new.md"),
      mtimeMs: 3_000_000,
    });
  });

  it("keeps at most maxFiles files, the newest", () => {
    const dir = tempDir();
    for (let i = 0; i < 12; i++) write(dir, `t${i}.md`, topic(`t${i}`), 1_000 + i);
    const r = scanTopics(dir, { maxFiles: 5 });
    expect(r.topics.map((t) => t.name)).toEqual(["t11", "t10", "t9", "t8", "t7"]);
    expect(scanTopics(dir).topics).toHaveLength(12);
  });

  it("reports a bad file in errors and still returns the others", () => {
    const dir = tempDir();
    write(dir, "good.md", topic("good"), 2_000);
    write(dir, "badtype.md", topic("badtype", "opinion"), 3_000);
    write(dir, "badyaml.md", "---\nname: [unclosed\n---\nx\n", 3_000);
    write(dir, "nofm.md", "just text\n", 3_000);
    const r = scanTopics(dir);
    expect(r.topics.map((t) => t.name)).toEqual(["good"]);
    expect(r.errors.map((e) => e.path).sort()).toEqual(
      ["badtype.md", "badyaml.md", "nofm.md"].map((f) => join(dir, f)),
    );
    expect(r.errors.find((e) => e.path.endsWith("badtype.md"))!.message).toMatch(/BAD_MEMORY_TYPE/);
  });

  it("parses only the first 30 lines: a frontmatter closing on line 31 is an error, anything after line 30 is ignored", () => {
    const dir = tempDir();
    // 4 header lines + 26 pad lines = 30 lines, closing fence on line 31.
    write(dir, "long.md", topic("long", "project", 26), 1_000);
    // closing fence on line 30, then garbage that would not be valid UTF-8 text or YAML.
    write(
      dir,
      "fits.md",
      `${topic("fits", "project", 25)}${"\u0000\u0001 ---\n: : :\n".repeat(1000)}`,
      1_000,
    );
    const r = scanTopics(dir);
    expect(r.topics.map((t) => t.name)).toEqual(["fits"]);
    expect(r.errors[0]!.message).toMatch(/not closed within the first 30 lines/);
    expect(
      scanTopics(dir, { maxLines: 31 })
        .topics.map((t) => t.name)
        .sort(),
    ).toEqual(["fits", "long"]);
  });

  it("never reads a huge file whole (a 3 GiB sparse file is scanned from its head)", () => {
    const dir = tempDir();
    const p = write(dir, "huge.md", topic("huge"), 1_000);
    truncateSync(p, 3 * 1024 ** 3);
    expect(() => readFileSync(p)).toThrow(); // a whole-file read cannot even start
    const t0 = performance.now();
    const r = scanTopics(dir);
    expect(performance.now() - t0).toBeLessThan(1_000);
    expect(r.topics.map((t) => t.name)).toEqual(["huge"]);
  });

  it("readHead returns at most maxLines lines from at most SCAN_HEAD_BYTES bytes", () => {
    const dir = tempDir();
    const p = join(dir, "a.md");
    writeFileSync(p, `${"é".repeat(SCAN_HEAD_BYTES)}\nsecond\n`);
    const head = readHead(p, 30);
    expect(Buffer.byteLength(head)).toBeLessThanOrEqual(SCAN_HEAD_BYTES);
    expect(head).not.toContain("\uFFFD");
    writeFileSync(p, "1\n2\n3\n4\n");
    expect(readHead(p, 2)).toBe("1\n2");
  });

  it("sees a file edited in place between two scans, even with its size and mtime restored", () => {
    const dir = tempDir();
    const p = write(dir, "a.md", topic("aaaa"), 1_000);
    expect(scanTopics(dir).topics[0]!.description).toBe("about aaaa");
    writeFileSync(p, topic("bbbb"));
    utimesSync(p, 1_000, 1_000);
    expect(scanTopics(dir).topics[0]!.description).toBe("about bbbb");
  });

  it("returns nothing for a missing dir", () => {
    expect(scanTopics(join(tempDir(), "none"))).toEqual({ topics: [], errors: [] });
  });
});
