import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { NOW_MS, plantedIndex, topic, writeCorpus } from "../../bench/search/generate.js";
import { runSize } from "../../bench/search/measure.js";
import { makeQueries } from "../../bench/search/queries.js";
import { scanQuery } from "../../bench/search/scan.js";
import { parseTopic } from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";

describe("bench/search corpus", () => {
  it("is deterministic and in the memdir topic format", () => {
    expect(topic(7).text).toBe(topic(7).text);
    expect(topic(7).text).not.toBe(topic(8).text);
    const dir = join(tempDir(), "memory");
    const files = writeCorpus(dir, 40);
    expect(new Set(files).size).toBe(40);
    for (const f of files) {
      const t = parseTopic(readFileSync(join(dir, f), "utf8"), join(dir, f), NOW_MS);
      expect(`${t.name}.md`).toBe(f);
      expect(t.description.length).toBeGreaterThan(0);
      expect(typeof t.metadata.originSessionId).toBe("string");
    }
  });

  it("plants each unique token in exactly one file", () => {
    const dir = join(tempDir(), "memory");
    const files = writeCorpus(dir, 200);
    const hits = scanQuery(dir, "zqplant03", 5);
    expect(hits.map((h) => h.file)).toEqual([files[plantedIndex(3, 200)]]);
  });
});

describe("bench/search at 1k files", () => {
  it("index and scan agree on the planted files; queries the scan answers have index hits", async () => {
    const queries = makeQueries(60);
    const r = await runSize(1000, { queries, rounds: 1, scanQueries: queries.length, parent: tempDir() });
    expect(r.syncErrors).toBe(0);
    const [indexOk, pure] = r.checks.plantedIndex;
    expect(pure).toBeGreaterThan(0);
    expect(indexOk).toBe(pure);
    expect(r.checks.plantedScan).toEqual(r.checks.plantedIndex);
    // Every query the plain word scan answers, the search database (stemming, identifier splitting) answers too.
    queries.forEach((q, i) => {
      if (r.scanTop[i]!.length > 0) expect(r.indexTop[i], q.text).not.toEqual([]);
    });
    // Made-up words are in no file: both come back empty.
    queries.forEach((q, i) => {
      if (q.kind === "miss") {
        expect(r.indexTop[i], q.text).toEqual([]);
        expect(r.scanTop[i], q.text).toEqual([]);
      }
    });
    expect(r.query.n).toBe(queries.length);
    expect(r.query.p50).toBeGreaterThan(0);
  });
});
