import { describe, expect, it } from "vitest";
import { compactIndex, planOfflineDream, toIndexTopics } from "../../../src/jobs/dream/offline/index.js";
import { type IndexTopic, parseTopic, topicHash } from "../../../src/store/index.js";
import { PLANTED_NOW_MS, topicInput } from "../../helpers/planted-memory.js";

const topic = (file: string, recencyMs = 1): IndexTopic => ({
  file,
  title: file.replace(/\.md$/, ""),
  hook: `hook of ${file}`,
  recencyMs,
});
const lines = (text: string) => text.replace(/\n$/, "").split("\n");
const note = (i: number) => `- Note ${i}: ask in #eng-help before touching billing module ${i}.`;

describe("compactIndex", () => {
  it("drops lines of missing files, lists new ones, keeps hand-written lines, team/ and kept links", () => {
    const text = [
      "# Memory Index",
      "- [a](a.md) — A",
      "Hand-written line.",
      "- [gone](gone.md) — merged away",
      "- [Team](team/style.md) — shared",
      "- [broken](broken.md) — unparsable file",
      "",
    ].join("\n");
    const r = compactIndex(text, [topic("a.md"), topic("new.md", 5)], { keep: ["broken.md"] });
    expect(r).toEqual({
      text: [
        "# Memory Index",
        "- [a](a.md) — A",
        "Hand-written line.",
        "- [Team](team/style.md) — shared",
        "- [broken](broken.md) — unparsable file",
        "- [new](new.md) — hook of new.md",
        "",
      ].join("\n"),
      moved: 0,
    });
    expect(compactIndex(r.text, [topic("a.md"), topic("new.md", 5)], { keep: ["broken.md"] }).text).toBe(
      r.text,
    );
  });

  it("re-formats entry lines over 150 characters", () => {
    const long = `- [a](a.md) — ${"very long hook ".repeat(20)}`;
    const r = compactIndex(`# Memory Index\n${long}\n`, [topic("a.md")]);
    const [, entry] = lines(r.text);
    expect(Array.from(entry!).length).toBeLessThanOrEqual(150);
    expect(entry).toMatch(/^- \[a\]\(a\.md\) — very long hook/);
  });

  it("moves the hand-written tail that does not fit into the overflow topic, in order, and lists it", () => {
    const prose = ["## Notes", ...Array.from({ length: 230 }, (_, i) => note(i + 1))];
    const text = ["# Memory Index", "- [a](a.md) — A", ...prose, "- [b](b.md) — B", ""].join("\n");
    const r = compactIndex(text, [topic("a.md", 1), topic("b.md", 2)]);
    const out = lines(r.text);
    expect(out.length).toBe(200);
    expect(r.warning).toBeUndefined();
    expect(out).toContain("- [a](a.md) — A");
    expect(out).toContain("- [b](b.md) — B");
    expect(out.at(-1)).toMatch(
      /^- \[memory-index-notes\]\(memory-index-notes\.md\) — hand-written notes moved/,
    );
    const kept = out.filter((l) => prose.includes(l));
    const moved = r.overflow!.split("\n");
    expect([...kept, ...moved]).toEqual(prose);
    expect(r.moved).toBe(moved.length);
    expect(
      compactIndex(r.text, [topic("a.md", 1), topic("b.md", 2), topic("memory-index-notes.md", 3)]).text,
    ).toBe(r.text);
  });

  it("moves hand-written lines when the bytes are over budget, using the given overflow name", () => {
    const big = Array.from({ length: 60 }, (_, i) => `Paragraph ${i}: ${"x".repeat(600)}`);
    const r = compactIndex(["# Memory Index", ...big, "- [a](a.md) — A"].join("\n"), [topic("a.md")], {
      overflowFile: "memory-index-notes-2.md",
    });
    expect(Buffer.byteLength(r.text)).toBeLessThanOrEqual(25_000);
    expect(r.text).toContain("(memory-index-notes-2.md)");
    expect(r.overflow!.split("\n")).toEqual(big.slice(big.length - r.moved));
  });

  it("folds the oldest entries only when the entries alone exceed the budget, moving every hand-written line", () => {
    const topics = Array.from({ length: 260 }, (_, i) => topic(`t${i}.md`, i + 1));
    const text = [
      "# Memory Index",
      "Intro line.",
      ...topics.map((t) => `- [${t.title}](${t.file}) — x`),
    ].join("\n");
    const r = compactIndex(text, topics);
    expect(lines(r.text).length).toBeLessThanOrEqual(200);
    expect(r.overflow).toBe("Intro line.");
    expect(r.warning).toMatch(/folded the \d+ oldest topics/);
    expect(r.text).toContain("(t259.md)");
    expect(r.text).not.toContain("(t0.md)");
  });
});

describe("index change in the plan", () => {
  const a = topicInput("a.md", {
    description: "Use pnpm, not npm, for package installs",
    body: "Installs use pnpm.",
  });
  const b = topicInput("b.md", {
    description: "Always install packages with pnpm instead of npm",
    body: "Package installs go through pnpm.",
  });
  const taken = topicInput("memory-index-notes.md", { description: "older overflow", body: "old notes" });

  it("plans the after-state index, an overflow topic with a free name, and the hash it read", () => {
    const index = [
      "# Memory Index",
      "- [a](a.md) — pnpm",
      "- [b](b.md) — pnpm again",
      ...Array.from({ length: 220 }, (_, i) => note(i)),
    ].join("\n");
    const p = planOfflineDream({
      mode: "prune",
      nowMs: PLANTED_NOW_MS,
      roots: { project: "/m" },
      topics: [a, b, taken],
      indexes: [{ scope: "project", text: index }],
      logDrafts: [],
    });
    expect(p.merges.map((m) => [m.file, m.from])).toEqual([["a.md", ["b.md"]]]);
    expect(p.index).toHaveLength(1);
    const ix = p.index[0]!;
    expect(ix.before).toEqual({ lines: 223, bytes: Buffer.byteLength(index) });
    expect(ix.after.lines).toBeLessThanOrEqual(200);
    expect(ix.text).not.toContain("(b.md)");
    expect(ix.text).toContain("(memory-index-notes.md)");
    expect(ix.text).toContain("(memory-index-notes-2.md)");
    const over = p.creates.find((c) => c.kind === "index-overflow")!;
    expect(over.file).toBe("memory-index-notes-2.md");
    const t = parseTopic(over.content, "/m/memory-index-notes-2.md", 0);
    expect(t.type).toBe("reference");
    expect(t.body).toContain(note(219));
    expect(p.seen["project/MEMORY.md"]).toBe(topicHash(index));
    expect(p.seen["project/memory-index-notes-2.md"]).toBeNull();
  });

  it("creates MEMORY.md when absent and leaves a matching one alone", () => {
    const input = {
      mode: "prune" as const,
      nowMs: PLANTED_NOW_MS,
      roots: { project: "/m" },
      topics: [taken],
      logDrafts: [],
    };
    const p = planOfflineDream({ ...input, indexes: [] });
    expect(p.index).toEqual([
      expect.objectContaining({
        before: { lines: 0, bytes: 0 },
        text: expect.stringContaining("(memory-index-notes.md)"),
      }),
    ]);
    expect(p.seen["project/MEMORY.md"]).toBeNull();
    const again = planOfflineDream({ ...input, indexes: [{ scope: "project", text: p.index[0]!.text }] });
    expect(again.index).toEqual([]);
  });
});

describe("toIndexTopics", () => {
  it("maps store headers to index topics", () => {
    expect(
      toIndexTopics([{ name: "n", description: "d", type: "user", path: "/m/dir/n.md", mtimeMs: 5 }]),
    ).toEqual([{ file: "n.md", title: "n", hook: "d", recencyMs: 5 }]);
  });
});
