import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { javaStringHash, MAX_KEY_CHARS, matchesProjectKey, projectKey } from "../../src/paths/index.js";

const LONG = `/home/dev/${Array.from({ length: 9 }, (_, i) => `deeply-nested-directory-0${i}`).join("/")}`;

describe("projectKey (Claude Code rule, reference/claude-code.md §2.2)", () => {
  it("matches the documented vectors", () => {
    expect(projectKey("/Users/alice/my.project")).toBe("-Users-alice-my-project");
    expect(projectKey("C:\\Users\\bob\\repo")).toBe("C--Users-bob-repo");
    expect(projectKey("/a/b_c d:e")).toBe("-a-b-c-d-e");
  });

  it("turns every UTF-16 unit outside [A-Za-z0-9] into '-': an emoji becomes '--'", () => {
    expect(projectKey("/p/🔥")).toBe("-p---");
    expect(projectKey("/p/é")).toBe("-p--");
    expect(projectKey("/p/e\u0301")).toBe("-p-e-"); // NFD: e + combining accent
  });

  it("the 252-character vector gives a 207-character key ending in -d-m1oxz3", () => {
    expect(LONG).toHaveLength(252);
    const k = projectKey(LONG);
    expect(k).toHaveLength(207);
    expect(k.endsWith("-d-m1oxz3")).toBe(true);
    expect(k.slice(0, 200)).toBe(LONG.replace(/[^A-Za-z0-9]/g, "-").slice(0, 200));
  });

  it("keeps exactly 200 characters as is and hashes from 201", () => {
    const p200 = `/${"a".repeat(199)}`;
    expect(projectKey(p200)).toBe(`-${"a".repeat(199)}`);
    const p201 = `/${"a".repeat(200)}`;
    expect(projectKey(p201)).toBe(`-${"a".repeat(199)}-${Math.abs(javaStringHash(p201)).toString(36)}`);
  });

  it("is lossy: /a/b_c and /a/b-c collide", () => {
    expect(projectKey("/a/b_c")).toBe(projectKey("/a/b-c"));
  });

  it("only ever contains [A-Za-z0-9-] and is at most 200 + 1 + 7 characters (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (p) => {
        const k = projectKey(p);
        expect(k).toMatch(/^[A-Za-z0-9-]*$/);
        expect(k.length).toBeLessThanOrEqual(MAX_KEY_CHARS + 8);
        if (p.length <= MAX_KEY_CHARS) expect(k).toHaveLength(p.length);
        expect(matchesProjectKey(k, p)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});

describe("javaStringHash", () => {
  it("equals Java's String.hashCode, including int32 overflow", () => {
    expect(javaStringHash("")).toBe(0);
    expect(javaStringHash("a")).toBe(97);
    expect(javaStringHash("hello")).toBe(99162322);
    expect(javaStringHash("polygenelubricants")).toBe(-2147483648);
    expect(javaStringHash("🔥")).toBe(0xd83d * 31 + 0xdd25);
  });
});

describe("matchesProjectKey", () => {
  it("accepts a long path's directory with any base-36 suffix (Bun.hash builds), nothing else", () => {
    const k = projectKey(LONG);
    const prefix = k.slice(0, 201);
    expect(matchesProjectKey(`${prefix}1a2b3c4d`, LONG)).toBe(true);
    expect(matchesProjectKey(`${prefix}`, LONG)).toBe(false);
    expect(matchesProjectKey(`${prefix}x-y`, LONG)).toBe(false);
    expect(matchesProjectKey("-a-b-c", "/a/b/c")).toBe(true);
    expect(matchesProjectKey("-a-b-c-1", "/a/b/c")).toBe(false);
  });
});
