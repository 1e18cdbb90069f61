import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_NOW_MS, writeDreamCorpus } from "../../../bench/dream/corpus.js";
import { planOfflineDream } from "../../../src/jobs/dream/offline/index.js";
import type { OfflineDreamInput } from "../../../src/jobs/dream/offline/types.js";
import { tempDir } from "../../helpers/tmp.js";

function input(dir: string, pairs: "candidates" | "all"): OfflineDreamInput {
  const topics = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((file) => ({
      scope: "project" as const,
      file,
      text: readFileSync(join(dir, file), "utf8"),
      mtimeMs: statSync(join(dir, file)).mtimeMs,
    }));
  return {
    mode: "prune",
    nowMs: CORPUS_NOW_MS,
    roots: { project: dir },
    topics,
    indexes: [],
    logDrafts: [],
    pairs,
  };
}

describe("offline dream candidate pairs", () => {
  it("plans exactly what comparing every pair plans, on ~1,000 topic files with planted duplicates and contradictions", () => {
    const dir = join(tempDir(), "memory");
    const truth = writeDreamCorpus(dir, 1000);
    expect(truth.copies + truth.paraphrases).toBeGreaterThan(40);
    const blocked = planOfflineDream(input(dir, "candidates"));
    const all = planOfflineDream(input(dir, "all"));
    expect(blocked.merges.length).toBeGreaterThan(20);
    expect(blocked.deletions.length + blocked.rewrites.length).toBeGreaterThan(0);
    expect(blocked).toEqual(all);
  }, 60_000);
});
