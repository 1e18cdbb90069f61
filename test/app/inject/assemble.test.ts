/** SessionStart budget: UTF-16 units as Claude Code counts, fences never broken, per-part caps. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assembleContext, cutAtLine } from "../../../src/app/inject/assemble.js";

const part = (source: string, body: string, maxChars: number, notepadPriority = false) => ({
  source,
  body,
  maxChars,
  notepadPriority,
});

describe("assembleContext", () => {
  it("stays within the budget in UTF-16 units with emoji and CJK, and keeps every fence closed", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "grapheme", maxLength: 120 }), { maxLength: 300 }),
        fc.array(fc.string({ unit: "grapheme", maxLength: 60 }), { maxLength: 20 }),
        fc.integer({ min: 500, max: 9_000 }),
        (lines, warnings, budget) => {
          const body = lines.map((l) => `- ${l} 😀 用户`).join("\n");
          const out = assembleContext(
            "preface",
            [part("a", body, 4_000), part("p", "note", 800, true), part("b", body, 2_500)],
            warnings,
            budget,
          );
          expect(out.length).toBeLessThanOrEqual(budget);
          expect(out.match(/<memdir-memory /g)?.length ?? 0).toBe(
            out.match(/<\/memdir-memory>/g)?.length ?? 0,
          );
          expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(out)).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("a long first part cannot crowd out the notepad priority and the warnings", () => {
    const huge = Array.from({ length: 2_000 }, (_, i) => `- entry ${i} with some words`).join("\n");
    const out = assembleContext(
      "p",
      [part("user", huge, 2_500), part("np", "keep me", 800, true)],
      ["disk full"],
      9_000,
    );
    expect(out).toContain("keep me");
    expect(out).toContain("disk full");
    expect(out).toContain("cut to fit");
  });

  it("cutAtLine never splits a surrogate pair", () => {
    const s = "😀".repeat(100);
    for (let max = 80; max < 200; max++)
      expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(cutAtLine(s, max))).toBe(false);
  });
});
