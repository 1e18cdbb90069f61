/** lintWiki finds each kind and no false ones; scorePages ranks by keyword and tag matches. */
import { readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { addPage, type LintFinding, lintWiki, listPages, scorePages } from "../../src/wiki/index.js";
import { tempDir } from "../helpers/tmp.js";

const DAY = 86_400_000;
const T0 = Date.parse("2026-11-29T10:00:00Z");
const kinds = (f: LintFinding[]) => f.map((x) => `${x.kind}:${x.slug}`);

/** Three pages linking in a ring (by slug, by title, by label form): a clean wiki. */
function ring(dir: string, nowMs = T0): void {
  addPage(dir, { title: "Alpha", body: "Links to [[beta]]." }, { nowMs });
  addPage(dir, { title: "Beta", body: "Links to [[Gamma Ray|the third]]." }, { nowMs });
  addPage(dir, { title: "Gamma Ray", body: "Back to [[ALPHA#Intro]]." }, { nowMs });
}

describe("lintWiki", () => {
  it("a clean wiki has no findings (index.md links do not count, but none are needed)", () => {
    const dir = tempDir();
    ring(dir);
    expect(readFileSync(join(dir, "index.md"), "utf8")).toContain("[[alpha]]");
    expect(lintWiki(dir, { nowMs: T0 + 89 * DAY })).toEqual([]);
    expect(lintWiki(join(dir, "none"), { nowMs: T0 })).toEqual([]);
  });

  it("orphan: a page only index.md or itself links to", () => {
    const dir = tempDir();
    ring(dir);
    addPage(dir, { title: "Lonely", body: "I link to [[Lonely]] and [[alpha]]." }, { nowMs: T0 });
    const f = lintWiki(dir, { nowMs: T0 });
    expect(kinds(f)).toEqual(["orphan:lonely"]);
    expect(f[0]).toMatchObject({ path: join(dir, "lonely.md"), message: "no page links to lonely" });
    expect(f[0]?.hint).toContain("[[lonely]]");
  });

  it("broken-link: once per page and target, code spans excluded", () => {
    const dir = tempDir();
    ring(dir);
    addPage(
      dir,
      {
        title: "Delta",
        body: "[[Nowhere]] twice [[Nowhere]], [[also missing|x]], `[[in code]]`, [[alpha]].",
      },
      { nowMs: T0 },
    );
    addPage(dir, { title: "Eps", body: "[[delta]]" }, { nowMs: T0 });
    const f = lintWiki(dir, { nowMs: T0 });
    expect(kinds(f)).toEqual(["broken-link:delta", "broken-link:delta", "orphan:eps"]);
    expect(f[0]?.message).toBe("[[Nowhere]] points at no page");
    expect(f[1]?.message).toBe("[[also missing|x]] points at no page");
  });

  it("stale: updated older than staleDays (default 90); the file time counts when there is no `updated`", () => {
    const dir = tempDir();
    ring(dir, T0);
    expect(lintWiki(dir, { nowMs: T0 + 90 * DAY })).toEqual([]);
    expect(kinds(lintWiki(dir, { nowMs: T0 + 91 * DAY }))).toEqual([
      "stale:alpha",
      "stale:beta",
      "stale:gamma-ray",
    ]);
    expect(kinds(lintWiki(dir, { nowMs: T0 + 11 * DAY, staleDays: 10 }))).toHaveLength(3);
    addPage(dir, { title: "Beta", body: "Fresh fact." }, { nowMs: T0 + 80 * DAY });
    expect(kinds(lintWiki(dir, { nowMs: T0 + 91 * DAY }))).toEqual(["stale:alpha", "stale:gamma-ray"]);
    // A hand-written page without `updated`: its mtime decides.
    writeFileSync(join(dir, "hand.md"), "---\ntitle: Hand\n---\n[[alpha]]\n");
    utimesSync(join(dir, "hand.md"), new Date(T0 - 200 * DAY), new Date(T0 - 200 * DAY));
    const f = lintWiki(dir, { nowMs: T0 });
    expect(kinds(f)).toEqual(["orphan:hand", "stale:hand"]);
    expect(f[1]?.message).toMatch(/200 days ago \(file time\), more than 90/);
  });

  it("oversized: above maxPageBytes (default 16,384), counted in UTF-8 bytes", () => {
    const dir = tempDir();
    ring(dir);
    addPage(dir, { title: "Big", body: `[[alpha]] ${"用".repeat(5_500)}` }, { nowMs: T0 });
    addPage(dir, { title: "Alpha", body: "[[big]]" }, { nowMs: T0 });
    const big = listPages(dir).pages.find((p) => p.slug === "big");
    expect(big?.bytes).toBeGreaterThan(16_384);
    expect(big?.bytes).toBeLessThan(5_500 * 3 + 200);
    expect(kinds(lintWiki(dir, { nowMs: T0 }))).toEqual(["oversized:big"]);
    expect(lintWiki(dir, { nowMs: T0, maxPageBytes: 20_000 })).toEqual([]);
  });

  it("bad-frontmatter: reported, never thrown; its links still count and its own links are checked", () => {
    const dir = tempDir();
    ring(dir);
    addPage(dir, { title: "Target", body: "only the bad page links here" }, { nowMs: T0 });
    writeFileSync(join(dir, "bad.md"), "---\ntitle: [oops\n---\nSee [[target]] and [[ghost]].\n");
    const f = lintWiki(dir, { nowMs: T0 });
    expect(kinds(f)).toEqual(["bad-frontmatter:bad", "broken-link:bad"]);
    expect(f[0]?.message).toMatch(/bad\.md is not valid YAML/);
    expect(f[1]?.message).toContain("[[ghost]]");
  });

  it("rejects bad options with BAD_INPUT", () => {
    const dir = tempDir();
    expect(() => lintWiki(dir, {} as never)).toThrow(/nowMs/);
    expect(() => lintWiki(dir, { nowMs: T0, staleDays: 0 })).toThrow(/staleDays/);
    expect(() => lintWiki(dir, { nowMs: T0, maxPageBytes: 1.5 })).toThrow(/maxPageBytes/);
  });
});

describe("scorePages", () => {
  const pages = [
    {
      slug: "auth",
      title: "Authentication flow",
      tags: ["security", "oauth"],
      body: "Tokens expire hourly.",
    },
    {
      slug: "limits",
      title: "Rate limiter",
      tags: ["http"],
      category: "security",
      body: "Uses a token bucket.",
    },
    { slug: "db", title: "Database", tags: [], body: "Postgres 16 with pgvector." },
    { slug: "cjk", title: "用户身份", tags: ["身份"], body: "用户身份的验证流程" },
  ];

  it("weights tag > title > category > body and explains the match", () => {
    const r = scorePages(pages, "security tokens");
    expect(r.map((x) => [x.slug, x.score])).toEqual([
      ["auth", 4], // security: tag 3, token: body 1
      ["limits", 2.5], // security: category 1.5, token: body 1
    ]);
    expect(r[0]).toMatchObject({ terms: ["security", "token"], tags: ["security"] });
  });

  it("stems words, ignores stopwords and letter case, breaks ties by slug", () => {
    expect(scorePages(pages, "the RATE limiters").map((x) => x.slug)).toEqual(["limits"]);
    const tie = scorePages(
      [
        { slug: "b", title: "x", tags: [], body: "redis" },
        { slug: "a", title: "y", tags: [], body: "redis" },
      ],
      "redis",
    );
    expect(tie.map((x) => x.slug)).toEqual(["a", "b"]);
  });

  it("finds CJK text by substring", () => {
    expect(scorePages(pages, "身份").map((x) => x.slug)).toEqual(["cjk"]);
    expect(scorePages(pages, "验证流程").map((x) => x.slug)).toEqual(["cjk"]);
  });

  it("gives nothing for an empty, stopword-only or unmatched query", () => {
    expect(scorePages(pages, "")).toEqual([]);
    expect(scorePages(pages, "the and of")).toEqual([]);
    expect(scorePages(pages, "kubernetes")).toEqual([]);
    expect(scorePages(pages, undefined as never)).toEqual([]);
  });
});
