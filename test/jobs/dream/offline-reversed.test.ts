/**
 * A preference reversed across sessions with no correction cue ("I prefer tabs over spaces", two days
 * later "I prefer spaces over tabs"): the store keeps both (it only supersedes on a cue); the dream
 * finds the contradiction, keeps the newer and records the older in `metadata.supersedes`, so the next
 * session start shows only the current preference.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTopic, upsertMemory } from "../../../src/store/index.js";
import { applyPlanToDirs, planTopics, readDirInput } from "../../helpers/planted-memory.js";
import { tempDir } from "../../helpers/tmp.js";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 2, 10);
const draft = (s: string, date: string) => ({
  type: "feedback" as const,
  description: s,
  body: `${s}.\n**Why:** Stated by the user on ${date} (no reason given).`,
});
const topics = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "MEMORY.md");

describe("a preference reversed in a later session, with no correction cue", () => {
  it.each([
    ["I prefer tabs over spaces", "I prefer spaces over tabs", "tabs over spaces"],
    ["Use pnpm, not yarn", "Use yarn, not pnpm", "pnpm, not yarn"],
  ])("%s → %s: the dream keeps only the newer", (older, newer, gone) => {
    const dir = tempDir();
    upsertMemory(dir, draft(older, "2026-03-02"), { nowMs: T0 });
    upsertMemory(dir, draft(newer, "2026-03-04"), { nowMs: T0 + 2 * DAY });
    expect(topics(dir)).toHaveLength(2);
    const { topics: input, index } = readDirInput(dir);
    const plan = planTopics(input, {
      roots: { project: dir },
      indexes: index.text ? [index as { scope: "project"; text: string }] : [],
      nowMs: T0 + 3 * DAY,
    });
    expect(plan.merges).toEqual([]);
    applyPlanToDirs(plan);
    const left = topics(dir);
    expect(left).toHaveLength(1);
    const t = readTopic(join(dir, left[0]!));
    expect(t.description).toBe(newer);
    expect(`${t.description}\n${t.body}`).not.toContain(gone);
    expect((t.metadata.supersedes as { text: string }[]).map((s) => s.text).join(" ")).toContain(gone);
    const memoryMd = readFileSync(join(dir, "MEMORY.md"), "utf8");
    expect(memoryMd).toContain(newer);
    expect(memoryMd).not.toContain(gone);
  });
});
