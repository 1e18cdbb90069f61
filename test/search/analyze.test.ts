import Database from "better-sqlite3";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  analyze,
  analyzeQuery,
  FTS_TOKENIZER,
  QUERY_LIMITS,
  stem,
  toFtsMatch,
} from "../../src/search/analyze/index.js";

const db = new Database(":memory:");
db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize='${FTS_TOKENIZER}');
         CREATE VIRTUAL TABLE v USING fts5vocab(t, 'instance');`);
afterAll(() => db.close());
const ins = db.prepare("INSERT INTO t(rowid, body) VALUES (?, ?)");
const vocab = db.prepare("SELECT term FROM v WHERE doc = ? ORDER BY offset");
const search = db.prepare("SELECT rowid FROM t WHERE t MATCH ? ORDER BY rowid");
let nextRow = 1;
/** Inserts analyzed text as a real FTS5 row; returns its rowid. */
function put(text: string): number {
  const id = nextRow++;
  ins.run(id, analyze(text).join(" "));
  return id;
}
function find(query: string): number[] {
  const m = toFtsMatch(analyzeQuery(query));
  return m === null ? [] : (search.all(m) as Array<{ rowid: number }>).map((r) => r.rowid);
}

/** Characters that tend to break tokenizers: case/sigma folding, ligatures, marks, CJK, separators. */
const tricky = [
  ..."ΣσςİıßǅﬁＡａ²Ⅻ'’_-/.:\"*^()用户身份しりとりがド끝말잇기ー\u3099\u0301\u19b0\u1cf2\u200d\ufeff😀\ud800\udc00",
];
const unit = fc.oneof(
  fc.constantFrom(...tricky),
  fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)),
  fc.integer({ min: 0, max: 0x10ffff }).map((n) => String.fromCodePoint(n)),
  fc.constantFrom(..."aZ09 rateLimiter HTTPServer"),
);

describe("analyze", () => {
  it("shares rate + limiter across identifier spellings", () => {
    for (const s of ["rateLimiter", "rate_limiter", "rate-limiter", "RateLimiter", "src/rate/limiter.ts"]) {
      const toks = analyze(s);
      expect(toks).toContain("rate");
      expect(toks).toContain("limiter");
    }
    expect(analyze("rateLimiter")).toEqual(["rate", "limiter", "ratelimiter"]);
    expect(analyze("HTTPServer")).toEqual(["http", "server", "httpserver"]);
  });

  it("folds diacritics, compatibility forms and case; keeps digits", () => {
    expect(analyze("Café NAÏVE Ｆｕｌｌ")).toEqual(["cafe", "naiv", "full"]);
    expect(analyze("2026-03-14")).toEqual(["2026", "03", "14"]);
    expect(analyze("ΣΊΣΥΦΟΣ")).toEqual(["σισυφοσ"]);
  });

  it("drops stopwords and possessives, joins contractions, stems lightly", () => {
    expect(analyze("The cat's toys and what we don't know")).toEqual(["cat", "toi", "know"]);
    expect(analyze("hoping hoped hopes hope")).toEqual(["hope", "hope", "hope", "hope"]);
    expect(analyze("running runs parties")).toEqual(["run", "run", "parti"]);
    expect(stem("caresses")).toBe("caress");
    expect(stem("agreed")).toBe("agre");
  });

  it("turns CJK runs into overlapping bigrams; one character stays a unigram", () => {
    expect(analyze("用户身份")).toEqual(["用户", "户身", "身份"]);
    expect(analyze("しりとり")).toEqual(["しり", "りと", "とり"]);
    expect(analyze("끝말잇기 놀이")).toEqual(["끝말", "말잇", "잇기", "놀이"]);
    expect(analyze("用户ID数据 が")).toEqual(["用户", "id", "数据", "が"]);
    expect(analyze("ドラゴン")).toEqual(["ドラ", "ラゴ", "ゴン"]); // voicing marks kept
  });

  it("emits only tokens that FTS5 reads back unchanged (property, real FTS5 + fts5vocab)", () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (s) => {
        const id = put(s);
        const back = (vocab.all(id) as Array<{ term: string }>).map((r) => r.term);
        expect(back).toEqual(analyze(s));
      }),
      { numRuns: 3000 },
    );
  });

  // A complexity check, not a timing one: quadratic work would be ~100x; 25x leaves room for a loaded machine.
  it("is linear: 1 MB of mixed text takes at most ~25x the time of 100 KB (best of 5)", () => {
    const chunk = "rateLimiter café 用户身份 2026-03-14 Caroline's running dogs ";
    const small = chunk.repeat(Math.ceil(100_000 / chunk.length));
    const big = small.repeat(10);
    const best = (text: string) => {
      let min = Number.POSITIVE_INFINITY;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        analyze(text);
        min = Math.min(min, performance.now() - t);
      }
      return min;
    };
    best(small);
    const tSmall = best(small);
    const tBig = best(big);
    expect(tBig).toBeLessThan(25 * tSmall + 100);
  });
});

describe("analyzeQuery / toFtsMatch", () => {
  it("dedupes terms and makes CJK phrases", () => {
    expect(analyzeQuery("rate limiter rate 用户身份 が")).toEqual({
      terms: ["rate", "limiter", "が"],
      phrases: [["用户", "户身", "身份"]],
    });
    expect(toFtsMatch(analyzeQuery("rate 用户身份"))).toBe('"rate" OR "用户 户身 身份"');
    expect(toFtsMatch(analyzeQuery("the of and"))).toBeNull();
    expect(toFtsMatch({ terms: [], phrases: [] })).toBeNull();
  });

  it("caps a 10 KB query", () => {
    const words = Array.from({ length: 2000 }, (_, i) => `word${i}`).join(" ");
    const t0 = performance.now();
    const q = analyzeQuery(words);
    expect(performance.now() - t0).toBeLessThan(200);
    expect(q.terms.length).toBe(QUERY_LIMITS.maxTerms);
    const cjk = analyzeQuery("用户身份。".repeat(3000) + "しりとり".repeat(100));
    expect(cjk.phrases.length).toBeLessThanOrEqual(QUERY_LIMITS.maxPhrases);
  });

  const nasty = [
    "multi-agent",
    "src/main.py",
    "don't",
    "2026-03-14",
    '"',
    "AND",
    "OR",
    "NOT",
    "NEAR(",
    "*",
    "^",
    ":",
    "(",
    "",
    "x".repeat(10_240),
    "a AND b OR NOT c NEAR(d e, 5) f* ^g col:h",
    "😀🎉",
    "\ud800 lone \udfff surrogates \ud83d",
    "word ".repeat(2048),
  ];
  it.each(nasty.map((s) => [s.slice(0, 30), s]))("never breaks FTS5 MATCH: %j", (_label, s) => {
    const m = toFtsMatch(analyzeQuery(s));
    if (m !== null) expect(() => search.all(m)).not.toThrow();
  });

  it("never breaks FTS5 MATCH on random strings (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 60 }), (s) => {
        const m = toFtsMatch(analyzeQuery(s));
        if (m !== null) search.all(m);
      }),
      { numRuns: 2000 },
    );
  });

  it("finds CJK-only memories by CJK queries and identifiers by their other spellings", () => {
    const zh = put("检查用户身份的函数");
    const ja = put("しりとりをしましょう");
    const ko = put("끝말잇기 게임을 하자");
    const code = put("The rateLimiter lives in src/rate/limiter.ts");
    put("unrelated text about cooking dinner");
    expect(find("用户身份")).toContain(zh);
    expect(find("しりとり")).toContain(ja);
    expect(find("끝말잇기")).toContain(ko);
    expect(find("用户身份")).not.toContain(ja);
    for (const q of ["rate_limiter", "rate-limiter", "RateLimiter", "rateLimiter", "ratelimiter"]) {
      expect(find(q)).toContain(code);
    }
    expect(find("cooking")).not.toContain(code);
  });
});
