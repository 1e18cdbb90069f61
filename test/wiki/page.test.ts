/** Wiki pages: slugs, parsing (unknown keys, bad frontmatter), `[[links]]` and their resolution. */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import {
  createLinkResolver,
  listPages,
  parseLinks,
  parsePage,
  readPage,
  uniqueSlug,
  wikiSlug,
} from "../../src/wiki/index.js";
import { tempDir } from "../helpers/tmp.js";

describe("wiki slugs", () => {
  it("are NFC, lower case, kebab, and keep CJK and Hangul", () => {
    expect(wikiSlug("Rate Limiter: Design")).toBe("rate-limiter-design");
    expect(wikiSlug("Café Crème")).toBe("cafe-creme");
    expect(wikiSlug("用户 身份")).toBe("用户-身份");
    expect(wikiSlug("끝말잇기 규칙")).toBe("끝말잇기-규칙");
    const nfd = "しりとり".normalize("NFD");
    expect(wikiSlug(nfd)).toBe("しりとり".normalize("NFC"));
    expect(wikiSlug("!!!")).toBe("");
  });

  it("get a suffix on collision and never take the generated files' names", () => {
    expect(uniqueSlug("auth", new Set())).toBe("auth");
    expect(uniqueSlug("auth", new Set(["auth", "auth-2"]))).toBe("auth-3");
    expect(uniqueSlug("index", new Set())).toBe("index-2");
    expect(uniqueSlug("log", new Set())).toBe("log-2");
    expect(uniqueSlug("", new Set())).toBe("page");
  });
});

describe("parsePage / readPage", () => {
  it("reads every field and keeps unknown keys in data", () => {
    const text = [
      "---",
      "title: Auth flow",
      "tags: [Security, '#OAuth', two words]",
      "category: architecture",
      "confidence: High",
      "created: 2026-01-01T00:00:00Z",
      "updated: 2026-02-01T00:00:00Z",
      "sources: [https://example.com/a, transcript:abc]",
      "owner: team-x",
      "---",
      "Body with [[Other]].",
      "",
    ].join("\n");
    const p = parsePage(text, "/w/auth-flow.md", 5);
    expect(p).toMatchObject({
      slug: "auth-flow",
      title: "Auth flow",
      tags: ["security", "oauth", "two-words"],
      category: "architecture",
      confidence: "high",
      created: "2026-01-01T00:00:00Z",
      updated: "2026-02-01T00:00:00Z",
      updatedMs: Date.parse("2026-02-01T00:00:00Z"),
      sources: ["https://example.com/a", "transcript:abc"],
      body: "Body with [[Other]].\n",
    });
    expect(p.data.owner).toBe("team-x");
    expect(p.bytes).toBe(Buffer.byteLength(text));
  });

  it("uses the file time when there is no `updated`, and accepts a comma-separated tag string", () => {
    const p = parsePage("---\ntitle: T\ntags: a, B c\n---\nx\n", "/w/t.md", 1234);
    expect(p.updatedMs).toBe(1234);
    expect(p.tags).toEqual(["a", "b-c"]);
    expect(p.confidence).toBeUndefined();
  });

  it.each([
    ["no frontmatter", "# Just markdown\n", /no frontmatter/],
    ["invalid YAML", "---\ntitle: [unclosed\n---\nx\n", /not valid YAML/],
    ["no title", "---\ntags: [a]\n---\nx\n", /no title/],
    ["bad confidence", "---\ntitle: T\nconfidence: certain\n---\n", /confidence/],
    ["bad date", "---\ntitle: T\nupdated: last tuesday\n---\n", /updated/],
    ["bad tags", "---\ntitle: T\ntags: {a: 1}\n---\n", /tags/],
  ])("rejects %s with BAD_FRONTMATTER naming the file", (_name, text, msg) => {
    try {
      parsePage(text, "/w/x.md");
      expect.unreachable();
    } catch (e) {
      expect(isMemdirError(e, "BAD_FRONTMATTER")).toBe(true);
      expect((e as Error).message).toMatch(msg);
      expect((e as Error).message).toContain("/w/x.md");
    }
  });

  it("readPage throws NOT_FOUND for a missing file", () => {
    const dir = tempDir();
    expect(() => readPage(join(dir, "nope.md"))).toThrow(/no wiki page/);
  });

  it("listPages reports bad pages without throwing and skips the generated files", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "good.md"), "---\ntitle: Good\n---\nok\n");
    writeFileSync(join(dir, "bad.md"), "---\ntitle: [\n---\n");
    writeFileSync(join(dir, "index.md"), "# Wiki Index\n");
    writeFileSync(join(dir, "log.md"), "# Wiki Log\n");
    writeFileSync(join(dir, ".hidden.md"), "---\ntitle: H\n---\n");
    writeFileSync(join(dir, "notes.txt"), "not a page");
    const l = listPages(dir);
    expect(l.pages.map((p) => p.slug)).toEqual(["good"]);
    expect(l.errors.map((e) => e.slug)).toEqual(["bad"]);
    expect(l.errors[0]?.message).toMatch(/bad\.md/);
    expect(listPages(join(dir, "missing"))).toEqual({ pages: [], errors: [] });
  });
});

describe("parseLinks", () => {
  it("reads slug, label and heading forms, outside code only", () => {
    const body = [
      "See [[auth-flow]] and [[Rate Limiter|the limiter]] and [[db#Indexes]].",
      "Self [[#top]] is skipped; empty [[ ]] too.",
      "Inline `[[not-a-link]]` and fenced:",
      "```md",
      "[[also-not]]",
      "```",
      "| table | [[tbl\\|cell]] |",
      "[[用户身份]]",
    ].join("\n");
    expect(parseLinks(body)).toEqual([
      { raw: "[[auth-flow]]", target: "auth-flow" },
      { raw: "[[Rate Limiter|the limiter]]", target: "Rate Limiter", label: "the limiter" },
      { raw: "[[db#Indexes]]", target: "db", heading: "Indexes" },
      { raw: "[[tbl\\|cell]]", target: "tbl", label: "cell" },
      { raw: "[[用户身份]]", target: "用户身份" },
    ]);
  });

  it("an unclosed fence hides the rest; an unmatched backtick hides nothing", () => {
    expect(parseLinks("a ` b [[x]]\n```\n[[y]]\n").map((l) => l.target)).toEqual(["x"]);
  });
});

describe("createLinkResolver", () => {
  const resolve = createLinkResolver([
    { slug: "auth-flow", title: "Login and OAuth" },
    { slug: "rate-limiter", title: "Rate limiting" },
    { slug: "用户身份", title: "User identity" },
  ]);
  it("resolves by slug, then title, then the target's slug, case-insensitively", () => {
    expect(resolve("auth-flow")).toBe("auth-flow");
    expect(resolve("AUTH-FLOW")).toBe("auth-flow");
    expect(resolve("login and  oauth")).toBe("auth-flow");
    expect(resolve("Rate Limiter")).toBe("rate-limiter");
    expect(resolve("user IDENTITY")).toBe("用户身份");
    expect(resolve("用户身份")).toBe("用户身份");
  });
  it("returns undefined for a broken link", () => {
    expect(resolve("missing page")).toBeUndefined();
    expect(resolve("auth")).toBeUndefined();
  });
});
