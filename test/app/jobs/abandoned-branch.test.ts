/**
 * A rewound branch leaves no memory: the extraction job on a Claude Code transcript where "always use
 * yarn" was rewound and replaced with "always use pnpm" keeps only the pnpm memory, whether the file is
 * read in one pass or the yarn turn was extracted before the rewind arrived (then the yarn memory is
 * withdrawn in a change set of its own, which `memdir undo` reverts). A memory with sources on both
 * branches is kept and flagged.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHistory, runUndo } from "../../../src/app/commands/history.js";
import { projectContext } from "../../../src/app/context.js";
import { runExtractionJob } from "../../../src/app/jobs/extract.js";
import {
  BRANCH_SESSION,
  FIRST_PNPM,
  FIRST_YARN,
  PNPM_TURN,
  YARN_TURN,
} from "../../adapters/claude-code/branch-fixture.js";
import { appSandbox } from "../../helpers/app-sandbox.js";

function setup() {
  const s = appSandbox("memdir-branch-", { sessionMemory: { enabled: false } });
  const ctx = projectContext(s.rt, s.project);
  mkdirSync(ctx.paths.memoryDir, { recursive: true });
  mkdirSync(ctx.paths.userMemoryDir, { recursive: true });
  const transcript = join(s.home, `${BRANCH_SESSION}.jsonl`);
  const extract = () =>
    runExtractionJob(s.rt, {
      kind: "extract",
      cwd: s.project,
      sessionId: BRANCH_SESSION,
      transcriptPath: transcript,
      harness: "claude-code",
    });
  return { ...s, ctx, transcript, extract };
}

/** The text of every topic file of both memory dirs (MEMORY.md left out). */
function memories(ctx: ReturnType<typeof projectContext>): string {
  return [ctx.paths.memoryDir, ctx.paths.userMemoryDir]
    .flatMap((d) =>
      readdirSync(d)
        .filter((f) => f.endsWith(".md") && f !== "MEMORY.md")
        .map((f) => readFileSync(join(d, f), "utf8")),
    )
    .join("\n");
}

const events = (ctx: ReturnType<typeof projectContext>) =>
  readFileSync(ctx.paths.eventsFile, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe.each([
  ["the first prompt rewound", FIRST_YARN, FIRST_PNPM],
  ["a later prompt rewound", YARN_TURN, PNPM_TURN],
])("a rewound branch leaves no memory: %s", (_name, YARN, PNPM) => {
  it("read in one pass: only the pnpm memory", async () => {
    const s = setup();
    writeFileSync(s.transcript, [...YARN, ...PNPM].join(""));
    const [r] = await s.extract();
    expect(r?.error).toBeUndefined();
    const text = memories(s.ctx);
    expect(text).toMatch(/pnpm/);
    expect(text).not.toMatch(/yarn/);
  });

  it("the yarn turn extracted first: the rewind withdraws it, undo brings it back", async () => {
    const s = setup();
    writeFileSync(s.transcript, YARN.join(""));
    const [first] = await s.extract();
    expect(first?.memories).toBeGreaterThan(0);
    const yarn = memories(s.ctx);
    expect(yarn).toMatch(/yarn/);

    appendFileSync(s.transcript, PNPM.join(""));
    s.setClock(s.rt.now() + 60_000);
    const [second] = await s.extract();
    expect(second?.error).toBeUndefined();
    const after = memories(s.ctx);
    expect(after).toMatch(/pnpm/);
    expect(after).not.toMatch(/yarn/);
    for (const d of [s.ctx.paths.memoryDir, s.ctx.paths.userMemoryDir])
      if (readdirSync(d).includes("MEMORY.md"))
        expect(readFileSync(join(d, "MEMORY.md"), "utf8")).not.toMatch(/yarn/);

    const withdrawn = events(s.ctx).find((e) => e.kind === "memory_withdrawn");
    expect(withdrawn).toMatchObject({ reason: "abandoned_branch", deleted: 1, flagged: 0 });
    const sets = runHistory(s.ctx).changeSets;
    const w = sets.find((c) => c.kind === "withdrawal");
    expect(w?.id).toBe(withdrawn?.change_set);
    expect(w?.summary).toMatch(/1 deleted/);

    // The withdrawal is its own change set: undoing it gives the yarn memory back, the pnpm one stays.
    // (The pnpm extraction rewrote MEMORY.md after the withdrawal: undo reports it and rebuilds the index.)
    const u = runUndo(s.ctx, w!.id);
    expect(u.restored.map((f) => f.file)).toContainEqual(expect.stringMatching(/yarn/));
    expect(u.conflicts.map((c) => c.file)).toEqual(["MEMORY.md"]);
    const back = memories(s.ctx);
    expect(back).toMatch(/yarn/);
    expect(back).toMatch(/pnpm/);
    expect(readFileSync(join(s.ctx.paths.memoryDir, "MEMORY.md"), "utf8")).toMatch(/yarn/);
  });

  it("a memory that also has a live source is kept and flagged", async () => {
    const s = setup();
    writeFileSync(s.transcript, YARN.join(""));
    await s.extract();
    // The same memory was learned on the live branch too (another source uuid).
    const path = [s.ctx.paths.memoryDir, s.ctx.paths.userMemoryDir]
      .flatMap((d) => readdirSync(d).map((f) => join(d, f)))
      .find(
        (p) => p.endsWith(".md") && !p.endsWith("MEMORY.md") && readFileSync(p, "utf8").includes("yarn"),
      )!;
    writeFileSync(path, readFileSync(path, "utf8").replace(/sources:\n/, "sources:\n    - live-uuid\n"));
    appendFileSync(s.transcript, PNPM.join(""));
    await s.extract();
    const text = readFileSync(path, "utf8");
    expect(text).toMatch(/yarn/);
    expect(text).toMatch(/abandonedSources:\n\s+- (p2|q1)\n/);
    expect(events(s.ctx).find((e) => e.kind === "memory_withdrawn")).toMatchObject({
      deleted: 0,
      flagged: 1,
    });
  });
});
