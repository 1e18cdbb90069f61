/**
 * `memdir history` / `memdir undo` through the app: a real extraction run (the job, in-process, in a
 * temp home) is one change set of kind "extraction", and undoing it gives both memory dirs back byte
 * for byte, hand-written memories included. A run on a real transcript that stores nothing records
 * nothing.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHistory, runUndo } from "../../../src/app/commands/history.js";
import { projectContext } from "../../../src/app/context.js";
import { runExtractionJob } from "../../../src/app/jobs/extract.js";
import { formatHistory, formatUndo } from "../../../src/cli/format/history.js";
import { readChangeSet } from "../../../src/store/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";
import { EXAMPLE_SESSION as EXAMPLE, EXAMPLE_SESSION_ID as SESSION } from "../../helpers/example.js";
import { TRANSCRIPTS_DIR } from "../../helpers/tmp.js";
import { listTree, treeHash } from "../../store/history-fixture.js";

function setup() {
  const s = appSandbox("memdir-history-app-", { sessionMemory: { enabled: false } });
  const ctx = projectContext(s.rt, s.project);
  const { memoryDir, userMemoryDir } = ctx.paths;
  mkdirSync(memoryDir, { recursive: true });
  mkdirSync(userMemoryDir, { recursive: true });
  // Hand-written memories an undo must not touch (CRLF, no trailing newline).
  writeFileSync(
    join(memoryDir, "handwritten.md"),
    "---\r\nname: handwritten\r\ndescription: Release notes go in CHANGELOG.md\r\ntype: project\r\n---\r\nKeep a changelog.",
  );
  writeFileSync(
    join(memoryDir, "MEMORY.md"),
    "# Memory Index\n- [handwritten](handwritten.md) — Release notes go in CHANGELOG.md\n",
  );
  return { ...s, ctx, memoryDir, userMemoryDir };
}

describe("history and undo of an extraction run", () => {
  it("records the run as one change set and undo removes exactly what it wrote", async () => {
    const s = setup();
    const transcript = join(s.home, "session.jsonl");
    copyFileSync(EXAMPLE, transcript);
    const before = treeHash(s.memoryDir, s.userMemoryDir);
    const filesBefore = new Set(listTree(s.memoryDir));

    const [r] = await runExtractionJob(s.rt, {
      kind: "extract",
      cwd: s.project,
      sessionId: SESSION,
      transcriptPath: transcript,
    });
    expect(r?.memories).toBeGreaterThan(0);
    expect(r?.changeSet).toBeDefined();
    const id = r!.changeSet!;

    const view = runHistory(s.ctx);
    expect(view.changeSets).toHaveLength(1);
    expect(view.changeSets[0]).toMatchObject({ id, kind: "extraction" });
    expect(view.changeSets[0]!.summary).toMatch(
      new RegExp(`^extraction of session ${SESSION}: \\d+ created`),
    );
    expect(formatHistory(view)).toContain(id);
    // The change set holds exactly the files the run added or changed, in both scopes.
    const cs = readChangeSet(s.memoryDir, id)!;
    const added = listTree(s.memoryDir).filter((f) => !filesBefore.has(f));
    const recorded = cs.files.filter((f) => f.scope === "project").map((f) => f.file);
    expect(recorded.sort()).toEqual([...added, "MEMORY.md"].sort());
    expect(cs.files.some((f) => f.scope === "user")).toBe(true);
    const event = readFileSync(s.ctx.paths.eventsFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((e) => e.kind === "extraction");
    expect(event?.change_set).toBe(id);

    const u = runUndo(s.ctx, undefined);
    expect(u.target.id).toBe(id);
    expect(u.conflicts).toEqual([]);
    expect(treeHash(s.memoryDir, s.userMemoryDir)).toBe(before);
    expect(formatUndo(u)).toContain(`undid ${id}`);
    expect(formatUndo(u)).toContain(`to redo: memdir undo ${u.undoId}`);
    expect(formatHistory(runHistory(s.ctx))).toContain(`[undone by ${u.undoId}]`);
  });

  it("a run over a real transcript that stores nothing records no change set", async () => {
    const s = setup();
    const transcript = join(s.home, "short.jsonl");
    copyFileSync(join(TRANSCRIPTS_DIR, "short.jsonl"), transcript);
    const before = treeHash(s.memoryDir, s.userMemoryDir);
    const [r] = await runExtractionJob(s.rt, {
      kind: "extract",
      cwd: s.project,
      sessionId: "real-short",
      transcriptPath: transcript,
    });
    expect(r?.error).toBeUndefined();
    expect(r?.memories).toBe(0);
    expect(r?.changeSet).toBeUndefined();
    expect(runHistory(s.ctx).changeSets).toEqual([]);
    expect(treeHash(s.memoryDir, s.userMemoryDir)).toBe(before);
    expect(() => runUndo(s.ctx, undefined)).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
  });
});
