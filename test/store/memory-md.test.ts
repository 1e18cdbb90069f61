import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { byteLength, codePointLength } from "../../src/core/text.js";
import {
  cutIndexForPrompt,
  formatIndexLine,
  INDEX_LINE_MAX,
  INDEX_MAX_BYTES,
  INDEX_MAX_LINES,
  type IndexTopic,
  loadIndexForPrompt,
  parseIndexLine,
  planIndex,
} from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";

const topics = (n: number, hook = (i: number) => `hook number ${i}`): IndexTopic[] =>
  Array.from({ length: n }, (_, i) => ({
    file: `t${i}.md`,
    title: `t${i}`,
    hook: hook(i),
    recencyMs: 1_000 + i,
  }));
const resolverFor = (ts: IndexTopic[], more: Record<string, number> = {}) => {
  const m = new Map<string, number>([
    ...ts.map((t) => [t.file, t.recencyMs] as const),
    ...Object.entries(more),
  ]);
  return (target: string) => (m.has(target) ? { file: target, recencyMs: m.get(target)! } : undefined);
};
const lineCount = (text: string) => text.replace(/\n$/, "").split("\n").length;

describe("index lines", () => {
  it("formats `- [Title](file.md) — hook` within 150 code points without splitting a surrogate pair", () => {
    expect(formatIndexLine("Testing", "testing.md", "Integration tests hit a real DB")).toBe(
      "- [Testing](testing.md) — Integration tests hit a real DB",
    );
    const long = formatIndexLine("Emoji", "e.md", "😀".repeat(300));
    expect(codePointLength(long)).toBeLessThanOrEqual(INDEX_LINE_MAX);
    expect(long).toMatch(/😀…$/);
    expect(long).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(formatIndexLine("a]b", "my file.md", "")).toBe("- [a\\]b](<my file.md>)");
    expect(parseIndexLine("- [a\\]b](<my file.md>)")).toEqual({ title: "a\\]b", target: "my file.md" });
    expect(parseIndexLine("- [Docs](https://x.dev/a.md) — link")).toBeUndefined();
    expect(parseIndexLine("* [T](t.md): hook")).toEqual({ title: "T", target: "t.md", hook: "hook" });
  });
});

describe("planIndex", () => {
  it("keeps existing lines in place, drops lines to missing files and duplicates, appends new topics oldest first", () => {
    const ts = topics(4);
    const existing = [
      "# Memory Index",
      "- [Third, hand-written](t2.md) — my own words",
      "Some hand-written note",
      "- [Gone](gone.md) — deleted topic",
      "- [t0](t0.md) — hook number 0",
      "- [again](t2.md) — duplicate",
      "- 7 older topics: see files in this directory",
      "",
    ].join("\n");
    const plan = planIndex(existing, ts, resolverFor(ts));
    expect(plan.text).toBe(
      [
        "# Memory Index",
        "- [Third, hand-written](t2.md) — my own words",
        "Some hand-written note",
        "- [t0](t0.md) — hook number 0",
        "- [t1](t1.md) — hook number 1",
        "- [t3](t3.md) — hook number 3",
        "",
      ].join("\n"),
    );
    expect(plan.listed).toEqual(["t2.md", "t0.md", "t1.md", "t3.md"]);
    expect(plan.warning).toBeUndefined();
    expect(planIndex(plan.text, ts, resolverFor(ts)).text).toBe(plan.text);
  });

  it("over 200 lines: folds the OLDEST topics into one line and keeps every newer one, the newest at the bottom too (#92998)", () => {
    // 3 months of appends: 250 topics; the newest (a correction) is appended at the bottom.
    const ts = topics(250);
    const plan = planIndex(undefined, ts, resolverFor(ts));
    expect(lineCount(plan.text)).toBe(INDEX_MAX_LINES);
    expect(plan.listed).toHaveLength(INDEX_MAX_LINES - 2);
    expect(plan.collapsed).toEqual(ts.slice(0, 52).map((t) => t.file));
    expect(plan.listed).toContain("t249.md");
    expect(plan.text).toContain(
      "- [t249](t249.md) — hook number 249\n- 52 older topics: see files in this directory\n",
    );
    expect(plan.warning).toMatch(/folded the 52 oldest topics/);
    expect(new Set([...plan.listed, ...plan.collapsed]).size).toBe(250);
    // Stable: planning again from its own output changes nothing.
    expect(planIndex(plan.text, ts, resolverFor(ts)).text).toBe(plan.text);
  });

  it("decides by recency, not by position: an old line at the bottom goes before a newer one at the top", () => {
    const ts = topics(201);
    ts[0]!.recencyMs = 10_000; // t0 was updated last
    const existing = `# Memory Index\n${ts.map((t) => `- [${t.title}](${t.file}) — ${t.hook}`).join("\n")}\n`;
    const plan = planIndex(existing, ts, resolverFor(ts));
    expect(plan.listed[0]).toBe("t0.md");
    expect(plan.collapsed).toEqual(["t1.md", "t2.md", "t3.md"]); // header + 198 + folded line = 200
  });

  it("over 25,000 bytes: drops the hooks of the oldest entries first and keeps the newest in full", () => {
    const ts = topics(150, (i) => `${"é".repeat(120)} ${i}`); // ~270 bytes per line
    const plan = planIndex(undefined, ts, resolverFor(ts));
    expect(byteLength(plan.text)).toBeLessThanOrEqual(INDEX_MAX_BYTES);
    expect(plan.collapsed).toEqual([]);
    expect(plan.listed).toHaveLength(150);
    expect(plan.text).toContain("- [t0](t0.md)\n");
    expect(plan.text).toContain(`- [t149](t149.md) — ${"é".repeat(120)} 149\n`);
    const condensed = plan.text.split("\n").filter((l) => /^- \[t\d+\]\(t\d+\.md\)$/.test(l)).length;
    expect(condensed).toBeGreaterThan(0);
    expect(plan.text).toContain(`- [t${condensed}](t${condensed}.md) — `); // the first kept hook is the next oldest
    expect(plan.warning).toMatch(/dropped the hooks of the \d+ oldest entries/);
  });

  it("folds entries when hooks alone cannot bring the bytes under budget, and warns when hand-written text alone is too long", () => {
    const ts = topics(190).map((t) => ({ ...t, title: `${"x".repeat(130)}${t.title}` }));
    const plan = planIndex(undefined, ts, resolverFor(ts));
    expect(byteLength(plan.text)).toBeLessThanOrEqual(INDEX_MAX_BYTES);
    expect(plan.collapsed.length).toBeGreaterThan(0);
    expect(plan.listed).toContain("t189.md");
    const huge = `# Memory Index\n${"hand-written line\n".repeat(300)}`;
    const p2 = planIndex(huge, [], () => undefined);
    expect(p2.text).toBe(huge);
    expect(p2.warning).toMatch(/hand-written lines alone exceed the budget/);
  });
});

describe("load-time cut", () => {
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `- [t${i}](t${i}.md) — h`).join("\n");

  it("keeps exactly 200 lines uncut and cuts the 201st with a warning", () => {
    expect(cutIndexForPrompt(`${lines(200)}\n`)).toEqual({ text: lines(200) });
    const cut = cutIndexForPrompt(`${lines(201)}\n`);
    expect(cut.text.split("\n\n")[0]).toBe(lines(200));
    expect(cut.warning).toMatch(/MEMORY\.md is 201 lines \(limit: 200\)/);
    expect(cut.warning).toMatch(/move detail into topic files/);
    expect(cut.text.endsWith(cut.warning!)).toBe(true);
  });

  it("keeps exactly 25,000 bytes uncut and cuts 25,001 at the last newline", () => {
    const line = `${"a".repeat(249)}\n`; // 250 bytes
    const exact = line.repeat(100).slice(0, -1) + "b"; // 25,000 bytes, 100 lines
    expect(byteLength(exact)).toBe(25_000);
    expect(cutIndexForPrompt(exact)).toEqual({ text: exact });
    const over = `${exact}c`;
    const cut = cutIndexForPrompt(over);
    expect(cut.text.split("\n\n")[0]).toBe(line.repeat(99).slice(0, -1));
    expect(cut.warning).toMatch(/25001 bytes \(limit: 25000\)/);
  });

  it("applies the line cut first, then the byte cut, code-point safe", () => {
    const text = Array.from({ length: 300 }, () => "😀".repeat(40)).join("\n"); // 161 bytes per line
    const cut = cutIndexForPrompt(text);
    const kept = cut.text.split("\n\n")[0]!;
    expect(byteLength(kept)).toBeLessThanOrEqual(25_000);
    expect(kept.split("\n").every((l) => l === "😀".repeat(40))).toBe(true);
    expect(kept.split("\n")).toHaveLength(Math.floor(25_001 / 161));
    const one = cutIndexForPrompt("😀".repeat(7_000)).text.split("\n\n")[0]!; // one 28,000-byte line
    expect(one).toBe("😀".repeat(6_250));
  });

  it("loads MEMORY.md from a dir; missing or blank is undefined; BOM and CRLF tolerated", () => {
    const dir = tempDir();
    expect(loadIndexForPrompt(dir)).toBeUndefined();
    writeFileSync(join(dir, "MEMORY.md"), "  \n");
    expect(loadIndexForPrompt(dir)).toBeUndefined();
    writeFileSync(join(dir, "MEMORY.md"), "\uFEFF# Memory Index\r\n- [a](a.md) — b\r\n");
    expect(loadIndexForPrompt(dir)).toEqual({ text: "# Memory Index\n- [a](a.md) — b" });
  });
});

describe("formatIndexLine cuts a long hook at a word", () => {
  it("ends the hook on a whole word and an ellipsis, within the line limit", () => {
    const name = "feedback-never-restart-ledger-service-during-business-hours";
    const line = formatIndexLine(
      name,
      `${name}.md`,
      "Never restart the ledger service during business hours in any region",
    );
    expect(Array.from(line).length).toBeLessThanOrEqual(INDEX_LINE_MAX);
    expect(line).toMatch(/— Never restart the(?: \w+)*…$/);
    expect(line).not.toMatch(/servic…$/);
  });
});
