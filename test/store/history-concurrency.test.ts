/**
 * Two real processes, each with its own journal, write into one memory dir at the same time: each
 * change set records exactly the topic files its process wrote (plus MEMORY.md), and undoing one
 * removes only that process's memories while the other's stay byte for byte.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTopicFiles, parseIndexLine, readChangeSet, undoChangeSet } from "../../src/store/index.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";
import { plantMemoryDirs } from "./history-fixture.js";

let built: ReturnType<typeof bundleForChildren>;
beforeAll(() => {
  built = bundleForChildren("store/index.ts");
});
afterAll(() => built.cleanup());

const CHILD = `
const store = require(process.argv[2]);
const [dir, worker, count] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
const VOCAB = [
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split(" "),
  "amber basalt cobalt dune ember fjord granite harbor iris jade karst lagoon".split(" "),
][worker];
// Start together: wait until the parent creates the go file.
const go = process.argv[6];
while (!require("node:fs").existsSync(go)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 2);
const journal = store.createJournal({ kind: "extraction", summary: "worker " + worker, roots: { project: dir }, nowMs: Date.now() });
const files = new Set();
for (let i = 0; i < count; i++) {
  const w = (k) => VOCAB[(i * 5 + k * 7) % VOCAB.length];
  const r = store.upsertMemory(dir, {
    type: ["feedback", "project", "reference"][i % 3],
    name: "w" + worker + "-n" + i,
    description: w(1) + " " + w(2) + " " + w(3) + " note " + worker + "-" + i,
    body: "The " + w(4) + " " + w(5) + " value is " + worker + "-" + i + ".",
  }, { nowMs: Date.now(), journal });
  files.add(require("node:path").basename(r.path));
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 30); // let the other process take the lock
}
const id = store.commitChangeSet(journal);
process.stdout.write(JSON.stringify({ id, files: [...files] }));
`;

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("change sets from concurrent processes", () => {
  it("each journal records only its own files; undoing one leaves the other's memories intact", async () => {
    const roots = plantMemoryDirs(tempDir("memdir-history-conc-"));
    const initial = new Map(
      listTopicFiles(roots.project).map((f) => [f, readFileSync(join(roots.project, f))]),
    );
    const script = join(built.dir, "child.cjs");
    writeFileSync(script, CHILD);
    const go = join(built.dir, `go-${Date.now()}`);
    const running = [0, 1].map((w) => runChild(script, [built.file, roots.project, String(w), "15", go]));
    setTimeout(() => writeFileSync(go, ""), 400);
    const out = await Promise.all(running);
    for (const o of out) expect(o, o.err).toMatchObject({ code: 0 });
    const runs = out.map((o) => JSON.parse(o.out) as { id: string; files: string[] });

    const sets = runs.map((r) => readChangeSet(roots.project, r.id)!);
    runs.forEach((r, w) => {
      const topics = sets[w]!.files.filter((f) => f.file !== "MEMORY.md").map((f) => f.file);
      expect(topics.sort()).toEqual([...r.files].sort());
      expect(topics.every((f) => f.startsWith(`w${w}-`))).toBe(true);
      expect(sets[w]!.files.map((f) => f.file)).toContain("MEMORY.md");
    });

    // The writes really overlapped: MEMORY.md changed under at least one journal between its writes.
    expect(sets.some((c) => c.files.find((f) => f.file === "MEMORY.md")?.interleaved)).toBe(true);
    // Undo worker 0: its files go, worker 1's stay exactly as its change set left them.
    const r0 = undoChangeSet(roots, runs[0]!.id, { nowMs: Date.now() });
    expect(r0.conflicts.filter((c) => c.file !== "MEMORY.md")).toEqual([]);
    const onDisk = listTopicFiles(roots.project).sort();
    expect(onDisk).toEqual([...initial.keys(), ...runs[1]!.files].sort());
    for (const f of sets[1]!.files.filter((x) => x.file !== "MEMORY.md"))
      expect(sha(readFileSync(join(roots.project, f.file))), f.file).toBe(f.after);
    const index = readFileSync(join(roots.project, "MEMORY.md"), "utf8");
    const listed = index.split(/\r?\n/).flatMap((l) => parseIndexLine(l)?.target ?? []);
    expect(listed.sort()).toEqual(onDisk);

    // Undo worker 1 too: the planted topics are back byte for byte, and MEMORY.md lists exactly them.
    undoChangeSet(roots, runs[1]!.id, { nowMs: Date.now() });
    expect(listTopicFiles(roots.project).sort()).toEqual([...initial.keys()].sort());
    for (const [f, bytes] of initial) expect(readFileSync(join(roots.project, f))).toEqual(bytes);
    const last = readFileSync(join(roots.project, "MEMORY.md"), "utf8");
    expect(
      last
        .split(/\r?\n/)
        .flatMap((l) => parseIndexLine(l)?.target ?? [])
        .sort(),
    ).toEqual([...initial.keys()].sort());
  });
});
