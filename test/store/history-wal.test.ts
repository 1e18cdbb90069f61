/**
 * The journal writes ahead: `.history/<id>.json` holds a file's before bytes and the hash its write
 * will leave before that write happens (incomplete, 0600), later writes are logged first, the writer's
 * pid decides "running" vs "interrupted", and the commit completes the file and cleans up. A writer
 * that is gone is simulated with the pid of a real process that has exited.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  bytesHash,
  commitChangeSet,
  createJournal,
  historyDir,
  listChangeSets,
  readChangeSet,
  readWriteLog,
  undoChangeSet,
  writeLogPath,
  writerLockPath,
} from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";
import { del, plantMemoryDirs, put, treeHash } from "./history-fixture.js";

const NOW = Date.UTC(2026, 10, 29, 10, 15, 0);
const sha = (s: string | Buffer) => bytesHash(typeof s === "string" ? Buffer.from(s) : s);
/** The pid of a process that has exited (and been reaped): a writer killed part-way. */
const deadPid = () => spawnSync(process.execPath, ["-e", ""]).pid as number;

function setup(pid?: number) {
  const roots = plantMemoryDirs(tempDir("memdir-history-wal-"));
  const j = createJournal({
    kind: "dream",
    summary: "wal test",
    roots,
    nowMs: NOW,
    ...(pid === undefined ? {} : { pid }),
  });
  return { roots, j };
}

describe("write-ahead change sets", () => {
  it("before each first write the change set on disk holds the before bytes and the intended hash; later writes are logged first", () => {
    const { roots, j } = setup();
    expect(j.id).toBeUndefined();
    expect(existsSync(historyDir(roots.project))).toBe(false); // nothing on disk before a write
    const plain = join(roots.project, "plain.md");
    const plainBefore = readFileSync(plain);
    const note = join(roots.project, "note.md");

    put(j, note, "first\n");
    const id = j.id!;
    const file = join(historyDir(roots.project), `${id}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    let cs = readChangeSet(roots.project, id)!;
    expect(cs).toMatchObject({ complete: false, kind: "dream", summary: "wal test", seq: 1 });
    expect(cs.files).toEqual([
      { scope: "project", file: "note.md", before: null, after: null, pending: sha("first\n") },
    ]);
    // This process is alive: the change set is being written, and undo refuses it.
    expect(listChangeSets(roots.project)[0]?.incomplete).toBe("running");
    expect(() => undoChangeSet(roots, id, { nowMs: NOW + 1 })).toThrow(
      expect.objectContaining({ code: "BAD_INPUT", message: expect.stringContaining("still being written") }),
    );

    put(j, note, "second\n"); // a later write: logged, the JSON is not rewritten
    expect(readChangeSet(roots.project, id)).toEqual(cs);
    expect(readWriteLog(roots.project, id).get("project/note.md")).toEqual({
      hashes: [sha("second\n")],
      interleaved: false,
    });
    del(j, plain); // a new file: the JSON is rewritten with the others' latest hashes
    cs = readChangeSet(roots.project, id)!;
    expect(cs.files.map((f) => [f.file, f.after, f.pending])).toEqual([
      ["note.md", sha("second\n"), undefined],
      ["plain.md", sha(plainBefore), null],
    ]);
    expect(Buffer.from(cs.files[1]!.before!, "base64")).toEqual(plainBefore);

    const committed = commitChangeSet(j)!;
    expect(committed).toBe(id);
    cs = readChangeSet(roots.project, id)!;
    expect(cs.complete).toBe(true);
    expect(cs.files.map((f) => [f.file, f.after, f.pending])).toEqual([
      ["note.md", sha("second\n"), undefined],
      ["plain.md", null, undefined],
    ]);
    expect(existsSync(writeLogPath(roots.project, id))).toBe(false);
    expect(existsSync(writerLockPath(roots.project, id))).toBe(false);
    expect(listChangeSets(roots.project)[0]?.incomplete).toBeUndefined();
    expect(() => put(j, note, "third\n")).toThrow(expect.objectContaining({ code: "BAD_INPUT" }));
    expect(readFileSync(note, "utf8")).toBe("second\n");
  });

  it("a journal that changed nothing leaves no file at all, though it wrote ahead", () => {
    const { roots, j } = setup();
    const plain = join(roots.project, "plain.md");
    put(j, plain, readFileSync(plain)); // same bytes
    put(j, join(roots.project, "tmp-note.md"), "x\n");
    del(j, join(roots.project, "tmp-note.md")); // created then deleted
    expect(readChangeSet(roots.project, j.id!)?.complete).toBe(false);
    expect(commitChangeSet(j)).toBeUndefined();
    expect(readdirSync(historyDir(roots.project)).filter((n) => n !== ".lock")).toEqual([]);
  });

  it("an interrupted change set: a file still as before is left, one at a hash its writes intended is restored, one changed since is kept", () => {
    const { roots, j } = setup(deadPid());
    const before = treeHash(roots.project, roots.user);
    const odd = join(roots.project, "odd-bytes.md");
    const bom = join(roots.project, "bom-crlf.md");
    const plain = join(roots.project, "plain.md");
    const log = join(roots.project, "logs", "2026", "11", "2026-11-29.md");
    const index = join(roots.project, "MEMORY.md");
    const [plainBefore, logBefore, indexBefore] = [plain, log, index].map((p) => readFileSync(p));
    const [plainMode, logMode, indexMode] = [plain, log, index].map((p) => statSync(p).mode & 0o777) as [
      number,
      number,
      number,
    ];
    put(j, odd, "rewritten\n");
    put(j, join(roots.user, "role.md"), "changed\n");
    put(j, bom, "one\n");
    put(j, bom, "two\n"); // a later write: only in the write log
    put(j, log, "# 2026-11-29\nentry\n");
    writeFileSync(log, logBefore!); // as if the writer died between the flush and this write
    chmodSync(log, logMode);
    put(j, plain, "new plain\n");
    put(j, index, "# Memory Index\n"); // the last flush: `after` not recorded, only `pending`
    const id = j.id!;
    const cs = readChangeSet(roots.project, id)!;
    expect(cs.files.find((f) => f.file === "odd-bytes.md")?.after).toBe(sha("rewritten\n"));
    expect(cs.files.at(-1)).toMatchObject({
      file: "MEMORY.md",
      after: sha(indexBefore!),
      pending: sha("# Memory Index\n"),
    });
    writeFileSync(plain, "edited by hand after the crash\n");

    expect(listChangeSets(roots.project)[0]).toMatchObject({ id, incomplete: "interrupted" });
    const r = undoChangeSet(roots, undefined, { nowMs: NOW + 1 });
    expect(r.target).toMatchObject({ id, interrupted: true });
    expect(r.already).toEqual([{ scope: "project", file: "logs/2026/11/2026-11-29.md" }]);
    expect(r.conflicts).toEqual([
      { scope: "project", file: "plain.md", reason: "changed since the change set" },
    ]);
    expect(r.restored.map((f) => `${f.scope}/${f.file}`).sort()).toEqual([
      "project/MEMORY.md",
      "project/bom-crlf.md",
      "project/odd-bytes.md",
      "user/role.md",
    ]);
    expect(readFileSync(plain, "utf8")).toBe("edited by hand after the crash\n");
    // The conflict made undo rebuild MEMORY.md from the files on disk; put both back by hand: the rest is as before.
    expect(r.reindexed).toEqual(["project"]);
    writeFileSync(plain, plainBefore!);
    chmodSync(plain, plainMode);
    writeFileSync(index, indexBefore!);
    chmodSync(index, indexMode);
    expect(treeHash(roots.project, roots.user)).toBe(before);
  });

  it("a file another writer changed between two writes is a conflict in an interrupted change set too", () => {
    const { roots, j } = setup(deadPid());
    const log = join(roots.project, "logs", "2026", "11", "2026-11-29.md");
    put(j, log, "# 2026-11-29\nfirst\n");
    writeFileSync(log, "# 2026-11-29\nfirst\nother writer\n");
    put(j, log, "# 2026-11-29\nfirst\nother writer\nsecond\n");
    expect(readWriteLog(roots.project, j.id!).get("project/logs/2026/11/2026-11-29.md")?.interleaved).toBe(
      true,
    );
    const r = undoChangeSet(roots, j.id, { nowMs: NOW + 1 });
    expect(r.conflicts.map((c) => c.reason)).toEqual([
      "another writer changed it while the change set was being made",
    ]);
  });

  it("a commit removes write logs and writer locks of dead writers that left no change set, and keeps a running one", () => {
    const { roots, j } = setup();
    const dead = deadPid();
    const h = historyDir(roots.project);
    const orphan = "20261128T000000Z-dead";
    put(j, join(roots.project, "a.md"), "a\n"); // j is running: its lock and JSON stay
    writeFileSync(
      writerLockPath(roots.project, orphan),
      JSON.stringify({ pid: dead, token: "t", acquiredAt: NOW }),
    );
    writeFileSync(writeLogPath(roots.project, orphan), "");
    const k = createJournal({ kind: "extraction", summary: "other", roots, nowMs: NOW + 5 });
    put(k, join(roots.project, "b.md"), "b\n");
    const kid = commitChangeSet(k)!;
    const names = readdirSync(h).sort();
    expect(names).toEqual([`${j.id}.json`, `${j.id}.lock`, `${kid}.json`].sort());
    expect(readChangeSet(roots.project, kid)!.seq).toBeGreaterThan(readChangeSet(roots.project, j.id!)!.seq);
    commitChangeSet(j);
    expect(listChangeSets(roots.project).map((c) => c.incomplete)).toEqual([undefined, undefined]);
  });

  it("a malformed fixed id is refused before anything is written", () => {
    const roots = plantMemoryDirs(tempDir("memdir-history-wal-"));
    expect(() => createJournal({ kind: "dream", summary: "x", roots, nowMs: NOW, id: "nope" })).toThrow(
      expect.objectContaining({ code: "BAD_INPUT" }),
    );
  });
});
