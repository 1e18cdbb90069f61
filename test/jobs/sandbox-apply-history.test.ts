/**
 * applyStagedOps with a journal: every store write of a model's staged changes (create, replace,
 * delete, MEMORY.md, user scope) lands in one change set, and undoing it restores both memory dirs
 * byte for byte.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyStagedOps, createMemorySandbox } from "../../src/jobs/sandbox/index.js";
import { commitChangeSet, createJournal, readChangeSet, undoChangeSet } from "../../src/store/index.js";
import { treeHash } from "../store/history-fixture.js";
import { toolsOf, topic, world } from "./sandbox-fixture.js";

const NOW = Date.UTC(2026, 10, 29, 10, 0, 0);

describe("applyStagedOps with a change-set journal", () => {
  it("records every write and undo restores the dirs exactly", async () => {
    const w = world();
    writeFileSync(
      join(w.memory, "old.md"),
      topic("old-rule", "Use yarn for installs", "feedback", "Use yarn."),
    );
    const roots = { project: w.memory, user: w.user };
    const sb = createMemorySandbox({ roots });
    const t = toolsOf(sb);
    await t.memory_read!({ file: "testing.md" });
    await t.memory_edit!({ file: "testing.md", old_string: "prod broke", new_string: "production broke" });
    await t.memory_write!({
      file: "style.md",
      content: topic("style", "Prefer small commits", "feedback", "Small."),
    });
    await t.memory_write!({
      file: "user/lang.md",
      content: topic("lang", "The user writes Go", "user", "Go."),
    });
    await t.memory_read!({ file: "old.md" });
    await t.memory_delete!({ file: "old.md" });
    const before = treeHash(w.memory, w.user);
    const journal = createJournal({ kind: "dream", summary: "model dream", roots, nowMs: NOW });
    const applied = applyStagedOps(sb.staged(), roots, { nowMs: NOW, journal });
    expect(applied.map((a) => a.action)).toEqual(["replaced", "created", "created", "deleted"]);
    const id = commitChangeSet(journal)!;
    const files = readChangeSet(w.memory, id)!.files.map((f) => `${f.scope}/${f.file}`);
    expect(files.sort()).toEqual(
      [
        "project/MEMORY.md",
        "project/old.md",
        "project/style.md",
        "project/testing.md",
        "user/MEMORY.md",
        "user/lang.md",
      ].sort(),
    );
    expect(treeHash(w.memory, w.user)).not.toBe(before);
    expect(undoChangeSet(roots, id, { nowMs: NOW + 1 }).conflicts).toEqual([]);
    expect(treeHash(w.memory, w.user)).toBe(before);
  });
});
