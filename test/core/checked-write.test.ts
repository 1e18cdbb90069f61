/**
 * The checked writes (core/checked-write.ts, checked-remove.ts, checked-watch.ts): a file that
 * another writer changed is never replaced or deleted blind. In process: changed bytes, creation
 * that never replaces, and a writer holding the file open across the rename (caught by the second
 * look). In a child process whose `renameSync` is wrapped: a write that lands on the old inode right
 * between memdir's rename and its re-read (appended: absorbed; a rewrite: put back; a delete).
 */
import {
  appendFileSync,
  closeSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeFileChecked } from "../../src/core/checked-remove.js";
import { updateChecked } from "../../src/core/checked-update.js";
import { settleWatches } from "../../src/core/checked-watch.js";
import { replaceFileChecked } from "../../src/core/checked-write.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const setup = (text = "one\n") => {
  const dir = tempDir("memdir-checked-");
  const file = join(dir, "t.md");
  writeFileSync(file, text);
  return { dir, file };
};
const read = (f: string) => readFileSync(f, "utf8");

describe("replaceFileChecked", () => {
  it("replaces a file that still holds the expected bytes; leaves a changed one alone", () => {
    const { dir, file } = setup();
    expect(replaceFileChecked(file, "two\n", Buffer.from("one\n"))).toMatchObject({ status: "written" });
    expect(read(file)).toBe("two\n");
    const r = replaceFileChecked(file, "three\n", Buffer.from("one\n"));
    expect(r).toEqual({ status: "changed", current: Buffer.from("two\n") });
    expect(read(file)).toBe("two\n");
    expect(readdirSync(dir)).toEqual(["t.md"]); // no temp file left
  });

  it("expected null creates the file and never replaces one that appeared", () => {
    const { dir, file } = setup();
    const fresh = join(dir, "new.md");
    expect(replaceFileChecked(fresh, "new\n", null).status).toBe("written");
    expect(read(fresh)).toBe("new\n");
    expect(replaceFileChecked(file, "mine\n", null)).toEqual({
      status: "changed",
      current: Buffer.from("one\n"),
    });
    expect(read(file)).toBe("one\n");
    expect(readdirSync(dir).sort()).toEqual(["new.md", "t.md"]);
  });

  it("a writer that opened the file before the rename and appends after it: the line reaches the new file", () => {
    const { file } = setup();
    const fd = openSync(file, "a");
    expect(replaceFileChecked(file, "one\nours\n", Buffer.from("one\n")).status).toBe("written");
    writeSync(fd, "late line\n"); // lands on the replaced inode
    closeSync(fd);
    expect(settleWatches()).toBe(1);
    expect(read(file)).toBe("one\nours\nlate line\n");
  });

  it("a truncate-and-write of the old file after the rename: the lines the new file lacks are appended", () => {
    const { file } = setup("a\nb\n");
    const fd = openSync(file, "r+");
    expect(replaceFileChecked(file, "a\nb\nours\n", Buffer.from("a\nb\n")).status).toBe("written");
    ftruncateSync(fd, 0);
    writeSync(fd, "a\nb edited\n", 0);
    closeSync(fd);
    settleWatches();
    expect(read(file)).toBe("a\nb\nours\nb edited\n");
  });
});

describe("removeFileChecked", () => {
  it("deletes only the expected bytes; missing and changed files are reported", () => {
    const { dir, file } = setup();
    expect(removeFileChecked(file, "other\n")).toEqual({ status: "changed", current: Buffer.from("one\n") });
    expect(read(file)).toBe("one\n");
    expect(removeFileChecked(file, "one\n")).toEqual({ status: "removed" });
    expect(readdirSync(dir)).toEqual([]); // no aside file left
    expect(removeFileChecked(file, "one\n")).toEqual({ status: "missing" });
  });

  it("an append to the deleted file by a writer that held it open comes back under its name", () => {
    const { file } = setup();
    const fd = openSync(file, "a");
    expect(removeFileChecked(file, "one\n").status).toBe("removed");
    writeSync(fd, "late line\n");
    closeSync(fd);
    settleWatches();
    expect(read(file)).toBe("late line\n");
  });
});

describe("updateChecked", () => {
  it("computes again from the new bytes when another writer changed the file in between", () => {
    const { file } = setup("- a\n");
    let calls = 0;
    const w = updateChecked(file, (text = "") => {
      if (++calls === 1) appendFileSync(file, "- live\n"); // a write between the read and the replace
      return `${text}- ours\n`;
    });
    expect(w.status).toBe("written");
    expect(calls).toBe(2);
    expect(read(file)).toBe("- a\n- live\n- ours\n");
  });
});

/**
 * argv: bundle, scenario, file. `renameSync` and `unlinkSync` are wrapped: right after memdir's
 * rename of the target away, another "writer" writes to the old inode through an fd it opened
 * before (append | rewrite). Prints the outcome as JSON.
 */
const CHILD = `
const fs = require("node:fs");
const core = require(process.argv[2]);
const [scenario, file] = [process.argv[3], process.argv[4]];
const origRename = fs.renameSync;
let armed = true;
fs.renameSync = function (from, to) {
  const target = scenario.startsWith("remove") ? from : to;
  if (!armed || target !== file) return origRename.call(this, from, to);
  armed = false;
  const fd = fs.openSync(file, scenario.endsWith("rewrite") ? "r+" : "a");
  const r = origRename.call(this, from, to);
  if (scenario.endsWith("rewrite")) { fs.ftruncateSync(fd, 0); fs.writeSync(fd, "theirs\\n", 0); }
  else fs.writeSync(fd, "late line\\n");
  fs.closeSync(fd);
  return r;
};
const r = scenario.startsWith("remove")
  ? core.removeFileChecked(file, "one\\n")
  : core.replaceFileChecked(file, "one\\nours\\n", Buffer.from("one\\n"));
const out = { status: r.status, absorbed: r.absorbed ? String(r.absorbed) : undefined, file: fs.readFileSync(file, "utf8"), files: fs.readdirSync(require("node:path").dirname(file)) };
process.stdout.write(JSON.stringify(out));
`;

describe("a write between memdir's rename and its re-read (child process)", () => {
  let built: ReturnType<typeof bundleForChildren>;
  let script: string;
  beforeAll(() => {
    built = bundleForChildren("core/index.ts");
    script = join(built.dir, "late-child.cjs");
    writeFileSync(script, CHILD);
  });
  afterAll(() => built.cleanup());
  const run = async (scenario: string) => {
    const { file } = setup();
    const r = await runChild(script, [built.file, scenario, file]);
    expect(r.code, r.err).toBe(0);
    return JSON.parse(r.out) as { status: string; absorbed?: string; file: string; files: string[] };
  };

  it("an append: kept at the end of the new file, reported as absorbed (the bytes before for a change set)", async () => {
    const o = await run("replace-append");
    expect(o).toMatchObject({
      status: "written",
      absorbed: "one\nlate line\n",
      file: "one\nours\nlate line\n",
    });
    expect(o.files).toEqual(["t.md"]);
  });

  it("a rewrite: the other writer's version is put back, the write reports changed", async () => {
    expect(await run("replace-rewrite")).toMatchObject({
      status: "changed",
      file: "theirs\n",
      files: ["t.md"],
    });
  });

  it("a delete: an append to the file renamed aside puts it back (changed), no aside file left", async () => {
    expect(await run("remove-append")).toMatchObject({
      status: "changed",
      file: "one\nlate line\n",
      files: ["t.md"],
    });
  });
});
