/**
 * Real processes adding pages to one wiki at once: every page, every appended fact, every index
 * line and every log line is there exactly once (DESIGN.md §6: lock, re-read, merge, atomic replace).
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintWiki, listPages, parseWikiLogLine } from "../../src/wiki/index.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const WORKERS = 4;
const PER_WORKER = 25;
let built: ReturnType<typeof bundleForChildren>;

beforeAll(() => {
  built = bundleForChildren("wiki/index.ts");
});
afterAll(() => built.cleanup());

// Each iteration: one page of its own (linked from the shared page) and one fact appended to "Shared".
const CHILD = `
const wiki = require(process.argv[2]);
const [dir, worker, count] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
const out = { created: 0, updated: 0 };
for (let i = 0; i < count; i++) {
  const own = wiki.addPage(dir, {
    title: "Page w" + worker + " n" + i,
    body: "Own fact w" + worker + "-n" + i + ". Back to [[Shared]].",
    tags: ["w" + worker],
    category: "worker " + worker,
  }, { nowMs: Date.now() });
  if (!own.created) throw new Error("not created: " + own.slug);
  const shared = wiki.addPage(dir, {
    title: "Shared",
    body: "- fact w" + worker + "-n" + i + " see [[" + own.slug + "]]",
    tags: ["t" + worker],
    sources: ["src-" + worker + "-" + i],
  }, { nowMs: Date.now() });
  out[shared.created ? "created" : "updated"]++;
}
process.stdout.write(JSON.stringify(out));
`;

describe("wiki concurrency", () => {
  it(`${WORKERS} processes x ${PER_WORKER} adds and appends at once lose nothing`, async () => {
    const dir = join(tempDir(), "wiki");
    const script = join(built.dir, "child.cjs");
    writeFileSync(script, CHILD);
    const results = await Promise.all(
      Array.from({ length: WORKERS }, (_, w) =>
        runChild(script, [built.file, dir, String(w), String(PER_WORKER)]),
      ),
    );
    for (const r of results) expect(r, r.err).toMatchObject({ code: 0 });
    const counts = results.map((r) => JSON.parse(r.out) as { created: number; updated: number });
    expect(counts.reduce((n, c) => n + c.created, 0)).toBe(1);

    expect(readdirSync(dir).filter((n) => n.endsWith(".tmp") || n.includes(".lock"))).toEqual([]);
    const { pages, errors } = listPages(dir);
    expect(errors).toEqual([]);
    expect(pages).toHaveLength(WORKERS * PER_WORKER + 1);
    const shared = pages.find((p) => p.slug === "shared");
    expect(shared?.tags.sort()).toEqual(Array.from({ length: WORKERS }, (_, w) => `t${w}`));
    expect(shared?.sources).toHaveLength(WORKERS * PER_WORKER);
    for (let w = 0; w < WORKERS; w++) {
      for (let i = 0; i < PER_WORKER; i++) {
        const own = pages.find((p) => p.slug === `page-w${w}-n${i}`);
        expect(own?.body, `page w${w} n${i}`).toContain(`Own fact w${w}-n${i}.`);
        expect(shared?.body.split(`- fact w${w}-n${i} see`).length, `fact w${w}-n${i}`).toBe(2);
      }
    }

    const index = readFileSync(join(dir, "index.md"), "utf8");
    const listed = [...index.matchAll(/^- \[\[([^\]]+)\]\]/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(pages.map((p) => p.slug).sort());

    const log = readFileSync(join(dir, "log.md"), "utf8")
      .split("\n")
      .flatMap((l) => parseWikiLogLine(l) ?? []);
    expect(log).toHaveLength(2 * WORKERS * PER_WORKER);
    expect(log.filter((e) => e.op === "add")).toHaveLength(WORKERS * PER_WORKER + 1);
    expect(log.filter((e) => e.op === "update" && e.slug === "shared")).toHaveLength(
      WORKERS * PER_WORKER - 1,
    );

    // Every page links to Shared and Shared links to every page: nothing to lint.
    expect(lintWiki(dir, { nowMs: Date.now() })).toEqual([]);
  });
});
