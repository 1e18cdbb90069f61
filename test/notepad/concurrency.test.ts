/** 8 real processes x 50 addWorkingMemory calls on one notepad: all 400 notes present, the file parses. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addPriority, parseNotepad } from "../../src/notepad/index.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const WORKERS = 8;
const PER_WORKER = 50;
let built: ReturnType<typeof bundleForChildren>;
let bundle: string;
let work: string;

beforeAll(() => {
  built = bundleForChildren("notepad/index.ts");
  bundle = built.file;
  work = built.dir;
});
afterAll(() => built.cleanup());

const CHILD = String.raw`
const np = require(process.argv[2]);
const [file, worker, count] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
let added = 0;
for (let i = 0; i < count; i++) {
  const tags = np.parseRememberTags("output <remember>worker " + worker + " note " + i + "\nsecond line</remember>");
  added += np.addWorkingMemory(file, tags.working, Date.now());
}
process.stdout.write(String(added));
`;

describe("notepad concurrency", () => {
  it("8 processes x 50 addWorkingMemory: 400 entries, one copy of each section, Manual and Priority intact", async () => {
    const file = join(tempDir(), ".memdir", "notepad.md");
    addPriority(file, ["keep me"], Date.now());
    const script = join(work, "child.cjs");
    writeFileSync(script, CHILD);
    const results = await Promise.all(
      Array.from({ length: WORKERS }, (_, w) =>
        runChild(script, [bundle, file, String(w), String(PER_WORKER)]),
      ),
    );
    for (const r of results) expect(r, r.err).toMatchObject({ code: 0, out: String(PER_WORKER) });
    const text = readFileSync(file, "utf8");
    const np = parseNotepad(text);
    expect(np.working).toHaveLength(WORKERS * PER_WORKER);
    const texts = new Set(np.working.map((e) => e.text));
    for (let w = 0; w < WORKERS; w++) {
      for (let i = 0; i < PER_WORKER; i++) expect(texts.has(`worker ${w} note ${i}\nsecond line`)).toBe(true);
    }
    expect(np.priority.map((e) => e.text)).toEqual(["keep me"]);
    expect(text.split("\n").filter((l) => l.startsWith("## "))).toEqual([
      "## Priority Context",
      "## Working Memory",
      "## Manual",
    ]);
    expect(readdirSync(dirname(file)).sort()).toEqual(["notepad.md"]); // no lock or temp file left
  });
});
