/**
 * Change sets survive a crash: a real child process applies a dream's worth of store writes (creates,
 * rewrites, 16 deletions, user scope, MEMORY.md rebuilt) through one journal and is SIGKILLed part-way
 * — right before or right after its K-th rename/unlink (K early, middle, late), or by the parent at a
 * random moment. Every time `memdir history` lists the change set as interrupted, `memdir undo`
 * restores both memory dirs byte for byte (temp files of the killed write removed), and redo brings
 * back exactly the state the crash left.
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatHistory } from "../../src/cli/format/history.js";
import { listChangeSets, readChangeSet, undoChangeSet } from "../../src/store/index.js";
import { bundleForChildren, NODE_MODULES } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";
import { listTree, plantMemoryDirs, plantTopics, treeHash, treeHashNoTemp } from "./history-fixture.js";

const NOW = Date.UTC(2026, 10, 29, 10, 15, 0);

let built: ReturnType<typeof bundleForChildren>;
let script: string;
beforeAll(() => {
  built = bundleForChildren("store/index.ts");
  script = join(built.dir, "crash-child.cjs");
  writeFileSync(script, CHILD);
});
afterAll(() => built.cleanup());

/**
 * argv: bundle, project dir, user dir, K, when ("before" | "after": SIGKILL itself around its K-th
 * rename/unlink of the write phase; "hang": block before the commit for the parent to kill; "none").
 * Prints `go` when the writes start and `{"steps","ms"}` when they are done.
 */
const CHILD = `
const fs = require("node:fs");
const path = require("node:path");
const store = require(process.argv[2]);
const [project, user, K, when, NOW] = [process.argv[3], process.argv[4], Number(process.argv[5]), process.argv[6], Number(process.argv[7])];
let steps = 0;
let counting = false;
const tick = (phase) => {
  if (!counting) return;
  if (phase === "before") steps++;
  if (steps === K && phase === when) process.kill(process.pid, "SIGKILL");
};
for (const name of ["renameSync", "unlinkSync"]) {
  const orig = fs[name];
  fs[name] = function (...args) { tick("before"); const r = orig.apply(this, args); tick("after"); return r; };
}
const journal = store.createJournal({ kind: "dream", summary: "crash test dream", roots: { project, user }, nowMs: NOW });
const o = { nowMs: NOW, journal };
const planted = fs.readdirSync(project).filter((f) => /^t\\d+\\.md$/.test(f)).sort();
const started = Date.now();
counting = true;
process.stdout.write("go\\n");
const SERVICES = ["billing", "deploy", "search", "auth", "queue", "cache"];
for (let i = 0; i < 6; i++)
  store.upsertMemory(project, { type: "project", name: "new-" + SERVICES[i], description: "The " + SERVICES[i] + " service runs in region eu-" + i, body: "Region eu-" + i + "." }, o);
for (const f of planted.slice(0, 6)) {
  const t = fs.readFileSync(path.join(project, f), "utf8");
  store.replaceMemory(project, f, t.replace(/the value is (\\d+)/, "the value is now $1 (checked)"), { ...o, expectedHash: store.topicHash(t) });
}
for (const f of planted.slice(6, 22)) store.deleteMemory(project, f, { journal });
const bom = fs.readFileSync(path.join(project, "bom-crlf.md"), "utf8");
store.replaceMemory(project, "bom-crlf.md", "---\\nname: Windows topic\\ndescription: Tabs in Makefiles\\ntype: feedback\\n---\\nTabs only.\\n", { ...o, expectedHash: store.topicHash(bom) });
store.deleteMemory(project, "odd-bytes.md", { journal });
store.upsertMemory(user, { type: "user", description: "The user prefers terse answers", body: "Terse." }, o);
store.rebuildIndex(project, { journal });
store.rebuildIndex(user, { journal });
counting = false;
process.stdout.write(JSON.stringify({ steps, ms: Date.now() - started }) + "\\n");
if (when === "hang") Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60000);
process.stdout.write(JSON.stringify({ id: store.commitChangeSet(journal) }) + "\\n");
`;

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: string;
  err: string;
}

/** Runs the child; with `killAfterGoMs`, the parent SIGKILLs it that long after it prints `go`. */
function runCrashChild(
  roots: { project: string; user: string },
  k: number,
  when: string,
  killAfterGoMs?: number,
): Promise<ChildRun> {
  return new Promise((resolve) => {
    const p = spawn(
      process.execPath,
      [script, built.file, roots.project, roots.user, String(k), when, String(NOW)],
      {
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NODE_PATH: NODE_MODULES },
      },
    );
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => {
      const first = !out.includes("go\n");
      out += d;
      if (first && out.includes("go\n") && killAfterGoMs !== undefined)
        setTimeout(() => p.kill("SIGKILL"), killAfterGoMs);
    });
    p.stderr.on("data", (d) => (err += d));
    // "close": the child has been reaped, so its pid is dead for the liveness probe.
    p.on("close", (code, signal) => resolve({ code, signal, out, err }));
  });
}

function plant() {
  const roots = plantMemoryDirs(tempDir("memdir-history-crash-"));
  plantTopics(roots.project, 30);
  return roots;
}

/** After the kill: history lists one interrupted change set; undo restores `before`; redo the crash state. */
function checkRecovery(roots: { project: string; user: string }, before: Before, label: string) {
  const crashed = treeHashNoTemp(roots.project, roots.user);
  const sets = listChangeSets(roots.project);
  if (sets.length === 0) {
    // Killed before the first flush ended: nothing was written either.
    expect(crashed, label).toBe(before.noTemp);
    return "nothing";
  }
  expect(sets, label).toHaveLength(1);
  const cs = sets[0]!;
  expect(cs, label).toMatchObject({ kind: "dream", summary: "crash test dream", incomplete: "interrupted" });
  expect(readChangeSet(roots.project, cs.id)?.complete, label).toBe(false);
  expect(formatHistory({ memoryDir: roots.project, changeSets: sets }), label).toContain(
    `${cs.id}  2026-11-29 10:15Z  dream`,
  );
  expect(formatHistory({ memoryDir: roots.project, changeSets: sets }), label).toContain("[interrupted");

  const r = undoChangeSet(roots, undefined, { nowMs: NOW + 1000 });
  expect(r.target, label).toMatchObject({ id: cs.id, interrupted: true });
  expect(r.conflicts, label).toEqual([]);
  expect(r.forced, label).toEqual([]);
  expect(treeHash(roots.project, roots.user), label).toBe(before.full);
  expect(
    listTree(roots.project).filter((f) => f.endsWith(".tmp") || f.endsWith(".del")),
    label,
  ).toEqual([]);
  const hist = listChangeSets(roots.project);
  expect(
    hist.map((c) => [c.kind, c.incomplete, c.undoneBy, c.undoes]),
    label,
  ).toEqual([
    ["undo", undefined, undefined, cs.id],
    ["dream", "interrupted", r.undoId, undefined],
  ]);

  // Redo (undo of the undo) brings back exactly what the crash left (without its temp files).
  const redo = undoChangeSet(roots, r.undoId, { nowMs: NOW + 2000 });
  expect(redo.conflicts, label).toEqual([]);
  expect(treeHashNoTemp(roots.project, roots.user), label).toBe(crashed);
  return r.restored.length > 0 ? "restored" : "already";
}

type Before = { full: string; noTemp: string };
const hashes = (roots: { project: string; user: string }): Before => ({
  full: treeHash(roots.project, roots.user),
  noTemp: treeHashNoTemp(roots.project, roots.user),
});

describe("a journal killed part-way (kill -9) leaves an undoable change set", () => {
  let total = 0;
  let writeMs = 0;

  it("uninterrupted, the same child commits one complete change set that undo reverts", async () => {
    const roots = plant();
    const before = hashes(roots);
    const run = await runCrashChild(roots, 0, "none");
    expect(run.code, run.err).toBe(0);
    const [progress, done] = run.out
      .trim()
      .split("\n")
      .slice(1)
      .map((l) => JSON.parse(l));
    total = progress.steps;
    writeMs = progress.ms;
    expect(total).toBeGreaterThan(60); // renames and unlinks in the write phase: many kill points
    const cs = readChangeSet(roots.project, done.id)!;
    expect(cs.complete).toBe(true);
    expect(cs.files.filter((f) => f.after === null).length).toBe(17); // 16 planted topics + odd-bytes.md
    expect(listTree(join(roots.project, ".history"))).toEqual([`${done.id}.json`]);
    expect(listChangeSets(roots.project)[0]?.incomplete).toBeUndefined();
    undoChangeSet(roots, done.id, { nowMs: NOW + 1000 });
    expect(treeHash(roots.project, roots.user)).toBe(before.full);
  });

  const rand = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
  const cases: [string, "before" | "after", (t: number) => number][] = [
    ["early", "before", (t) => rand(1, Math.floor(t / 5))],
    ["early", "after", (t) => rand(1, Math.floor(t / 5))],
    ["middle", "before", (t) => rand(Math.floor((2 * t) / 5), Math.floor((3 * t) / 5))],
    ["middle", "after", (t) => rand(Math.floor((2 * t) / 5), Math.floor((3 * t) / 5))],
    ["late", "before", (t) => rand(Math.floor((4 * t) / 5), t)],
    ["late", "after", (t) => rand(Math.floor((4 * t) / 5), t)],
  ];
  for (const [when, side, pick] of cases) {
    it(`killed ${side} a random ${when} rename/unlink: undo restores both dirs byte for byte`, async () => {
      expect(total, "the uninterrupted run sets the step count").toBeGreaterThan(0);
      const k = pick(total);
      const label = `K=${k} of ${total}, ${side}`;
      const roots = plant();
      const before = hashes(roots);
      const run = await runCrashChild(roots, k, side);
      expect(run.signal, `${label}: ${run.err}`).toBe("SIGKILL");
      checkRecovery(roots, before, label);
    });
  }

  it("killed by the parent at random moments: every outcome is undone byte for byte", async () => {
    expect(writeMs).toBeGreaterThanOrEqual(0);
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const delay = Math.random() * Math.max(writeMs, 5);
      const roots = plant();
      const before = hashes(roots);
      const run = await runCrashChild(roots, 0, "hang", delay);
      expect(run.signal, run.err).toBe("SIGKILL");
      outcomes.push(checkRecovery(roots, before, `killed ${delay.toFixed(1)} ms after go`));
    }
    expect(outcomes).toHaveLength(3);
  });
});
