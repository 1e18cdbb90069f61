/**
 * The offline dream end to end through the real bin on a planted memory dir (issue 5 "what must be
 * shown"): ≥ 90 % of the duplicates merged, 100 % of the distinct facts kept, the newer side of each
 * contradiction kept, every relative date absolute, MEMORY.md within budget; `memdir undo` then
 * restores both memory dirs byte for byte; `memdir dream --dry-run --json` writes nothing at all.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type RunResult, runBin } from "../../helpers/bin.js";
import { scorePlanted, writePlantedMemory } from "../../helpers/planted-memory.js";
import { tempDir } from "../../helpers/tmp.js";
import { treeHash } from "../../helpers/tree-hash.js";

/** What undo restores: the memory, not the dream's own bookkeeping (lock, history). */
const memoryOnly = (rel: string) =>
  rel === ".history" || rel.startsWith(".consolidate-lock") || rel === ".memdir.lock";

function setup() {
  const home = tempDir("memdir-dream-planted-");
  const project = join(home, "project");
  const memoryDir = join(home, "memory");
  mkdirSync(project, { recursive: true });
  mkdirSync(join(home, ".memdir"), { recursive: true });
  writeFileSync(join(home, ".memdir", "config.json"), JSON.stringify({ harnessLoadsMemoryMd: false }));
  const truth = writePlantedMemory(memoryDir);
  const env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_MEMORY_DIR: memoryDir,
    CLAUDE_PROJECT_DIR: project,
  };
  const bin = (...args: string[]): RunResult => {
    const r = runBin(args, "", env);
    expect(r.status, r.stderr).toBe(0);
    return r;
  };
  const userDir = join(home, ".memdir", "user-memory");
  return { home, memoryDir, userDir, truth, bin };
}

describe("offline dream on a planted memory dir", () => {
  it("dry run: prints the plan with reasons and writes nothing (directory hashes unchanged)", () => {
    const s = setup();
    const before = [treeHash(s.memoryDir), treeHash(s.userDir), treeHash(join(s.home, "project"))];
    const plan = JSON.parse(s.bin("dream", "--dry-run", "--json").stdout);
    expect(plan.engine).toBe("offline");
    expect(plan.merges.length).toBeGreaterThan(0);
    for (const c of [...plan.merges, ...plan.rewrites, ...plan.creates, ...plan.deletions, ...plan.index])
      expect(c.reason).toMatch(/\S/);
    const text = s.bin("dream", "--dry-run").stdout;
    expect(text).toMatch(/^ {2}merge /m);
    expect(text).toMatch(/dry run: nothing was written/);
    expect([treeHash(s.memoryDir), treeHash(s.userDir), treeHash(join(s.home, "project"))]).toEqual(before);
  });

  it("consolidates to the issue's bar, and `memdir undo` restores both memory dirs byte for byte", () => {
    const s = setup();
    const before = [treeHash(s.memoryDir, memoryOnly), treeHash(s.userDir, memoryOnly)];
    const out = JSON.parse(s.bin("dream", "--force", "--json").stdout);
    expect(out.status).toBe("done");
    expect(out.changeSetId).toMatch(/\S/);

    const score = scorePlanted(s.memoryDir, s.truth);
    expect(score.mergedRatio).toBeGreaterThanOrEqual(0.9);
    expect(score.keptRatio).toBe(1);
    expect(score.missingFacts).toEqual([]);
    expect(score.contradictions.length).toBeGreaterThan(0);
    for (const c of score.contradictions) expect(c).toEqual({ newerKept: true, olderGone: true });
    expect(score.relativeDatesLeft).toEqual([]);
    expect(score.index.lines).toBeLessThanOrEqual(200);
    expect(score.index.bytes).toBeLessThanOrEqual(25_000);
    expect(score.index.longLines).toBe(0);
    expect(score.proseKeptRatio).toBe(1);
    expect(score.teamUntouched).toBe(true);

    const history = s.bin("history", "--json").stdout;
    expect(history).toContain(out.changeSetId);
    s.bin("undo");
    expect([treeHash(s.memoryDir, memoryOnly), treeHash(s.userDir, memoryOnly)]).toEqual(before);
    // A second dream right away plans the same consolidation again (undo really brought it all back).
    const again = JSON.parse(s.bin("dream", "--dry-run", "--json").stdout);
    expect(again.merges.length).toBe(out.plan.merges.length);
  });
});
