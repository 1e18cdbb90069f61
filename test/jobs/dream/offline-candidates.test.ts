import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { corpusInput as input, writeDreamCorpus } from "../../../bench/dream/corpus.js";
import { planOfflineDream } from "../../../src/jobs/dream/offline/index.js";
import { tempDir } from "../../helpers/tmp.js";

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
