/**
 * applyStagedOps: staged model changes written through the store (lock, re-read, merge, atomic,
 * MEMORY.md), never overwriting a file changed since the model read it, never writing outside the
 * memory dir, never writing a secret; idempotent.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyStagedOps, createMemorySandbox, type StagedOp } from "../../src/jobs/sandbox/index.js";
import { readTopic, topicHash, upsertMemory } from "../../src/store/index.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { allText, OUTSIDE_TEXT, TESTING, TOKEN, toolsOf, topic, treeHash, world } from "./sandbox-fixture.js";

const NOW = Date.UTC(2026, 10, 29, 10, 0, 0);
const OLD = topic("old-rule", "Use yarn for installs", "feedback", "Use yarn.");
const STYLE = topic(
  "style",
  "Prefer small focused commits",
  "feedback",
  "Small commits.\n**Why:** easy review.",
);

function setup() {
  const w = world();
  writeFileSync(join(w.memory, "old.md"), OLD);
  const roots = { project: w.memory, user: w.user };
  const sb = createMemorySandbox({ roots });
  return { ...w, roots, sb, t: toolsOf(sb) };
}

describe("applyStagedOps", () => {
  it("creates, replaces and deletes through the store and keeps MEMORY.md in step", async () => {
    const { memory, roots, sb, t } = setup();
    await t.memory_read!({ file: "testing.md" });
    await t.memory_edit!({ file: "testing.md", old_string: "prod broke", new_string: "production broke" });
    await t.memory_write!({ file: "feedback_style.md", content: STYLE });
    await t.memory_read!({ file: "old.md" });
    await t.memory_delete!({ file: "old.md" });
    const r = applyStagedOps(sb.staged(), roots, { nowMs: NOW, originSessionId: "s-9", sources: ["u7"] });
    expect(r).toEqual([
      {
        op: "write",
        scope: "project",
        file: "testing.md",
        action: "replaced",
        path: join(memory, "testing.md"),
      },
      {
        op: "write",
        scope: "project",
        file: "feedback_style.md",
        action: "created",
        path: join(memory, "feedback-style.md"),
        reason: "stored in feedback-style.md",
      },
      { op: "delete", scope: "project", file: "old.md", action: "deleted", path: join(memory, "old.md") },
    ]);
    expect(readTopic(join(memory, "testing.md")).body).toContain("production broke");
    expect(readTopic(join(memory, "testing.md")).metadata).toMatchObject({
      sources: ["u7"],
      updated: "2026-11-29T10:00:00Z",
    });
    const created = readTopic(join(memory, "feedback-style.md"));
    expect(created).toMatchObject({ type: "feedback", description: "Prefer small focused commits" });
    expect(created.metadata).toMatchObject({ originSessionId: "s-9", sources: ["u7"] });
    expect(existsSync(join(memory, "old.md"))).toBe(false);
    const index = readFileSync(join(memory, "MEMORY.md"), "utf8");
    expect(index).toContain("(feedback-style.md) — Prefer small focused commits");
    expect(index).toContain("(testing.md)");
    expect(index).not.toContain("old.md");
  });

  it("merges into a file a live session changed after the model read it, never overwriting", async () => {
    const { memory, roots, sb, t } = setup();
    await t.memory_read!({ file: "testing.md" });
    await t.memory_read!({ file: "old.md" });
    const body =
      "Integration tests must hit a real database.\n**Why:** a mocked migration passed while prod broke.\n\nSeed data lives in test/fixtures.";
    await t.memory_write!({
      file: "testing.md",
      content: topic("testing-no-db-mocks", "Model's rewritten description", "feedback", body),
    });
    await t.memory_delete!({ file: "old.md" });
    // The live session writes through the store meanwhile.
    upsertMemory(
      memory,
      {
        type: "feedback",
        name: "testing",
        description: "tests",
        body: "Run the docker compose database first.",
      },
      { nowMs: NOW - 1000 },
    );
    writeFileSync(join(memory, "old.md"), `${OLD}\nStill used by CI.\n`);
    const live = readFileSync(join(memory, "testing.md"), "utf8");
    expect(live).toContain("docker compose");
    const r = applyStagedOps(sb.staged(), roots, { nowMs: NOW });
    expect(r[0]).toMatchObject({
      action: "merged",
      reason: expect.stringMatching(/nothing was overwritten/),
    });
    expect(r[1]).toMatchObject({ action: "skipped", reason: expect.stringMatching(/changed on disk/) });
    const t2 = readTopic(join(memory, "testing.md"));
    expect(t2.body).toContain("Run the docker compose database first.");
    expect(t2.body).toContain("Seed data lives in test/fixtures.");
    expect(t2.body.match(/Integration tests must hit a real database\./g)).toHaveLength(1);
    expect(t2.description).toBe("Integration tests must hit a real database");
    expect(readFileSync(join(memory, "old.md"), "utf8")).toContain("Still used by CI.");
  });

  it("does not re-create a file deleted after the model read it", async () => {
    const { memory, roots, sb, t } = setup();
    await t.memory_read!({ file: "old.md" });
    await t.memory_edit!({ file: "old.md", old_string: "Use yarn.", new_string: "Use pnpm." });
    rmSync(join(memory, "old.md"));
    const [r] = applyStagedOps(sb.staged(), roots, { nowMs: NOW });
    expect(r).toMatchObject({
      action: "skipped",
      reason: expect.stringMatching(/deleted after the model read it/),
    });
    expect(existsSync(join(memory, "old.md"))).toBe(false);
  });

  it("a new file merges into the same-named topic a live session created meanwhile", async () => {
    const { memory, roots, sb, t } = setup();
    await t.memory_write!({ file: "style.md", content: STYLE });
    upsertMemory(
      memory,
      { type: "feedback", name: "style", description: "Commit style", body: "Sign commits." },
      { nowMs: NOW },
    );
    const [r] = applyStagedOps(sb.staged(), roots, { nowMs: NOW });
    expect(r).toMatchObject({ action: "merged", path: join(memory, "style.md") });
    const body = readTopic(join(memory, "style.md")).body;
    expect(body).toContain("Sign commits.");
    expect(body).toContain("Small commits.");
  });

  it("a new file that another writer created under the same name meanwhile gets the draft merged in", async () => {
    const { memory, roots, sb, t } = setup();
    await t.memory_write!({ file: "feedback_style.md", content: STYLE });
    const theirs = topic("feedback_style", "Commit style", "project", "Sign every commit.");
    writeFileSync(join(memory, "feedback_style.md"), theirs);
    const [r] = applyStagedOps(sb.staged(), roots, { nowMs: NOW });
    expect(r).toMatchObject({ action: "merged", reason: expect.stringMatching(/created by another writer/) });
    const merged = readTopic(join(memory, "feedback_style.md"));
    expect(merged).toMatchObject({ type: "project", description: "Commit style" });
    expect(merged.body).toBe("Sign every commit.\n\nSmall commits.\n**Why:** easy review.");
    expect(existsSync(join(memory, "feedback-style.md"))).toBe(false);
  });

  it("is idempotent: applying the same ops again changes nothing", async () => {
    const { parent, roots, sb, t } = setup();
    await t.memory_read!({ file: "testing.md" });
    await t.memory_edit!({ file: "testing.md", old_string: "prod broke", new_string: "production broke" });
    await t.memory_write!({ file: "style.md", content: STYLE });
    await t.memory_write!({
      file: "user/pref.md",
      content: topic("pref", "Prefers terse answers", "user", "Be terse."),
    });
    await t.memory_read!({ file: "old.md" });
    await t.memory_delete!({ file: "old.md" });
    const ops = sb.staged();
    const first = applyStagedOps(ops, roots, { nowMs: NOW, sources: ["u1"] });
    expect(first.map((r) => r.action)).toEqual(["replaced", "created", "created", "deleted"]);
    const after = treeHash(parent);
    const second = applyStagedOps(ops, roots, { nowMs: NOW + 60_000, sources: ["u1"] });
    expect(second.map((r) => r.action)).toEqual(["unchanged", "unchanged", "unchanged", "skipped"]);
    expect(treeHash(parent)).toEqual(after);
  });

  it("never writes a planted secret or <private> text to disk", async () => {
    const { parent, roots, sb, t } = setup();
    const leaky = (name: string) =>
      topic(
        name,
        `Deploy token ${TOKEN}`,
        "project",
        `Deploy with ${TOKEN}.\n\n<private>\nclient ACME\n</private>\n\nUse CI.`,
      );
    await t.memory_write!({ file: "deploy.md", content: leaky("deploy") });
    await t.memory_read!({ file: "testing.md" });
    await t.memory_write!({ file: "testing.md", content: leaky("testing-no-db-mocks") });
    await t.memory_write!({ file: "user/leak.md", content: leaky("leak") });
    const r = applyStagedOps(sb.staged(), roots, { nowMs: NOW, sources: [TOKEN] });
    expect(r.map((x) => x.action)).toEqual(["created", "replaced", "created"]);
    const text = allText(parent);
    expect(text).toContain("Use CI.");
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("ACME");
  });

  it("skips hand-made ops that break the path rules; nothing outside (or inside) changes", () => {
    const { parent, memory, outside, roots } = setup();
    const content = topic("x", "x", "project", "x");
    const before = treeHash(parent);
    const hashOutside = topicHash(OUTSIDE_TEXT);
    const bad: StagedOp[] = [
      { op: "write", scope: "project", file: "../x.md", content },
      { op: "write", scope: "project", file: "../../x", content },
      { op: "write", scope: "project", file: "/etc/passwd", content },
      { op: "write", scope: "project", file: "a/../../x.md", content },
      { op: "write", scope: "project", file: "link.md", content, baseHash: hashOutside },
      { op: "write", scope: "project", file: "linkdir/secret.md", content, baseHash: hashOutside },
      { op: "write", scope: "project", file: "inner-link.md", content, baseHash: topicHash(TESTING) },
      { op: "write", scope: "project", file: "team/x.md", content },
      { op: "write", scope: "project", file: "MEMORY.md", content },
      { op: "write", scope: "project", file: ".consolidate-lock", content },
      { op: "write", scope: "project", file: "user/x.md", content },
      { op: "write", scope: "user", file: "../memory/x.md", content },
      { op: "write", scope: "other" as "user", file: "x.md", content },
      { op: "delete", scope: "project", file: "link.md", baseHash: hashOutside },
      { op: "delete", scope: "project", file: "linkdir/secret.md", baseHash: hashOutside },
      { op: "delete", scope: "project", file: "MEMORY.md", baseHash: "x" },
      { op: "write", scope: "project", file: "notopic.md", content: "no frontmatter" },
    ];
    const r = applyStagedOps(bad, roots, { nowMs: NOW });
    expect(r).toHaveLength(bad.length);
    for (const x of r)
      expect(x, `${x.op} ${x.file}`).toMatchObject({ action: "skipped", reason: expect.any(String) });
    expect(treeHash(parent)).toEqual(before);
    const noUser = applyStagedOps(
      [{ op: "write", scope: "user", file: "x.md", content }],
      { project: memory },
      { nowMs: NOW },
    );
    expect(noUser[0]).toMatchObject({
      action: "skipped",
      reason: expect.stringMatching(/no user memory dir/),
    });
    expect(readFileSync(join(outside, "secret.md"), "utf8")).toBe(OUTSIDE_TEXT);
  });
});

describe("applyStagedOps against a live writer in another process", () => {
  let built: ReturnType<typeof bundleForChildren>;
  beforeAll(() => {
    built = bundleForChildren("store/index.ts");
  });
  afterAll(() => built.cleanup());

  it("checks the base hash under the dir lock: a change made while it waits is merged, not overwritten", async () => {
    const { memory, roots, sb, t } = setup();
    await t.memory_read!({ file: "testing.md" });
    await t.memory_edit!({ file: "testing.md", old_string: "prod broke", new_string: "production broke" });
    const ready = join(memory, "..", "child-ready");
    const script = join(built.dir, "hold.cjs");
    // The child takes the store lock, says so, waits, then changes the file before releasing.
    writeFileSync(
      script,
      `const store = require(process.argv[2]);
const fs = require("node:fs");
const [dir, ready] = [process.argv[3], process.argv[4]];
store.withStoreLock(dir, () => {
  fs.writeFileSync(ready, "1");
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 400);
  const p = dir + "/testing.md";
  fs.writeFileSync(p, fs.readFileSync(p, "utf8") + "\\nAdded by the live session.\\n");
});`,
    );
    const child = runChild(script, [built.file, memory, ready]);
    const deadline = Date.now() + 10_000;
    while (!existsSync(ready) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(existsSync(ready)).toBe(true);
    const [r] = applyStagedOps(sb.staged(), roots, { nowMs: NOW });
    expect(await child).toMatchObject({ code: 0 });
    expect(r).toMatchObject({ action: "merged" });
    const body = readTopic(join(memory, "testing.md")).body;
    expect(body).toContain("Added by the live session.");
    expect(body).toContain("production broke");
  });
});
