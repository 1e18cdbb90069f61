import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  deleteMemory,
  type MemoryDraft,
  parseIndexLine,
  readTopic,
  rebuildIndex,
  scanTopics,
  upsertMemory,
} from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";

const NOW = Date.UTC(2026, 10, 29, 10, 0, 0);
const md = (dir: string) => readFileSync(join(dir, "MEMORY.md"), "utf8");
const topicFiles = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "MEMORY.md")
    .sort();

const DB: MemoryDraft = {
  type: "feedback",
  name: "testing-no-db-mocks",
  description: "Integration tests must hit a real database, never mocks",
  body: "Integration tests must hit a real database.\n**Why:** a mocked migration passed while prod broke.",
  originSessionId: "s-1",
  sources: ["u1"],
};

describe("upsertMemory", () => {
  it("creates a topic file named after the draft and lists it in MEMORY.md", () => {
    const dir = tempDir();
    const r = upsertMemory(dir, DB, { nowMs: NOW });
    expect(r).toEqual({
      action: "created",
      name: "testing-no-db-mocks",
      path: join(dir, "testing-no-db-mocks.md"),
    });
    const t = readTopic(r.path);
    expect(t).toMatchObject({
      name: "testing-no-db-mocks",
      type: "feedback",
      form: "top-level-type",
      description: DB.description,
      body: DB.body,
    });
    expect(t.metadata).toEqual({ originSessionId: "s-1", sources: ["u1"], updated: "2026-11-29T10:00:00Z" });
    expect(md(dir)).toBe(
      `# Memory Index\n- [testing-no-db-mocks](testing-no-db-mocks.md) — ${DB.description}\n`,
    );
  });

  it("merges a paraphrase into the existing topic instead of creating a near-duplicate", () => {
    const dir = tempDir();
    upsertMemory(dir, DB, { nowMs: NOW });
    const r = upsertMemory(
      dir,
      {
        type: "feedback",
        description: "Integration tests should use a real database instead of mocks",
        body: "Never mock the database in integration tests; use the docker one.",
        sources: ["u2"],
      },
      { nowMs: NOW + 60_000 },
    );
    expect(r.action).toBe("merged");
    expect(topicFiles(dir)).toEqual(["testing-no-db-mocks.md"]);
    const t = readTopic(r.path);
    expect(t.body).toBe(`${DB.body}\n\nNever mock the database in integration tests; use the docker one.`);
    expect(t.metadata.sources).toEqual(["u1", "u2"]);
    expect(t.metadata.updated).toBe("2026-11-29T10:01:00Z");
    expect(t.metadata.originSessionId).toBe("s-1");
    expect(
      md(dir)
        .split("\n")
        .filter((l) => parseIndexLine(l)),
    ).toHaveLength(1);
  });

  it("reports unchanged (and writes nothing) when the fact is already there", () => {
    const dir = tempDir();
    const first = upsertMemory(dir, DB, { nowMs: NOW });
    const before = readFileSync(first.path, "utf8");
    const r = upsertMemory(
      dir,
      { ...DB, name: undefined, body: "integration tests must hit a REAL database" },
      { nowMs: NOW + 1 },
    );
    expect(r).toMatchObject({ action: "unchanged", name: "testing-no-db-mocks" });
    expect(readFileSync(first.path, "utf8")).toBe(before);
  });

  it("keeps distinct facts in separate files and gives a clashing name of another type a unique file", () => {
    const dir = tempDir();
    upsertMemory(dir, DB, { nowMs: NOW });
    const a = upsertMemory(
      dir,
      {
        type: "feedback",
        description: "Run biome check before every commit",
        body: "biome check must pass.",
      },
      { nowMs: NOW },
    );
    const b = upsertMemory(
      dir,
      {
        type: "project",
        name: "testing-no-db-mocks",
        description: "Test database runs in docker compose",
        body: "docker compose up db",
      },
      { nowMs: NOW },
    );
    expect(a).toMatchObject({ action: "created", name: "feedback-run-biome-check-before-every-commit" });
    const long = upsertMemory(
      dir,
      {
        type: "user",
        description: "The user maintains the billing service and the invoicing cron jobs",
        body: "x",
      },
      { nowMs: NOW },
    );
    expect(long.name).toBe("user-the-user-maintains-the-billing-service-and"); // cut at a word, at most 48 characters
    expect(b).toMatchObject({ action: "created", name: "testing-no-db-mocks-2" });
    expect(topicFiles(dir)).toHaveLength(4);
    expect(md(dir).trim().split("\n")).toHaveLength(5);
  });

  it("scrubs private blocks and secrets before anything is written", () => {
    const dir = tempDir();
    const r = upsertMemory(
      dir,
      {
        type: "reference",
        description: "Staging database <private>at 10.0.0.7</private> connection",
        body: "Connect with PASSWORD=hunter2hunter2 <private>my home address</private>\nvia the bastion.",
      },
      { nowMs: NOW },
    );
    const all = readFileSync(r.path, "utf8") + md(dir);
    expect(all).not.toContain("10.0.0.7");
    expect(all).not.toContain("home address");
    expect(all).not.toContain("hunter2hunter2");
    expect(all).toContain("via the bastion.");
  });

  it("validates the type and the text before touching the dir", () => {
    const dir = join(tempDir(), "mem");
    expect(() => upsertMemory(dir, { ...DB, type: "opinion" as never }, { nowMs: NOW })).toThrow(
      expect.objectContaining({ code: "BAD_MEMORY_TYPE" }),
    );
    expect(() =>
      upsertMemory(dir, { type: "user", description: "<private>x</private>", body: "" }, { nowMs: NOW }),
    ).toThrow(expect.objectContaining({ code: "BAD_INPUT" }));
    expect(existsSync(dir)).toBe(false);
  });

  it("merges into a hand-written metadata-type file keeping its form, comments and unknown keys", () => {
    const dir = tempDir();
    const text =
      "---\nname: pkg\ndescription: Use pnpm, not npm, for package installs  # team rule\nmetadata:\n  type: feedback\n  owner: alice\n---\nThis repo installs packages with pnpm.\n";
    writeFileSync(join(dir, "pkg.md"), text);
    const r = upsertMemory(
      dir,
      {
        type: "feedback",
        description: "Always install packages with pnpm instead of npm",
        body: "pnpm is required; npm breaks the lockfile.",
      },
      { nowMs: NOW },
    );
    expect(r).toMatchObject({ action: "merged", name: "pkg" });
    const out = readFileSync(r.path, "utf8");
    expect(out).toContain("# team rule");
    expect(out).toContain("owner: alice");
    expect(out).not.toMatch(/^type:/m);
    expect(readTopic(r.path).body).toBe(
      "This repo installs packages with pnpm.\n\npnpm is required; npm breaks the lockfile.",
    );
  });

  it("keeps the newest entries in MEMORY.md when the dir outgrows the 200-line budget", () => {
    const dir = tempDir();
    for (let i = 0; i < 210; i++) {
      const p = join(dir, `old-${i}.md`);
      writeFileSync(
        p,
        `---\nname: old-${i}\ndescription: old fact ${i}\ntype: project\n---\nold fact ${i}\n`,
      );
      utimesSync(p, 1_000 + i, 1_000 + i);
    }
    expect(rebuildIndex(dir).warning).toMatch(/folded the 12 oldest topics/);
    const r = upsertMemory(
      dir,
      {
        type: "feedback",
        description: "Correction: the API base URL is api.v2.example.com",
        body: "Use api.v2.example.com.",
      },
      { nowMs: NOW },
    );
    expect(r.warning).toMatch(/folded the 13 oldest topics/);
    const index = md(dir);
    expect(index.trimEnd().split("\n")).toHaveLength(200);
    expect(index).toContain(`(${r.name}.md) — Correction: the API base URL`);
    expect(index).toContain("- 13 older topics: see files in this directory");
    expect(index).not.toContain("(old-12.md)");
    expect(index).toContain("(old-13.md)");
  });
});

describe("rebuildIndex / deleteMemory", () => {
  it("rebuilds keeping hand-written order, removing lines to missing files, appending new topics", () => {
    const dir = tempDir();
    for (const n of ["a", "b", "c"])
      writeFileSync(
        join(dir, `${n}.md`),
        `---\nname: ${n}\ndescription: about ${n}\ntype: user\n---\n${n}\n`,
      );
    utimesSync(join(dir, "c.md"), 1, 1);
    writeFileSync(join(dir, "MEMORY.md"), "# Memory Index\n- [B first](b.md) — mine\n- [Z](z.md) — gone\n");
    const r = rebuildIndex(dir);
    expect(r).toMatchObject({ changed: true, listed: ["b.md", "c.md", "a.md"], collapsed: [] });
    expect(md(dir)).toBe(
      "# Memory Index\n- [B first](b.md) — mine\n- [c](c.md) — about c\n- [a](a.md) — about a\n",
    );
    expect(rebuildIndex(dir).changed).toBe(false);
  });

  it("deletes a topic and its index line; an unknown name is reported, a path is refused", () => {
    const dir = tempDir();
    const r = upsertMemory(dir, DB, { nowMs: NOW });
    upsertMemory(
      dir,
      { type: "user", description: "The user is a data engineer", body: "SQL first." },
      { nowMs: NOW },
    );
    expect(deleteMemory(dir, r.name)).toMatchObject({ deleted: true });
    expect(existsSync(r.path)).toBe(false);
    expect(md(dir)).not.toContain(r.name);
    expect(scanTopics(dir).topics).toHaveLength(1);
    expect(deleteMemory(dir, "nope.md").deleted).toBe(false);
    expect(() => deleteMemory(dir, "../etc/passwd")).toThrow(expect.objectContaining({ code: "BAD_PATH" }));
  });
});
