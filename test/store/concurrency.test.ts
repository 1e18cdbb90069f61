/**
 * 8 real processes x 50 upsertMemory calls of distinct facts into one memory dir: every fact is
 * stored once, every file parses, MEMORY.md accounts for every file within its budget.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { byteLength } from "../../src/core/text.js";
import { parseIndexLine, readTopic, scanTopics } from "../../src/store/index.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const WORKERS = 8;
const PER_WORKER = 50;
let built: ReturnType<typeof bundleForChildren>;
let bundle: string;
let work: string;

beforeAll(() => {
  built = bundleForChildren("store/index.ts");
  bundle = built.file;
  work = built.dir;
});
afterAll(() => built.cleanup());

const CHILD = `
const store = require(process.argv[2]);
const [dir, worker, count] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
const WORDS = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu amber basalt cobalt dune ember fjord granite harbor iris jade karst lagoon meadow nimbus onyx prairie quartz reef slate tundra umber vale willow".split(" ");
let seed = worker * 7919 + 17;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const pick = () => WORDS[Math.floor(rnd() * WORDS.length)];
const types = ["user", "feedback", "project", "reference"];
const actions = {};
for (let i = 0; i < count; i++) {
  const marker = "fact-w" + worker + "-n" + i;
  const r = store.upsertMemory(dir, {
    type: types[(worker + i) % 4],
    description: pick() + " " + pick() + " " + pick() + " " + marker,
    body: "The " + pick() + " " + pick() + " setting is " + marker + ".",
    sources: ["src-" + worker + "-" + i],
  }, { nowMs: Date.now() });
  actions[r.action] = (actions[r.action] || 0) + 1;
}
process.stdout.write(JSON.stringify(actions));
`;

describe("store concurrency", () => {
  it("8 processes x 50 upserts: all 400 facts present, every file parses, MEMORY.md accounts for every file", async () => {
    const dir = tempDir();
    const script = join(work, "child.cjs");
    writeFileSync(script, CHILD);
    const results = await Promise.all(
      Array.from({ length: WORKERS }, (_, w) =>
        runChild(script, [bundle, dir, String(w), String(PER_WORKER)]),
      ),
    );
    for (const r of results) expect(r, r.err).toMatchObject({ code: 0 });
    const actions = results.map((r) => JSON.parse(r.out) as Record<string, number>);
    expect(actions.reduce((n, a) => n + (a.created ?? 0) + (a.merged ?? 0), 0)).toBe(WORKERS * PER_WORKER);

    const names = readdirSync(dir);
    expect(names.filter((n) => n.endsWith(".tmp") || n.endsWith(".lock"))).toEqual([]);
    const files = names.filter((n) => n.endsWith(".md") && n !== "MEMORY.md");
    const bodies = files.map((f) => readTopic(join(dir, f)).body).join("\n");
    for (let w = 0; w < WORKERS; w++) {
      for (let i = 0; i < PER_WORKER; i++) {
        const hits = bodies.split(`setting is fact-w${w}-n${i}.`).length - 1;
        expect(hits, `fact-w${w}-n${i}`).toBe(1);
      }
    }
    expect(scanTopics(dir, { maxFiles: Number.POSITIVE_INFINITY }).errors).toEqual([]);

    const index = readFileSync(join(dir, "MEMORY.md"), "utf8");
    const lines = index.trimEnd().split("\n");
    expect(lines.length).toBeLessThanOrEqual(200);
    expect(byteLength(index)).toBeLessThanOrEqual(25_000);
    const listed = lines.flatMap((l) => parseIndexLine(l)?.target ?? []);
    expect(new Set(listed).size).toBe(listed.length);
    for (const f of listed) expect(files).toContain(f);
    const folded = Number(/^- (\d+) older topics?: see files in this directory$/m.exec(index)?.[1] ?? 0);
    expect(listed.length + folded).toBe(files.length);
  });
});
