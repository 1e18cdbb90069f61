/** addPage: create, update (append/replace), unknown keys, collisions, bad input, privacy, index.md and log.md. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import { withLockSync } from "../../src/core/lock.js";
import {
  addPage,
  appendWikiLog,
  formatWikiLogLine,
  lintWiki,
  listPages,
  parseWikiLogLine,
  readPage,
  rebuildWikiIndex,
  WIKI_LOCK_FILE,
} from "../../src/wiki/index.js";
import { tempDir } from "../helpers/tmp.js";

const T0 = Date.parse("2026-11-29T10:00:00Z");
const T1 = Date.parse("2026-12-01T08:30:00Z");
const read = (dir: string, f: string) => readFileSync(join(dir, f), "utf8");

describe("addPage: create", () => {
  it("writes the page with every field, index.md and a log line", () => {
    const dir = join(tempDir(), "wiki");
    const r = addPage(
      dir,
      {
        title: "Auth flow",
        body: "Login goes through OAuth. See [[Rate Limiter]].",
        tags: ["Security", "oauth"],
        category: "architecture",
        confidence: "high",
        sources: ["https://example.com/rfc", "transcript:3f0c"],
      },
      { nowMs: T0 },
    );
    expect(r).toEqual({ slug: "auth-flow", path: join(dir, "auth-flow.md"), created: true, changed: true });
    expect(read(dir, "auth-flow.md")).toBe(
      [
        "---",
        "title: Auth flow",
        "tags:",
        "  - security",
        "  - oauth",
        "category: architecture",
        "confidence: high",
        "created: 2026-11-29T10:00:00Z",
        "updated: 2026-11-29T10:00:00Z",
        "sources:",
        "  - https://example.com/rfc",
        "  - transcript:3f0c",
        "---",
        "Login goes through OAuth. See [[Rate Limiter]].",
        "",
      ].join("\n"),
    );
    expect(
      read(dir, "log.md")
        .split("\n")
        .filter((l) => l.startsWith("## ")),
    ).toEqual(["## [2026-11-29T10:00:00Z] add | auth-flow | Auth flow"]);
    expect(read(dir, "index.md")).toContain("- [[auth-flow]] — Auth flow (security, oauth)");
    expect(readdirSync(dir).filter((n) => n.endsWith(".tmp") || n === WIKI_LOCK_FILE)).toEqual([]);
  });

  it("defaults confidence to medium, omits a missing category, keeps CJK titles in the slug", () => {
    const dir = tempDir();
    const r = addPage(dir, { title: "用户身份", body: "身份验证流程" }, { nowMs: T0 });
    expect(r.slug).toBe("用户身份");
    const p = readPage(r.path);
    expect(p.confidence).toBe("medium");
    expect(p.category).toBeUndefined();
    expect(p.tags).toEqual([]);
    expect(p.sources).toEqual([]);
  });

  it("gives a colliding slug of another title a suffix, and never takes index or log", () => {
    const dir = tempDir();
    expect(addPage(dir, { title: "C++", body: "a" }, { nowMs: T0 }).slug).toBe("c");
    expect(addPage(dir, { title: "C", body: "b" }, { nowMs: T0 }).slug).toBe("c-2");
    expect(addPage(dir, { title: "C#", body: "c" }, { nowMs: T0 }).slug).toBe("c-3");
    expect(addPage(dir, { title: "Index", body: "d" }, { nowMs: T0 }).slug).toBe("index-2");
    expect(addPage(dir, { title: "Log", body: "e" }, { nowMs: T0 }).slug).toBe("log-2");
    expect(addPage(dir, { title: "?!", body: "f" }, { nowMs: T0 }).slug).toBe("page");
    expect(listPages(dir).pages).toHaveLength(6);
  });
});

describe("addPage: update", () => {
  it("appends by default, unions tags and sources, keeps created, bumps updated", () => {
    const dir = tempDir();
    addPage(dir, { title: "Auth flow", body: "First.", tags: ["a"], sources: ["s1"] }, { nowMs: T0 });
    const r = addPage(
      dir,
      { title: "auth FLOW", body: "Second.", tags: ["b", "a"], sources: ["s2", "s1"] },
      { nowMs: T1 },
    );
    expect(r).toMatchObject({ slug: "auth-flow", created: false, changed: true });
    const p = readPage(r.path);
    expect(p.title).toBe("Auth flow");
    expect(p.body).toBe("First.\n\nSecond.\n");
    expect(p.tags).toEqual(["a", "b"]);
    expect(p.sources).toEqual(["s1", "s2"]);
    expect(p.created).toBe("2026-11-29T10:00:00Z");
    expect(p.updated).toBe("2026-12-01T08:30:00Z");
    expect(read(dir, "log.md")).toContain("## [2026-12-01T08:30:00Z] update | auth-flow | Auth flow\n");
  });

  it("an append the page already contains changes nothing: no write, no log line", () => {
    const dir = tempDir();
    const { path } = addPage(dir, { title: "X", body: "Fact one." }, { nowMs: T0 });
    const before = readFileSync(path, "utf8");
    const log = read(dir, "log.md");
    expect(addPage(dir, { title: "X", body: "Fact one." }, { nowMs: T1 })).toMatchObject({ changed: false });
    expect(readFileSync(path, "utf8")).toBe(before);
    expect(read(dir, "log.md")).toBe(log);
  });

  it("replace mode replaces the body; a given slug renames the title; unknown keys survive", () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, "db.md"),
      "---\ntitle: Database\nowner: team-x\nreview:\n  every: 30d\ncreated: 2025-01-01T00:00:00Z\n---\nOld text.\n",
    );
    const r = addPage(
      dir,
      { title: "Database (Postgres)", body: "New text.", slug: "DB", mode: "replace", confidence: "low" },
      { nowMs: T1 },
    );
    expect(r).toMatchObject({ slug: "db", created: false, changed: true });
    const p = readPage(r.path);
    expect(p.body).toBe("New text.\n");
    expect(p.title).toBe("Database (Postgres)");
    expect(p.confidence).toBe("low");
    expect(p.created).toBe("2025-01-01T00:00:00Z");
    expect(p.data.owner).toBe("team-x");
    expect(p.data.review).toEqual({ every: "30d" });
  });

  it("never overwrites a page that does not parse", () => {
    const dir = tempDir();
    const bad = "---\ntitle: [broken\n---\nprecious\n";
    writeFileSync(join(dir, "notes.md"), bad);
    expect(() => addPage(dir, { title: "Notes", body: "x", slug: "notes" }, { nowMs: T0 })).toThrow(
      /cannot be read/,
    );
    expect(read(dir, "notes.md")).toBe(bad);
    // Without an explicit slug the bad file's name counts as taken.
    expect(addPage(dir, { title: "Notes", body: "x" }, { nowMs: T0 }).slug).toBe("notes-2");
    expect(read(dir, "notes.md")).toBe(bad);
  });
});

describe("addPage: bad input", () => {
  it.each([
    ["no title", { body: "x" }, /title/],
    ["blank title", { title: "  ", body: "x" }, /title/],
    ["all-private title", { title: "<private>secret name</private>", body: "x" }, /title/],
    ["long title", { title: "t".repeat(201), body: "x" }, /title/],
    ["no body", { title: "T" }, /body/],
    ["tags not a list", { title: "T", body: "x", tags: "a,b" }, /tags/],
    ["bad confidence", { title: "T", body: "x", confidence: "sure" }, /confidence/],
    ["bad mode", { title: "T", body: "x", mode: "merge" }, /mode/],
    ["unusable slug", { title: "T", body: "x", slug: "!!" }, /slug/],
    ["reserved slug", { title: "T", body: "x", slug: "index" }, /slug/],
  ])("%s: BAD_INPUT with expected/received/what to do, and nothing written", (_n, input, msg) => {
    const dir = join(tempDir(), "wiki");
    try {
      addPage(dir, input as never, { nowMs: T0 });
      expect.unreachable();
    } catch (e) {
      expect(isMemdirError(e, "BAD_INPUT")).toBe(true);
      expect((e as Error).message).toMatch(msg);
      expect((e as Error).message).toMatch(/expected: .*\n {2}received: .*\n {2}what to do: /);
    }
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
  });

  it("rejects a missing nowMs and a missing dir", () => {
    expect(() => addPage(tempDir(), { title: "T", body: "x" }, {} as never)).toThrow(/nowMs/);
    expect(() => addPage("", { title: "T", body: "x" }, { nowMs: T0 })).toThrow(/wiki dir/);
  });
});

describe("privacy", () => {
  it("a secret or private text in any field never reaches disk", () => {
    const dir = tempDir();
    const token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789";
    const aws = "AKIAQX4GZ7LMB2RT5WNE";
    addPage(
      dir,
      {
        title: `Deploy notes ${token}`,
        body: `Use the key ${aws} here.\n<private>the vault code is 8812</private>\npassword=hunter2hunter2`,
        tags: [token],
        category: `ops ${token}`,
        sources: [`https://user:${token}@example.com/x`],
      },
      { nowMs: T0 },
    );
    addPage(dir, { title: "Second", body: `again ${token}` }, { nowMs: T0 });
    appendWikiLog(dir, { atMs: T0, op: "note", slug: "second", detail: `leak ${token}` });
    const all = readdirSync(dir)
      .map((f) => read(dir, f))
      .join("\n");
    for (const s of [token, aws, "8812", "vault code", "hunter2"]) expect(all).not.toContain(s);
    expect(all).toContain("[REDACTED:");
  });
});

describe("index.md and log.md formats", () => {
  it("index groups by category case-insensitively (Uncategorized last), one line per page by slug, stable bytes", () => {
    const dir = tempDir();
    addPage(dir, { title: "Zeta", body: "z", category: "Architecture", tags: ["x"] }, { nowMs: T0 });
    addPage(dir, { title: "Alpha", body: "a", category: "architecture" }, { nowMs: T0 });
    addPage(dir, { title: "Loose", body: "l" }, { nowMs: T0 });
    addPage(dir, { title: "Beta", body: "b", category: "api", tags: ["http", "rest"] }, { nowMs: T0 });
    writeFileSync(join(dir, "broken.md"), "no frontmatter\n");
    const expected = [
      "# Wiki Index",
      "",
      "<!-- Generated by memdir from the pages in this directory: do not edit, every wiki write rebuilds it. -->",
      "",
      "## api",
      "",
      "- [[beta]] — Beta (http, rest)",
      "",
      "## architecture",
      "",
      "- [[alpha]] — Alpha",
      "- [[zeta]] — Zeta (x)",
      "",
      "## Uncategorized",
      "",
      "- [[loose]] — Loose",
      "",
    ].join("\n");
    expect(read(dir, "index.md")).toBe(expected);
    writeFileSync(join(dir, "index.md"), "hand edit\n");
    const r = rebuildWikiIndex(dir);
    expect(r.changed).toBe(true);
    expect(r.errors.map((e) => e.slug)).toEqual(["broken"]);
    expect(read(dir, "index.md")).toBe(expected);
    expect(rebuildWikiIndex(dir).changed).toBe(false);
  });

  it("log lines round-trip, escape `|` and `\\`, flatten newlines and are only appended", () => {
    const dir = tempDir();
    appendWikiLog(dir, { atMs: T0, op: "add", slug: "a", detail: "A | B \\ C\nD" });
    appendWikiLog(dir, { atMs: T1, op: "delete", slug: "b" });
    const text = read(dir, "log.md");
    expect(text.startsWith("# Wiki Log\n\n<!-- Append-only")).toBe(true);
    const lines = text.split("\n").filter((l) => l.startsWith("## "));
    expect(lines).toEqual([
      "## [2026-11-29T10:00:00Z] add | a | A \\| B \\\\ C D",
      "## [2026-12-01T08:30:00Z] delete | b |",
    ]);
    expect(lines.map(parseWikiLogLine)).toEqual([
      { atMs: T0, op: "add", slug: "a", detail: "A | B \\ C D" },
      { atMs: T1, op: "delete", slug: "b" },
    ]);
    expect(parseWikiLogLine("# Wiki Log")).toBeUndefined();
    expect(() => formatWikiLogLine({ atMs: T0, op: "Add Page", slug: "a" })).toThrow(/op: a lower-case word/);
    expect(() => formatWikiLogLine({ atMs: T0, op: "add", slug: " " })).toThrow(/not valid/);
  });
});

describe("reading never takes the write lock", () => {
  it("readPage, listPages and lintWiki run while another holder has the wiki lock", () => {
    const dir = tempDir();
    const { path } = addPage(dir, { title: "A", body: "[[B]]" }, { nowMs: T0 });
    addPage(dir, { title: "B", body: "[[A]]" }, { nowMs: T0 });
    const started = Date.now();
    withLockSync(join(dir, WIKI_LOCK_FILE), () => {
      expect(readPage(path).title).toBe("A");
      expect(listPages(dir).pages).toHaveLength(2);
      expect(lintWiki(dir, { nowMs: T0 })).toEqual([]);
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    // A writer does wait for it: with a short timeout it gives up.
    withLockSync(join(dir, WIKI_LOCK_FILE), () => {
      expect(() => addPage(dir, { title: "C", body: "c" }, { nowMs: T0, lockTimeoutMs: 50 })).toThrow(
        /could not take the lock/,
      );
    });
  });
});

describe("append is not fooled by text that merely appears inside the page", () => {
  it("appends 'port 80' to a page saying 'Use port 8080', and 'line 1' after 'line 10'", () => {
    const dir = tempDir();
    addPage(dir, { title: "Ports", body: "Use port 8080" }, { nowMs: Date.UTC(2026, 10, 29) });
    const r = addPage(dir, { title: "Ports", body: "port 80" }, { nowMs: Date.UTC(2026, 10, 29) });
    expect(r.changed).toBe(true);
    expect(readPage(r.path).body).toContain("port 80\n");
    addPage(dir, { title: "Lines", body: "line 10" }, { nowMs: 1 });
    expect(addPage(dir, { title: "Lines", body: "line 1" }, { nowMs: 2 }).changed).toBe(true);
    expect(addPage(dir, { title: "Lines", body: "line 1" }, { nowMs: 3 }).changed).toBe(false);
  });
});

describe("the clock is read under the lock", () => {
  it("stamps the page and the log with the time the lock was held, not the time of the call", () => {
    const dir = tempDir();
    const called = Date.UTC(2026, 10, 29, 10, 0, 0);
    const held = Date.UTC(2026, 10, 29, 10, 0, 7);
    const r = addPage(dir, { title: "Clock", body: "text" }, { nowMs: called, clock: () => held });
    expect(readPage(r.path).updated).toBe("2026-11-29T10:00:07Z");
    expect(readFileSync(join(dir, "log.md"), "utf8")).toContain("[2026-11-29T10:00:07Z] add | clock");
  });
});
