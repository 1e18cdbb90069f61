import { cpSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { planOfflineDream } from "../../../src/jobs/dream/offline/index.js";
import type { OfflineDreamInput } from "../../../src/jobs/dream/offline/types.js";
import type { DreamMode } from "../../../src/jobs/dream/plan/types.js";
import {
  applyPlanToDirs,
  type PlantedTruth,
  readDirInput,
  scorePlanted,
  writePlantedMemory,
} from "../../helpers/planted-memory.js";
import { tempDir } from "../../helpers/tmp.js";

function inputOf(dir: string, truth: PlantedTruth, mode: DreamMode, nowMs = truth.nowMs): OfflineDreamInput {
  const { topics, index } = readDirInput(dir);
  return { mode, nowMs, roots: { project: dir }, topics, indexes: [index], logDrafts: [] };
}

function planted() {
  const dir = join(tempDir(), "memory");
  return { dir, truth: writePlantedMemory(dir) };
}

describe("offline dream on the planted memory dir", () => {
  it("prune: merges ≥ 90% of duplicates, keeps every fact and the newer side, no relative date, index in budget", () => {
    const { dir, truth } = planted();
    const before = scorePlanted(dir, truth);
    expect(before.mergedRatio).toBe(0);
    expect(before.relativeDatesLeft.length).toBeGreaterThanOrEqual(6);
    expect(before.index.lines).toBeGreaterThan(200);
    expect(before.index.longLines).toBe(2);

    const plan = planOfflineDream(inputOf(dir, truth, "prune"));
    expect(JSON.parse(JSON.stringify(plan))).toEqual(plan);
    expect(Object.keys(plan.seen).some((k) => k.includes("team/"))).toBe(false);
    expect(plan.notes).toContain(
      "left project/team/team-style.md alone: only plain <name>.md files of the memory dir are consolidated",
    );
    applyPlanToDirs(plan);
    const s = scorePlanted(dir, truth);
    expect(s.duplicates).toBe(11);
    expect(s.mergedRatio).toBeGreaterThanOrEqual(0.9);
    expect(s.missingFacts).toEqual([]);
    expect(s.keptRatio).toBe(1);
    expect(s.contradictions).toEqual([
      { newerKept: true, olderGone: true },
      { newerKept: true, olderGone: true },
    ]);
    expect(s.relativeDatesLeft).toEqual([]);
    expect(s.index.lines).toBeLessThanOrEqual(200);
    expect(s.index.bytes).toBeLessThanOrEqual(25_000);
    expect(s.index.longLines).toBe(0);
    expect(s.proseKeptRatio).toBe(1);
    expect(s.staleGone).toBe(true);
    expect(s.teamUntouched).toBe(true);
  });

  it("reflect: same guarantees, expired topics left alone", () => {
    const { dir, truth } = planted();
    const plan = planOfflineDream(inputOf(dir, truth, "reflect"));
    applyPlanToDirs(plan);
    const s = scorePlanted(dir, truth);
    expect(s.mergedRatio).toBeGreaterThanOrEqual(0.9);
    expect(s.keptRatio).toBe(1);
    expect(s.contradictions.every((c) => c.newerKept && c.olderGone)).toBe(true);
    expect(s.relativeDatesLeft).toEqual([]);
    expect(s.index.lines).toBeLessThanOrEqual(200);
    expect(s.proseKeptRatio).toBe(1);
    expect(s.staleGone).toBe(false);
  });

  it("is deterministic: same input (in any order) → same JSON", () => {
    const { dir, truth } = planted();
    const input = inputOf(dir, truth, "prune");
    const a = JSON.stringify(planOfflineDream(input));
    expect(JSON.stringify(planOfflineDream(input))).toBe(a);
    const shuffled = { ...input, topics: [...input.topics].reverse() };
    expect(JSON.stringify(planOfflineDream(shuffled))).toBe(a);
    const copy = join(tempDir(), "memory");
    cpSync(dir, copy, { recursive: true });
    const again = planOfflineDream({ ...inputOf(copy, truth, "prune"), roots: { project: dir } });
    expect(JSON.stringify(again)).toBe(a);
  });

  it("is idempotent: a second dream over the result plans nothing", () => {
    const { dir, truth } = planted();
    applyPlanToDirs(planOfflineDream(inputOf(dir, truth, "prune")));
    const second = planOfflineDream(inputOf(dir, truth, "prune", truth.nowMs + 86_400_000));
    expect({
      merges: second.merges,
      rewrites: second.rewrites,
      creates: second.creates,
      deletions: second.deletions,
      index: second.index,
    }).toEqual({ merges: [], rewrites: [], creates: [], deletions: [], index: [] });
  });
});
