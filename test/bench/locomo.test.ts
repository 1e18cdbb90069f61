import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CATEGORY_NAMES, loadLocomo, parseEvidence, parseSessionDate } from "../../bench/locomo/data.js";
import { runLocomo, turnMemories } from "../../bench/locomo/harness.js";
import { scoreQuestion, table } from "../../bench/locomo/metrics.js";
import { END, START, spliceReport } from "../../bench/locomo/report.js";
import { SHARED_DATA } from "../helpers/tmp.js";

const DATA = join(SHARED_DATA, "locomo", "locomo10.json");

describe("bench/locomo pieces", () => {
  it("parses the malformed evidence ids of locomo10.json", async () => {
    expect(parseEvidence(["D8:6; D9:17"])).toEqual(["D8:6", "D9:17"]);
    expect(parseEvidence(["D:11:26", "D30:05", "D"])).toEqual(["D11:26", "D30:5"]);
    expect(parseEvidence(["D1:3 D1:5", "D1:3"])).toEqual(["D1:3", "D1:5"]);
    expect(parseEvidence([])).toEqual([]);
  });

  it("parses session dates", async () => {
    expect(parseSessionDate("1:56 pm on 8 May, 2023")).toBe(Date.UTC(2023, 4, 8, 13, 56));
    expect(parseSessionDate("12:05 am on 1 January, 2024")).toBe(Date.UTC(2024, 0, 1, 0, 5));
    expect(parseSessionDate("soon")).toBe(0);
  });

  it("scores R@k as the fraction of evidence in the top k, MRR on the first hit", async () => {
    const ranked = Array.from({ length: 50 }, (_, i) => `D1:${i + 1}`);
    const s = scoreQuestion(1, ["D1:3", "D1:20", "D9:9"], ranked, 400, 1);
    expect(s.recall[5]).toBeCloseTo(1 / 3);
    expect(s.recall[25]).toBeCloseTo(2 / 3);
    expect([s.any10, s.all10, s.rr, s.tokens10]).toEqual([1, 0, 1 / 3, 100]);
  });

  it("rewrites only the section between the markers", async () => {
    const a = spliceReport("# Results\n\nhooks table\n", `${START}\nv1\n${END}`);
    expect(a).toBe(`# Results\n\nhooks table\n\n${START}\nv1\n${END}\n`);
    const b = spliceReport(`${a}tail\n`, `${START}\nv2\n${END}`);
    expect(b).toBe(`# Results\n\nhooks table\n\n${START}\nv2\n${END}\ntail\n`);
  });
});

describe.skipIf(!existsSync(DATA))("bench/locomo on one real conversation", () => {
  it("memdir is at or above the plain BM25 baseline", async () => {
    const ds = loadLocomo(DATA);
    expect(ds.sha256).toBe("79fa87e90f04081343b8c8debecb80a9a6842b76a7aa537dc9fdf651ea698ff4");
    expect(ds.conversations.reduce((a, c) => a + c.turns.length, 0)).toBe(5882);
    expect(ds.conversations.reduce((a, c) => a + c.questions.length + c.skippedEmpty, 0)).toBe(1986);
    const conv = ds.conversations[0]!;
    const mems = turnMemories(conv);
    expect(mems[2]).toMatchObject({ source: "D1:3", group: "1", seq: 2 });
    expect(mems[2]!.body).toBe("Caroline: I went to a LGBTQ support group yesterday and it was so powerful.");
    expect(mems.some((m) => m.body.includes(" [shares image: "))).toBe(true);

    const res = await runLocomo([conv], [0]);
    const m = table(res.dev.memdir, CATEGORY_NAMES);
    const b = table(res.dev.baseline, CATEGORY_NAMES);
    expect(m.map((r) => r.n)).toEqual(b.map((r) => r.n));
    const overall14 = 5;
    expect(b[overall14]!.recall[10]).toBeGreaterThan(40);
    m.forEach((r, i) => {
      expect(r.recall[10], r.label).toBeGreaterThanOrEqual(b[i]!.recall[10]!);
    });
    expect(m[overall14]!.recall[10]).toBeGreaterThan(b[overall14]!.recall[10]! + 5);
  });
});
