import { mkdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  openSearchDb,
  planSync,
  querySearchDb,
  rebuildSearchDb,
  SCHEMA_VERSION,
  type SearchHit,
  type SourceRoots,
  syncSearchDb,
} from "../../src/search/index.js";
import type { DiskEntry, FileRow } from "../../src/search/sync/types.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const NOW = Date.parse("2026-11-29T12:00:00Z");

function topic(name: string, description: string, body: string, type = "project", extra = ""): string {
  return `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n${extra}---\n${body}\n`;
}

function setup() {
  const root = tempDir();
  const memoryDir = join(root, "memory");
  const userMemoryDir = join(root, "home", "user-memory");
  mkdirSync(join(memoryDir, "team"), { recursive: true });
  mkdirSync(userMemoryDir, { recursive: true });
  const roots: SourceRoots = {
    project: join(root, "proj"),
    memoryDir,
    userMemoryDir,
    notepad: join(root, "proj", ".memdir", "notepad.md"),
    wikiDir: join(root, "proj", ".memdir", "wiki"),
    summariesDir: join(root, "proj", ".memdir", "summaries"),
  };
  const dbFile = join(root, "home", "index", "search.db");
  return { root, memoryDir, userMemoryDir, roots, dbFile };
}

function write(dir: string, name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const keys = (hits: SearchHit[]) => hits.map((h) => h.key);

describe("sync plan (pure)", () => {
  const e = (path: string, size = 10, mtimeMs = 1): DiskEntry => ({
    path,
    source: "memories",
    scope: "project",
    project: "/p",
    size,
    mtimeMs,
  });
  const row = (path: string, hash: string, size = 10, mtimeMs = 1): FileRow => ({
    ...e(path, size, mtimeMs),
    hash,
    error: null,
  });
  it("classifies added, changed, touched, moved, removed and unchanged", async () => {
    const rows = new Map(
      [row("/a", "ha"), row("/b", "hb"), row("/c", "hc"), row("/d", "hd"), row("/old", "hm")].map((r) => [
        r.path,
        r,
      ]),
    );
    const disk = [e("/a"), e("/b", 11), e("/c", 10, 2), e("/new", 5), e("/moved", 7)];
    const hashes = new Map([
      ["/b", "hb2"],
      ["/c", "hc"],
      ["/new", "hn"],
      ["/moved", "hm"],
    ]);
    const p = planSync(disk, rows, hashes);
    expect(p.unchanged).toBe(1);
    expect(p.changed.map((x) => x.path)).toEqual(["/b"]);
    expect(p.touched.map((x) => x.path)).toEqual(["/c"]);
    expect(p.added.map((x) => x.path)).toEqual(["/new"]);
    expect(p.moved).toEqual([{ from: "/old", to: e("/moved", 7) }]);
    expect(p.removed).toEqual(["/d"]);
  });
  it("leaves out a file whose content could not be read (it vanished mid-sync)", async () => {
    const p = planSync([e("/x")], new Map(), new Map());
    expect(p.added).toEqual([]);
  });
});

describe("the derived index", () => {
  it("indexes every scope and source, and finds by name, description and body", async () => {
    const s = setup();
    write(
      s.memoryDir,
      "testing.md",
      topic("testing-no-db-mocks", "Integration tests must hit a real database", "Never mock the DB."),
    );
    write(
      join(s.memoryDir, "team"),
      "deploy.md",
      topic("deploy-freeze", "Deploys freeze on Fridays", "Team rule."),
    );
    write(
      s.userMemoryDir,
      "role.md",
      topic("user-role", "User is a backend engineer", "Prefers Go.", "user"),
    );
    mkdirSync(s.roots.wikiDir as string, { recursive: true });
    write(
      s.roots.wikiDir as string,
      "rate-limits.md",
      "---\ntitle: Rate limits\ntags: [api, quota]\n---\nThe API allows 100 requests per minute.\n",
    );
    write(s.roots.wikiDir as string, "index.md", "generated index mentions requests too\n");
    writeFileSync(
      s.roots.notepad as string,
      "# Notepad\n\n## Priority Context\n- [2026-11-28T10:00:00Z] staging database is read-only today\n\n## Working Memory\n\n## Manual\n",
    );
    const db = openSearchDb(s.dbFile);
    const r = await syncSearchDb(db, s.roots, NOW);
    expect(r).toMatchObject({ added: 5, changed: 0, removed: 0, errors: [] });
    const q = (t: string, filter = {}) =>
      querySearchDb(db, t, { nowMs: NOW, filter: { project: s.roots.project, ...filter } });
    expect(q("database mocks")[0]?.name).toBe("testing-no-db-mocks");
    expect(q("freeze")[0]).toMatchObject({ scope: "team", source: "memories" });
    expect(q("backend engineer")[0]).toMatchObject({ scope: "user", type: "user" });
    expect(q("requests per minute")[0]).toMatchObject({ source: "wiki", name: "Rate limits" });
    expect(q("requests").some((h) => h.path.endsWith("index.md"))).toBe(false);
    expect(q("staging read-only")[0]).toMatchObject({ source: "notes", type: "priority" });
    expect(q("database", { sources: ["notes"] }).every((h) => h.source === "notes")).toBe(true);
    expect(q("database", { types: ["project"] }).map((h) => h.name)).toEqual(["testing-no-db-mocks"]);
    const hit = q("real database")[0] as SearchHit;
    expect(hit.why.terms.length).toBeGreaterThan(0);
    expect(hit.why.fields).toContain("description");
    db.close();
  });

  it("a second sync reads nothing; an edit, a rename and a delete are picked up", async () => {
    const s = setup();
    const a = write(s.memoryDir, "a.md", topic("alpha", "Alpha uses pnpm", "Use pnpm, not npm."));
    write(s.memoryDir, "b.md", topic("beta", "Beta deploys with ArgoCD", "ArgoCD only."));
    const db = openSearchDb(s.dbFile);
    await syncSearchDb(db, s.roots, NOW);
    expect(await syncSearchDb(db, s.roots, NOW)).toMatchObject({ added: 0, changed: 0, unchanged: 2 });
    writeFileSync(a, topic("alpha", "Alpha uses yarn berry", "Use yarn."));
    utimesSync(a, new Date(NOW), new Date(NOW + 5000));
    expect(await syncSearchDb(db, s.roots, NOW)).toMatchObject({ changed: 1 });
    expect(keys(querySearchDb(db, "pnpm", { nowMs: NOW }))).toEqual([]);
    expect(keys(querySearchDb(db, "yarn berry", { nowMs: NOW }))).toEqual([a]);
    utimesSync(a, new Date(NOW), new Date(NOW + 9000));
    expect(await syncSearchDb(db, s.roots, NOW)).toMatchObject({ touched: 1, changed: 0 });
    const moved = join(s.memoryDir, "a-renamed.md");
    renameSync(a, moved);
    expect(await syncSearchDb(db, s.roots, NOW)).toMatchObject({ moved: 1, removed: 0, added: 0 });
    expect(keys(querySearchDb(db, "yarn berry", { nowMs: NOW }))).toEqual([moved]);
    rmSync(moved);
    expect(await syncSearchDb(db, s.roots, NOW)).toMatchObject({ removed: 1 });
    expect(querySearchDb(db, "yarn", { nowMs: NOW })).toEqual([]);
    db.close();
  });

  it("a corrupt topic file is reported and skipped; the others stay searchable", async () => {
    const s = setup();
    for (let i = 0; i < 5; i++)
      write(s.memoryDir, `m${i}.md`, topic(`m${i}`, `kiwi fact number ${i}`, "body"));
    const bad = write(s.memoryDir, "bad.md", "---\nname: [unclosed\ndescription: kiwi\n---\nbody\n");
    const db = openSearchDb(s.dbFile);
    const r = await syncSearchDb(db, s.roots, NOW);
    expect(r.errors.map((e) => e.path)).toEqual([bad]);
    expect(r.errors[0]?.message).toMatch(/expected/);
    expect(querySearchDb(db, "kiwi", { nowMs: NOW }).length).toBe(5);
    expect((await syncSearchDb(db, s.roots, NOW)).errors.map((e) => e.path)).toEqual([bad]);
    writeFileSync(bad, topic("bad", "kiwi fixed", "now fine"));
    utimesSync(bad, new Date(NOW), new Date(NOW + 1000));
    expect((await syncSearchDb(db, s.roots, NOW)).errors).toEqual([]);
    expect(querySearchDb(db, "kiwi", { nowMs: NOW }).length).toBe(6);
    db.close();
  });

  it("deleting the search database and reindexing gives the same results; reindex keeps other projects", async () => {
    const s = setup();
    const words = [
      "rate limiter",
      "auth token refresh",
      "database migration",
      "pnpm workspace",
      "deploy friday",
    ];
    for (const [i, w] of words.entries()) {
      write(
        s.memoryDir,
        `t${i}.md`,
        topic(`t${i}`, `About ${w}`, `Notes on ${w} and more ${words[(i + 1) % 5]}.`),
      );
    }
    const db = openSearchDb(s.dbFile);
    await syncSearchDb(db, s.roots, NOW);
    const other: SourceRoots = { project: "/elsewhere", memoryDir: join(s.root, "other-mem") };
    mkdirSync(other.memoryDir as string);
    write(other.memoryDir as string, "x.md", topic("x", "rate limiter elsewhere", "other project"));
    await syncSearchDb(db, other, NOW);
    const results = (d: typeof db) =>
      words.map((w) => querySearchDb(d, w, { nowMs: NOW, filter: { project: s.roots.project } }));
    const before = results(db);
    await rebuildSearchDb(db, s.roots, NOW);
    expect(results(db)).toEqual(before);
    expect(querySearchDb(db, "elsewhere", { nowMs: NOW }).length).toBe(1);
    db.close();
    rmSync(join(s.root, "home", "index"), { recursive: true });
    const db2 = openSearchDb(s.dbFile);
    await syncSearchDb(db2, s.roots, NOW);
    await syncSearchDb(db2, other, NOW);
    expect(results(db2)).toEqual(before);
    db2.close();
  });

  it("a schema version mismatch drops and rebuilds; a corrupt database file is moved aside", async () => {
    const s = setup();
    write(s.memoryDir, "a.md", topic("alpha", "zebra crossing", "body"));
    let db = openSearchDb(s.dbFile);
    await syncSearchDb(db, s.roots, NOW);
    db.prepare("UPDATE meta SET v = 'old' WHERE k = 'version'").run();
    db.close();
    db = openSearchDb(s.dbFile);
    expect(querySearchDb(db, "zebra", { nowMs: NOW })).toEqual([]);
    expect((await syncSearchDb(db, s.roots, NOW)).added).toBe(1);
    expect(querySearchDb(db, "zebra", { nowMs: NOW }).length).toBe(1);
    expect((db.prepare("SELECT v FROM meta").get() as { v: string }).v.startsWith(`${SCHEMA_VERSION}|`)).toBe(
      true,
    );
    db.close();
    writeFileSync(s.dbFile, "this is not a database, just garbage bytes ".repeat(200));
    rmSync(`${s.dbFile}-wal`, { force: true });
    rmSync(`${s.dbFile}-shm`, { force: true });
    db = openSearchDb(s.dbFile, { nowMs: 42 });
    expect((await syncSearchDb(db, s.roots, NOW)).added).toBe(1);
    expect(statSync(`${s.dbFile}.corrupt-42`).size).toBeGreaterThan(0);
    db.close();
  });

  it("filters by project: another project's memories are not returned, user scope always is", async () => {
    const s = setup();
    write(s.memoryDir, "a.md", topic("alpha", "quokka habitat", "body"));
    write(s.userMemoryDir, "u.md", topic("u", "quokka fan", "body", "user"));
    const db = openSearchDb(s.dbFile);
    await syncSearchDb(db, s.roots, NOW);
    const hits = querySearchDb(db, "quokka", { nowMs: NOW, filter: { project: "/some/other" } });
    expect(hits.map((h) => h.scope)).toEqual(["user"]);
    db.close();
  });

  it("stores no secret or private text even when a hand-edited file holds one", async () => {
    const s = setup();
    write(
      s.memoryDir,
      "a.md",
      topic(
        "alpha",
        "deploy notes",
        "token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB and <private>my diary</private> ok",
      ),
    );
    const db = openSearchDb(s.dbFile);
    await syncSearchDb(db, s.roots, NOW);
    db.close();
    const bytes = Buffer.concat(
      [s.dbFile, `${s.dbFile}-wal`].map((f) => {
        try {
          return readFileSync(f);
        } catch {
          return Buffer.alloc(0);
        }
      }),
    ).toString("latin1");
    expect(bytes).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789AB");
    expect(bytes).not.toContain("my diary");
    expect(bytes).toContain("deploy notes");
  });

  it("four processes syncing the same files at once index each document exactly once", async () => {
    const s = setup();
    for (let i = 0; i < 60; i++) write(s.memoryDir, `m${i}.md`, topic(`m${i}`, `llama fact ${i}`, "body"));
    const child = bundleForChildren("../test/search/fixtures/sync-child.ts");
    try {
      const runs = await Promise.all(
        [0, 1, 2, 3].map(() => runChild(child.file, [JSON.stringify(s.roots), s.dbFile])),
      );
      for (const r of runs) expect(r.code, r.err).toBe(0);
      const added = runs.map((r) => (JSON.parse(r.out) as { added: number }).added);
      expect(added.reduce((a, b) => a + b, 0)).toBe(60);
      const db = openSearchDb(s.dbFile);
      expect((db.prepare("SELECT count(*) n FROM docs").get() as { n: number }).n).toBe(60);
      expect((db.prepare("SELECT count(*) n FROM fts").get() as { n: number }).n).toBe(60);
      expect(querySearchDb(db, "llama", { nowMs: NOW, limit: 100 }).length).toBe(60);
      db.close();
    } finally {
      child.cleanup();
    }
  });
});

describe("index file permissions", () => {
  it("the search database and its WAL are owner-only (they hold session text)", async () => {
    const { statSync } = await import("node:fs");
    const s = setup();
    const db = openSearchDb(s.dbFile);
    db.exec("CREATE TABLE IF NOT EXISTS perm_probe(x)"); // a write: the WAL exists now
    for (const f of [s.dbFile, `${s.dbFile}-wal`]) expect(statSync(f).mode & 0o777, f).toBe(0o600);
    expect(statSync(join(s.dbFile, "..")).mode & 0o077).toBe(0);
    db.close();
  });
});
