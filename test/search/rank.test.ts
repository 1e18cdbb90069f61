import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { analyze, analyzeQuery, FTS_TOKENIZER, toFtsMatch } from "../../src/search/analyze/index.js";
import {
  type Candidate,
  FIELD_WEIGHTS,
  rank,
  recencyFactor,
  scopeFactor,
} from "../../src/search/rank/index.js";

const NOW = Date.UTC(2026, 10, 1);
const DAY = 86_400_000;

function cand(docId: number, bm25: number, extra: Partial<Candidate> = {}): Candidate {
  return {
    docId,
    bm25,
    group: null,
    updatedMs: NOW - 5 * 365 * DAY,
    scope: "user",
    fields: { name: "", description: "", body: "rate limiter" },
    ...extra,
  };
}
const q = analyzeQuery("rate limiter");

/** A real FTS5 table with the field weights, as the search database builds it. */
function ftsCandidates(docs: Array<Omit<Candidate, "bm25" | "docId">>, query: string): Candidate[] {
  const db = new Database(":memory:");
  db.exec(`CREATE VIRTUAL TABLE m USING fts5(name, description, body, tokenize='${FTS_TOKENIZER}')`);
  const ins = db.prepare("INSERT INTO m(rowid, name, description, body) VALUES (?, ?, ?, ?)");
  docs.forEach((d, i) => {
    ins.run(i + 1, ...[d.fields.name, d.fields.description, d.fields.body].map((f) => analyze(f).join(" ")));
  });
  const w = FIELD_WEIGHTS;
  const rows = db
    .prepare(
      `SELECT rowid AS id, bm25(m, ${w.name}, ${w.description}, ${w.body}) AS s FROM m WHERE m MATCH ?`,
    )
    .all(toFtsMatch(analyzeQuery(query))) as Array<{ id: number; s: number }>;
  db.close();
  return rows.map((r) => ({ ...docs[r.id - 1]!, docId: r.id, bm25: r.s }));
}

describe("rank", () => {
  it("orders by score, ties by docId, whatever the input order", () => {
    const cs = [cand(7, -2), cand(3, -2), cand(5, -4), cand(1, -1)];
    const ids = rank(q, cs, { nowMs: NOW, limit: 10 }).map((h) => h.docId);
    expect(ids).toEqual([5, 3, 7, 1]);
    expect(rank(q, [...cs].reverse(), { nowMs: NOW, limit: 10 }).map((h) => h.docId)).toEqual(ids);
    expect(rank(q, cs, { nowMs: NOW, limit: 2 }).map((h) => h.docId)).toEqual([5, 3]);
    expect(rank(q, cs, { nowMs: NOW, limit: 0 })).toEqual([]);
    expect(rank(q, [], { nowMs: NOW, limit: 5 })).toEqual([]);
  });

  it("gives name and description matches more weight than body matches (real FTS5 bm25)", () => {
    const docs = [
      { fields: { name: "", description: "", body: "notes on the rate limiter and more words here" } },
      { fields: { name: "rate limiter", description: "", body: "notes and more words here" } },
      { fields: { name: "", description: "the rate limiter", body: "notes and more words here" } },
    ].map((d) => ({ ...d, group: null, updatedMs: 0, scope: "user" }));
    const hits = rank(q, ftsCandidates(docs, "rate limiter"), { nowMs: NOW, limit: 3 });
    expect(hits.map((h) => h.docId)).toEqual([2, 3, 1]);
    expect(hits[0]!.why).toEqual({ terms: ["rate", "limiter"], fields: ["name"] });
    expect(hits[2]!.why).toEqual({ terms: ["rate", "limiter"], fields: ["body"] });
  });

  it("explains CJK phrase matches and partial matches", () => {
    const hits = rank(
      analyzeQuery("用户身份 limiter token"),
      [cand(1, -3, { fields: { name: "检查用户身份", description: "token bucket", body: "" } })],
      { nowMs: NOW, limit: 1 },
    );
    expect(hits[0]!.why).toEqual({ terms: ["token", "用户身份"], fields: ["name", "description"] });
  });

  it("lifts fresh memories a little; data years old is neutral", () => {
    expect(recencyFactor(NOW, NOW)).toBeCloseTo(1.15, 5);
    expect(recencyFactor(NOW - 30 * DAY, NOW)).toBeCloseTo(1.075, 5);
    expect(recencyFactor(NOW - 3 * 365 * DAY, NOW)).toBeCloseTo(1, 9);
    expect(recencyFactor(0, NOW)).toBe(1);
    expect(recencyFactor(NOW + DAY, NOW)).toBeCloseTo(1.15, 5);
    const hits = rank(q, [cand(1, -2), cand(2, -2, { updatedMs: NOW - DAY })], { nowMs: NOW, limit: 2 });
    expect(hits.map((h) => h.docId)).toEqual([2, 1]);
    // A much better old match still beats a fresh weak one.
    const h2 = rank(q, [cand(1, -4), cand(2, -2, { updatedMs: NOW })], { nowMs: NOW, limit: 2 });
    expect(h2.map((h) => h.docId)).toEqual([1, 2]);
  });

  it("ranks project scope above user scope at equal text score", () => {
    expect(scopeFactor("project")).toBeGreaterThan(scopeFactor("user"));
    expect(scopeFactor("something-else")).toBe(1);
    const hits = rank(q, [cand(1, -2), cand(2, -2, { scope: "project" })], { nowMs: NOW, limit: 2 });
    expect(hits.map((h) => h.docId)).toEqual([2, 1]);
  });

  it("lifts documents whose group matches strongly as a whole", () => {
    const cs = [
      cand(1, -3, { group: "lonely" }),
      cand(2, -2.9, { group: "s1" }),
      cand(3, -2.8, { group: "s1" }),
      cand(4, -2.7, { group: "s1" }),
    ];
    expect(rank(q, cs, { nowMs: NOW, limit: 4, groupWeight: 0 }).map((h) => h.docId)).toEqual([1, 2, 3, 4]);
    expect(rank(q, cs, { nowMs: NOW, limit: 4 }).map((h) => h.docId)).toEqual([2, 3, 4, 1]);
  });

  it("lifts the neighbour of a strong match in the same group (seq ± 1)", () => {
    const cs = [
      cand(1, -1, { group: "a", seq: 9 }),
      cand(2, -1, { group: "b", seq: 4 }),
      cand(3, -5, { group: "b", seq: 5 }),
      cand(4, -1, { group: "b", seq: 7 }),
    ];
    const opts = { nowMs: NOW, limit: 4, groupWeight: 0 };
    expect(rank(q, cs, opts).map((h) => h.docId)).toEqual([3, 2, 1, 4]);
    expect(rank(q, cs, { ...opts, neighbourWeight: 0 }).map((h) => h.docId)).toEqual([3, 1, 2, 4]);
    // Same seq in another group is no neighbour.
    const other = [cand(1, -5, { group: "x", seq: 5 }), cand(2, -1, { group: "y", seq: 4 }), cand(3, -1.01)];
    expect(rank(q, other, opts).map((h) => h.docId)).toEqual([1, 3, 2]);
  });
});
