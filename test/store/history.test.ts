/**
 * Change sets (issue 5 point 5): a journal threaded through the store records every write; undo
 * restores the memory dirs byte for byte (mode and mtime too), keeps and reports files changed since,
 * rebuilds MEMORY.md after a conflict, and is itself a change set (undo of undo = redo).
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  commitChangeSet,
  createJournal,
  deleteMemory,
  deleteMemoryIfUnchanged,
  HISTORY_MAX_SETS,
  historyDir,
  type Journal,
  listChangeSets,
  listTopicFiles,
  parseIndexLine,
  readChangeSet,
  rebuildIndex,
  replaceMemory,
  topicHash,
  undoChangeSet,
  upsertMemory,
} from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";
import { listTree, ODD_BYTES, plantMemoryDirs, put, treeHash } from "./history-fixture.js";

const NOW = Date.UTC(2026, 10, 29, 10, 15, 0);
const DAY = 24 * 3600 * 1000;

const topic = (name: string, description: string, body: string, type = "project") =>
  `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n---\n${body}\n`;
const textOf = (path: string) => readFileSync(path, "utf8");

function setup() {
  const roots = plantMemoryDirs(tempDir("memdir-history-"));
  const journal = (kind: "dream" | "extraction" = "dream", nowMs = NOW) =>
    createJournal({ kind, summary: `${kind} test`, roots, nowMs });
  return { roots, journal };
}

/** Files MEMORY.md of `dir` links to. */
const listed = (dir: string) =>
  textOf(join(dir, "MEMORY.md"))
    .split(/\r?\n/)
    .flatMap((l) => parseIndexLine(l)?.target ?? []);

/** A mix of every store write: create, merge, replace (BOM/CRLF file), guarded delete, delete, rebuild, user scope. */
function writeEverything(roots: { project: string; user: string }, journal: Journal) {
  const o = { nowMs: NOW, journal };
  const a = upsertMemory(
    roots.project,
    {
      type: "project",
      name: "deploy-window",
      description: "Deploys happen on Tuesdays",
      body: "Deploy on Tuesdays.",
    },
    o,
  );
  upsertMemory(
    roots.project,
    {
      type: "project",
      name: "deploy-window",
      description: "Deploys happen on Tuesdays",
      body: "Never on Fridays.",
    },
    o,
  );
  upsertMemory(
    roots.project,
    {
      type: "feedback",
      name: "short-lived",
      description: "A memory created then deleted",
      body: "Gone soon.",
    },
    o,
  );
  const bom = join(roots.project, "bom-crlf.md");
  replaceMemory(
    roots.project,
    "bom-crlf.md",
    topic("Windows topic", "Tabs in Makefiles", "Tabs only.", "feedback"),
    {
      ...o,
      expectedHash: topicHash(textOf(bom)),
    },
  );
  deleteMemoryIfUnchanged(roots.project, "odd-bytes.md", {
    journal,
    expectedHash: topicHash(textOf(join(roots.project, "odd-bytes.md"))),
  });
  deleteMemory(roots.project, "short-lived", { journal });
  deleteMemory(roots.project, "plain", { journal });
  upsertMemory(
    roots.user,
    { type: "user", description: "The user prefers terse answers", body: "Terse." },
    o,
  );
  rebuildIndex(roots.project, { journal });
  return a;
}

describe("journal and commit", () => {
  it("records before bytes and after hashes relative to their root; commit writes .history/<id>.json 0600 in a 0700 dir", () => {
    const { roots, journal } = setup();
    const oddBytes = readFileSync(join(roots.project, "odd-bytes.md"));
    expect(oddBytes.includes(ODD_BYTES)).toBe(true);
    const j = journal();
    writeEverything(roots, j);
    const files = j.entries().map((e) => `${e.scope}/${e.file}`);
    expect(files).toEqual(
      expect.arrayContaining([
        "project/deploy-window.md",
        "project/MEMORY.md",
        "project/bom-crlf.md",
        "project/odd-bytes.md",
        "project/plain.md",
        "user/MEMORY.md",
      ]),
    );
    expect(files.some((f) => f.startsWith("/") || f.includes(roots.project))).toBe(false);
    const id = commitChangeSet(j, { summary: "everything" });
    expect(id).toMatch(/^20261129T101500Z-[0-9a-f]{4}$/);
    const file = join(historyDir(roots.project), `${id}.json`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(historyDir(roots.project)).mode & 0o777).toBe(0o700);
    const cs = readChangeSet(roots.project, id!)!;
    // created then deleted in the same change set: no net change, not recorded
    expect(cs.files.map((f) => f.file)).not.toContain("short-lived.md");
    const odd = cs.files.find((f) => f.file === "odd-bytes.md")!;
    expect(Buffer.from(odd.before!, "base64")).toEqual(oddBytes);
    expect(odd.after).toBeNull();
    expect(odd.beforeMode).toBe(0o640);
    const created = cs.files.find((f) => f.file === "deploy-window.md")!;
    expect(created.before).toBeNull();
    expect(created.after).toMatch(/^[0-9a-f]{64}$/);
    expect(listChangeSets(roots.project)).toEqual([
      {
        id,
        kind: "dream",
        createdAt: "2026-11-29T10:15:00.000Z",
        summary: "everything",
        files: cs.files.length,
      },
    ]);
  });

  it("a journal that changed nothing commits nothing; a path outside its roots is refused before writing", () => {
    const { roots, journal } = setup();
    const j = journal();
    rebuildIndex(roots.user, { journal: j }); // MEMORY.md of the user dir is created…
    deleteMemory(roots.user, "nope", { journal: j });
    expect(commitChangeSet(j)).toBeDefined();
    const k = journal();
    const plain = join(roots.project, "plain.md");
    const text = textOf(plain);
    replaceMemory(roots.project, "plain.md", text, { nowMs: NOW, expectedHash: topicHash(text), journal: k });
    expect(commitChangeSet(k)).toBeUndefined();
    const outside = join(roots.project, "..", "elsewhere.md");
    expect(() => put(k, outside, "x")).toThrow(expect.objectContaining({ code: "BAD_PATH" }));
    expect(existsSync(outside)).toBe(false);
  });

  it("keeps the newest 100 change sets and nothing older than 90 days", () => {
    const { roots, journal } = setup();
    const commitAt = (ms: number, i: number) => {
      const j = journal("extraction", ms);
      put(j, join(roots.project, "logs", "2026", "11", "2026-11-29.md"), `# entry ${i}\n`);
      return commitChangeSet(j)!;
    };
    const ancient = commitAt(NOW - 100 * DAY, 0);
    const old = commitAt(NOW - 80 * DAY, 1);
    expect(readChangeSet(roots.project, ancient)).toBeDefined(); // 20 days older than the newest: kept
    const ids = [old];
    for (let i = 2; i <= 3; i++) ids.push(commitAt(NOW - 9 * DAY + i, i));
    expect(readChangeSet(roots.project, ancient)).toBeUndefined(); // 91 days older than the newest: pruned
    expect(readChangeSet(roots.project, old)).toBeDefined();
    for (let i = 4; i <= HISTORY_MAX_SETS + 5; i++) ids.push(commitAt(NOW + i, i));
    const kept = listChangeSets(roots.project).map((c) => c.id);
    expect(kept).toHaveLength(HISTORY_MAX_SETS);
    expect(kept).toEqual(ids.slice(-HISTORY_MAX_SETS).reverse());
    expect(readdirSync(historyDir(roots.project)).filter((n) => n.endsWith(".json"))).toHaveLength(
      HISTORY_MAX_SETS,
    );
  });

  it("the limit is per kind: a dream stays undoable after 100 more extraction runs", () => {
    const { roots, journal } = setup();
    const commit = (kind: "dream" | "extraction", ms: number, i: number) => {
      const j = journal(kind, ms);
      put(j, join(roots.project, "logs", "2026", "11", "2026-11-29.md"), `# entry ${i}\n`);
      return commitChangeSet(j)!;
    };
    const dream = commit("dream", NOW, 0);
    for (let i = 1; i <= HISTORY_MAX_SETS + 3; i++) commit("extraction", NOW + i, i);
    const sets = listChangeSets(roots.project);
    expect(sets.filter((c) => c.kind === "extraction")).toHaveLength(HISTORY_MAX_SETS);
    expect(sets.map((c) => c.id)).toContain(dream);
  });
});

describe("undo", () => {
  it("restores both memory dirs byte for byte (BOM, CRLF, invalid UTF-8, modes, mtimes), then redo restores the change", () => {
    const { roots, journal } = setup();
    const bom = join(roots.project, "bom-crlf.md");
    const mtimeBefore = statSync(bom).mtimeMs;
    const before = treeHash(roots.project, roots.user);
    const j = journal();
    writeEverything(roots, j);
    const id = commitChangeSet(j)!;
    const after = treeHash(roots.project, roots.user);
    expect(after).not.toBe(before);

    const r = undoChangeSet(roots, undefined, { nowMs: NOW + 1000 });
    expect(r.target.id).toBe(id);
    expect(r.conflicts).toEqual([]);
    expect(r.reindexed).toEqual([]);
    expect(treeHash(roots.project, roots.user)).toBe(before);
    expect(Math.abs(statSync(bom).mtimeMs - mtimeBefore)).toBeLessThan(1);
    expect(readFileSync(bom).subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));

    const hist = listChangeSets(roots.project);
    expect(hist.map((c) => [c.kind, c.undoneBy, c.undoes])).toEqual([
      ["undo", undefined, id],
      ["dream", r.undoId, undefined],
    ]);

    // undo of the undo = redo
    const redo = undoChangeSet(roots, r.undoId, { nowMs: NOW + 2000 });
    expect(redo.conflicts).toEqual([]);
    expect(treeHash(roots.project, roots.user)).toBe(after);
    const byId = new Map(listChangeSets(roots.project).map((c) => [c.id, c]));
    expect(byId.get(id)?.undoneBy).toBeUndefined(); // live again
    expect(byId.get(r.undoId!)?.undoneBy).toBe(redo.undoId);
    // so `memdir undo` picks it again
    expect(undoChangeSet(roots, undefined, { nowMs: NOW + 3000 }).target.id).toBe(id);
    expect(treeHash(roots.project, roots.user)).toBe(before);
  });

  it("refuses a second undo of the same change set, naming the undo that redoes it", () => {
    const { roots, journal } = setup();
    const j = journal();
    writeEverything(roots, j);
    const id = commitChangeSet(j)!;
    const r = undoChangeSet(roots, id, { nowMs: NOW + 1 });
    const err = (() => {
      try {
        undoChangeSet(roots, id, { nowMs: NOW + 2 });
      } catch (e) {
        return e as Error & { code: string; hint: string };
      }
    })();
    expect(err?.code).toBe("BAD_INPUT");
    expect(err?.message).toContain(`already undone (by ${r.undoId})`);
    expect(err?.hint).toBe(`to redo it, undo the undo: memdir undo ${r.undoId}`);
    // nothing left to undo by default (the only live change set is an undo)
    expect(() => undoChangeSet(roots, undefined, { nowMs: NOW + 3 })).toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
  });

  it("an unknown id is NOT_FOUND and the message lists what `memdir history` shows", () => {
    const { roots, journal } = setup();
    const j = journal("extraction");
    upsertMemory(
      roots.project,
      { type: "project", description: "The CI runs on Buildkite", body: "Buildkite." },
      {
        nowMs: NOW,
        journal: j,
      },
    );
    const id = commitChangeSet(j, { summary: "extraction of session s-1: 1 created" })!;
    const err = (() => {
      try {
        undoChangeSet(roots, "20250101T000000Z-dead", { nowMs: NOW });
      } catch (e) {
        return e as Error & { code: string };
      }
    })();
    expect(err?.code).toBe("NOT_FOUND");
    expect(err?.message).toContain('no change set "20250101T000000Z-dead"');
    expect(err?.message).toContain(`${id} extraction: extraction of session s-1: 1 created`);
    expect(err?.message).toContain("memdir history");
    // a unique prefix works
    expect(undoChangeSet(roots, id.slice(0, 12), { nowMs: NOW + 1 }).target.id).toBe(id);
  });

  it("keeps and reports a file changed since, restores the rest, and MEMORY.md lists exactly the files on disk", () => {
    const { roots, journal } = setup();
    const j = journal();
    const o = { nowMs: NOW, journal: j };
    upsertMemory(
      roots.project,
      { type: "project", name: "alpha", description: "Alpha service owns billing", body: "Alpha." },
      o,
    );
    upsertMemory(
      roots.project,
      { type: "reference", name: "beta", description: "Beta dashboards live in Grafana", body: "Beta." },
      o,
    );
    deleteMemory(roots.project, "plain", { journal: j });
    const id = commitChangeSet(j)!;
    // Later, without a journal: a person edits alpha.md, a session re-creates plain.md.
    const alpha = join(roots.project, "alpha.md");
    writeFileSync(alpha, `${textOf(alpha)}Edited by hand afterwards.\n`);
    writeFileSync(join(roots.project, "plain.md"), topic("plain", "Re-created later", "New text."));

    const r = undoChangeSet(roots, id, { nowMs: NOW + 1 });
    expect(r.conflicts).toEqual([
      { scope: "project", file: "plain.md", reason: "changed since the change set" },
      { scope: "project", file: "alpha.md", reason: "changed since the change set" },
    ]);
    expect(r.restored).toEqual(
      expect.arrayContaining([
        { scope: "project", file: "beta.md" },
        { scope: "project", file: "MEMORY.md" },
      ]),
    );
    expect(r.reindexed).toEqual(["project"]);
    expect(textOf(alpha)).toContain("Edited by hand afterwards.");
    expect(textOf(join(roots.project, "plain.md"))).toContain("New text.");
    expect(existsSync(join(roots.project, "beta.md"))).toBe(false);
    const onDisk = listTopicFiles(roots.project).sort();
    expect([...listed(roots.project)].sort()).toEqual(onDisk);
    expect(onDisk).toEqual(["alpha.md", "bom-crlf.md", "odd-bytes.md", "plain.md"]);

    // --force on what is left: a new change set (the first is undone already), so redo first
    const redo = undoChangeSet(roots, r.undoId, { nowMs: NOW + 2 });
    expect(redo.conflicts).toEqual([]);
    expect(existsSync(join(roots.project, "beta.md"))).toBe(true);
  });

  it("with every changed file in conflict nothing is written or recorded; --force restores them and rebuilds MEMORY.md", () => {
    const { roots, journal } = setup();
    const j = journal();
    upsertMemory(
      roots.project,
      { type: "project", name: "gamma", description: "Gamma runs nightly", body: "Nightly." },
      {
        nowMs: NOW,
        journal: j,
      },
    );
    const id = commitChangeSet(j)!;
    // Another session merges into gamma.md and adds delta.md (both rewrite MEMORY.md).
    upsertMemory(
      roots.project,
      { type: "project", name: "gamma", description: "Gamma runs nightly", body: "At 02:00 UTC." },
      { nowMs: NOW + 5 },
    );
    upsertMemory(
      roots.project,
      { type: "project", name: "delta", description: "Delta queue is SQS", body: "SQS." },
      { nowMs: NOW + 6 },
    );
    const hash = treeHash(roots.project, roots.user);
    const r = undoChangeSet(roots, id, { nowMs: NOW + 10 });
    expect(r.undoId).toBeUndefined();
    expect(r.conflicts.map((c) => c.file).sort()).toEqual(["MEMORY.md", "gamma.md"]);
    expect(treeHash(roots.project, roots.user)).toBe(hash);
    expect(listChangeSets(roots.project).map((c) => c.id)).toEqual([id]);

    const f = undoChangeSet(roots, id, { nowMs: NOW + 11, force: true });
    expect(f.forced.map((c) => c.file).sort()).toEqual(["MEMORY.md", "gamma.md"]);
    expect(existsSync(join(roots.project, "gamma.md"))).toBe(false);
    expect(existsSync(join(roots.project, "delta.md"))).toBe(true);
    expect([...listed(roots.project)].sort()).toEqual(listTopicFiles(roots.project).sort());
    expect(listed(roots.project)).toContain("delta.md");
  });

  it("a file another writer changed between two writes of the change set is a conflict, not silently reverted", () => {
    const { roots, journal } = setup();
    const j = journal();
    const log = join(roots.project, "logs", "2026", "11", "2026-11-29.md");
    put(j, log, "# 2026-11-29\nfirst\n");
    writeFileSync(log, "# 2026-11-29\nfirst\nother writer\n");
    put(j, log, "# 2026-11-29\nfirst\nother writer\nsecond\n");
    const id = commitChangeSet(j)!;
    expect(readChangeSet(roots.project, id)?.files[0]).toMatchObject({
      file: "logs/2026/11/2026-11-29.md",
      interleaved: true,
    });
    const r = undoChangeSet(roots, id, { nowMs: NOW + 1 });
    expect(r.conflicts).toEqual([
      {
        scope: "project",
        file: "logs/2026/11/2026-11-29.md",
        reason: "another writer changed it while the change set was being made",
      },
    ]);
    expect(textOf(log)).toContain("other writer");
  });

  it("property: any sequence of store writes in one change set is undone byte for byte and redone byte for byte", () => {
    const WORDS = [
      "alpha",
      "bravo",
      "cobalt",
      "delta",
      "ember",
      "fjord",
      "granite",
      "harbor",
      "iris",
      "jade",
    ];
    const TYPES = ["user", "feedback", "project", "reference"] as const;
    const words = fc.array(fc.constantFrom(...WORDS), { minLength: 2, maxLength: 5 }).map((w) => w.join(" "));
    const op = fc.oneof(
      fc.record({
        k: fc.constant("upsert" as const),
        t: fc.constantFrom(...TYPES),
        d: words,
        b: words,
        user: fc.boolean(),
      }),
      fc.record({
        k: fc.constant("replace" as const),
        pick: fc.nat(),
        d: words,
        b: words,
        fresh: fc.boolean(),
      }),
      fc.record({ k: fc.constant("delIfUnchanged" as const), pick: fc.nat() }),
      fc.record({ k: fc.constant("delete" as const), pick: fc.nat() }),
      fc.record({ k: fc.constant("rebuild" as const), user: fc.boolean() }),
    );
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 8 }), (ops) => {
        const { roots, journal } = setup();
        const before = treeHash(roots.project, roots.user);
        const j = journal();
        const o = { nowMs: NOW, journal: j };
        for (const x of ops) {
          const files = listTopicFiles(roots.project).sort();
          const file = files.length ? files[("pick" in x ? x.pick : 0) % files.length]! : undefined;
          if (x.k === "upsert")
            upsertMemory(x.user ? roots.user : roots.project, { type: x.t, description: x.d, body: x.b }, o);
          else if (x.k === "rebuild") rebuildIndex(x.user ? roots.user : roots.project, { journal: j });
          else if (file === undefined) continue;
          else if (x.k === "replace") {
            const text = textOf(join(roots.project, file));
            const expectedHash = x.fresh ? topicHash(text) : "stale";
            replaceMemory(roots.project, file, topic(file.replace(/\.md$/, ""), x.d, x.b, "reference"), {
              ...o,
              expectedHash,
            });
          } else if (x.k === "delIfUnchanged")
            deleteMemoryIfUnchanged(roots.project, file, {
              journal: j,
              expectedHash: topicHash(textOf(join(roots.project, file))),
            });
          else deleteMemory(roots.project, file, { journal: j });
        }
        const after = treeHash(roots.project, roots.user);
        const id = commitChangeSet(j);
        if (id === undefined) return after === before;
        const r = undoChangeSet(roots, id, { nowMs: NOW + 1 });
        if (r.conflicts.length || treeHash(roots.project, roots.user) !== before) return false;
        undoChangeSet(roots, r.undoId, { nowMs: NOW + 2 });
        return (
          treeHash(roots.project, roots.user) === after &&
          !listTree(roots.project).some((f) => f.endsWith(".tmp"))
        );
      }),
      { numRuns: 40 },
    );
  });
});
