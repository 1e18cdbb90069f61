/**
 * A change set records what happened when a writer without memdir's lock races the journal: a write
 * that found the file changed is not recorded; a file changed between two writes is `interleaved`
 * (undo keeps it); a line appended between the rename and the re-read of the first write becomes
 * part of the bytes before, so undo gives the file back with that line, byte for byte.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitChangeSet, createJournal, readChangeSet, undoChangeSet } from "../../src/store/index.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const NOW = Date.UTC(2026, 10, 29, 10, 15, 0);

function setup() {
  const project = join(tempDir("memdir-history-live-"), "memory");
  const file = join(project, "t.md");
  const journal = () => createJournal({ kind: "dream", summary: "live", roots: { project }, nowMs: NOW });
  mkdirSync(project, { recursive: true });
  return { project, file, journal };
}

describe("the journal with a live writer", () => {
  it("a write that finds the file changed writes nothing and records nothing", () => {
    const { file, journal } = setup();
    writeFileSync(file, "one\n");
    const j = journal();
    expect(j.write(file, "mine\n", { expected: Buffer.from("stale\n") }).status).toBe("changed");
    expect(j.entries()).toEqual([]);
    expect(commitChangeSet(j)).toBeUndefined();
    expect(readFileSync(file, "utf8")).toBe("one\n");
  });

  it("a line appended between two writes marks the file interleaved: undo keeps it", () => {
    const { project, file, journal } = setup();
    writeFileSync(file, "one\n");
    const j = journal();
    j.write(file, "one\ntwo\n", { expected: Buffer.from("one\n") });
    appendFileSync(file, "live\n");
    j.write(file, "one\ntwo\nlive\nthree\n", { expected: Buffer.from("one\ntwo\nlive\n") });
    expect(j.entries()[0]?.interleaved).toBe(true);
    const id = commitChangeSet(j)!;
    const r = undoChangeSet({ project }, id, { nowMs: NOW + 1 });
    expect(r.conflicts.map((c) => c.file)).toEqual(["t.md"]);
    expect(readFileSync(file, "utf8")).toContain("live");
  });
});

/** argv: bundle, project dir. A line is appended to the old inode right after the journal's rename. */
const CHILD = `
const fs = require("node:fs");
const path = require("node:path");
const store = require(process.argv[2]);
const project = process.argv[3];
const file = path.join(project, "t.md");
const origRename = fs.renameSync;
let armed = true;
fs.renameSync = function (from, to) {
  if (!armed || to !== file) return origRename.call(this, from, to);
  armed = false;
  const fd = fs.openSync(file, "a");
  const r = origRename.call(this, from, to);
  fs.writeSync(fd, "late line\\n");
  fs.closeSync(fd);
  return r;
};
const j = store.createJournal({ kind: "dream", summary: "live", roots: { project }, nowMs: ${NOW} });
const w = j.write(file, "one\\nours\\n", { expected: Buffer.from("one\\n") });
process.stdout.write(JSON.stringify({ status: w.status, id: store.commitChangeSet(j) }));
`;

describe("a line appended during the journal's rename (child process)", () => {
  let built: ReturnType<typeof bundleForChildren>;
  let script: string;
  beforeAll(() => {
    built = bundleForChildren("store/index.ts");
    script = join(built.dir, "live-child.cjs");
    writeFileSync(script, CHILD);
  });
  afterAll(() => built.cleanup());

  it("is kept in the file and in the bytes before: undo restores the file with it, byte for byte", async () => {
    const { project, file } = setup();
    writeFileSync(file, "one\n");
    const r = await runChild(script, [built.file, project]);
    expect(r.code, r.err).toBe(0);
    const out = JSON.parse(r.out) as { status: string; id: string };
    expect(out.status).toBe("written");
    expect(readFileSync(file, "utf8")).toBe("one\nours\nlate line\n");
    const cs = readChangeSet(project, out.id)!;
    expect(Buffer.from(cs.files[0]!.before!, "base64").toString()).toBe("one\nlate line\n");
    const u = undoChangeSet({ project }, out.id, { nowMs: NOW + 1 });
    expect(u.conflicts).toEqual([]);
    expect(readFileSync(file, "utf8")).toBe("one\nlate line\n");
  });
});
