import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  byteLength,
  codePointLength,
  elideMiddle,
  normalizeNewlines,
  slugify,
  squashWhitespace,
  toWellFormed,
  truncateBytesAtNewline,
  truncateCodePoints,
} from "../../src/core/text.js";

/** Strings rich in astral characters, ZWJ sequences and (for some tests) lone surrogates. */
const emojiText = fc
  .array(fc.constantFrom("a", "é", "用", "🔥", "👨‍👩‍👧", "\n", " ", "𝄞", "\r\n"), { maxLength: 40 })
  .map((a) => a.join(""));
const anyUnits = fc.string({ unit: "binary", maxLength: 60 }); // any UTF-16 units, lone surrogates included
/** ES2024 methods (Node 20 has them; the project's TS lib is ES2023). */
type Es2024String = { isWellFormed(): boolean; toWellFormed(): string };
const isWellFormed = (s: string) => (s as unknown as Es2024String).isWellFormed();
const nativeToWellFormed = (s: string) => (s as unknown as Es2024String).toWellFormed();

describe("toWellFormed", () => {
  it("replaces exactly the lone surrogates with U+FFFD (agrees with String.prototype.toWellFormed)", () => {
    expect(toWellFormed("a\uD83Db")).toBe("a\uFFFDb");
    expect(toWellFormed("\uDC00\uD83D\uDD25\uD83D")).toBe("\uFFFD🔥\uFFFD");
    fc.assert(
      fc.property(anyUnits, (s) => {
        const w = toWellFormed(s);
        expect(w).toBe(nativeToWellFormed(s));
        expect(w.length).toBe(s.length);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("truncateCodePoints", () => {
  it("cuts by code point with the marker counted in", () => {
    expect(truncateCodePoints("🔥🔥🔥🔥", 3)).toBe("🔥🔥…");
    expect(truncateCodePoints("🔥🔥🔥", 3)).toBe("🔥🔥🔥");
    expect(truncateCodePoints("abcdef", 4, "[..]")).toBe("abcd");
    expect(truncateCodePoints("abc", 0)).toBe("");
  });

  it("never splits a surrogate pair, stays within max, and keeps a prefix (property)", () => {
    fc.assert(
      fc.property(
        emojiText,
        fc.integer({ min: 0, max: 50 }),
        fc.constantFrom("…", "", "[cut]", "🔚"),
        (s, max, marker) => {
          const t = truncateCodePoints(s, max, marker);
          expect(isWellFormed(t)).toBe(true);
          expect(codePointLength(t)).toBeLessThanOrEqual(max);
          if (codePointLength(s) <= max) expect(t).toBe(s);
          else if (codePointLength(marker) < max) {
            expect(t.endsWith(marker)).toBe(true);
            expect(s.startsWith(t.slice(0, t.length - marker.length))).toBe(true);
          } else expect(s.startsWith(t)).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("truncating an emoji string at every offset gives well-formed text", () => {
    const s = "🔥👨‍👩‍👧🔥𝄞a🔥";
    for (let max = 0; max <= codePointLength(s) + 1; max++) {
      expect(isWellFormed(truncateCodePoints(s, max)), `max ${max}`).toBe(true);
    }
  });
});

describe("truncateBytesAtNewline", () => {
  it("cuts at the last newline within the byte budget", () => {
    expect(truncateBytesAtNewline("one\ntwo\nthree\n", 10)).toBe("one\ntwo\n");
    expect(truncateBytesAtNewline("one\ntwo\n", 8)).toBe("one\ntwo\n");
  });

  it("falls back to the last whole code point when the first line is too long", () => {
    expect(truncateBytesAtNewline("é🔥é", 5)).toBe("é"); // é = 2 bytes, 🔥 = 4 bytes
    expect(truncateBytesAtNewline("é🔥é", 6)).toBe("é🔥");
    // A real U+FFFD right at the cut is kept, not mistaken for a broken code point.
    expect(truncateBytesAtNewline("ab\uFFFDé", 5)).toBe("ab\uFFFD");
  });

  it("stays within budget, keeps a prefix, and never breaks a code point (property)", () => {
    fc.assert(
      fc.property(emojiText, fc.integer({ min: 0, max: 120 }), (s, max) => {
        const t = truncateBytesAtNewline(s, max);
        expect(byteLength(t)).toBeLessThanOrEqual(Math.max(max, 0));
        expect(s.startsWith(t)).toBe(true);
        expect(isWellFormed(t)).toBe(true);
        if (byteLength(s) <= max) expect(t).toBe(s);
        else {
          // If some newline (not at index 0) fits in the budget, the cut is right after the last such one.
          const head = Buffer.from(s, "utf8").subarray(0, max).toString("utf8");
          const nl = head.lastIndexOf("\n");
          if (nl > 0) expect(t).toBe(s.slice(0, nl + 1));
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("elideMiddle", () => {
  it("keeps head and tail and reports exactly how many code points were removed", () => {
    fc.assert(
      fc.property(emojiText, fc.integer({ min: 0, max: 60 }), (s, max) => {
        const t = elideMiddle(s, max);
        expect(codePointLength(t)).toBeLessThanOrEqual(Math.max(max, 0));
        expect(isWellFormed(t)).toBe(true);
        const m = /\n…\[(\d+) characters elided\]…\n/.exec(t);
        if (m) {
          const removed = Number(m[1]);
          expect(codePointLength(t) - codePointLength(m[0]) + removed).toBe(codePointLength(s));
          const [head, tail] = t.split(m[0]) as [string, string];
          expect(s.startsWith(head) && s.endsWith(tail)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
    const t = elideMiddle("x".repeat(1000), 100);
    expect(codePointLength(t)).toBe(100);
    expect(t).toContain(
      `[${1000 - 100 + codePointLength("\n…[000 characters elided]…\n")} characters elided]`,
    );
  });
});

describe("small helpers", () => {
  it("normalizeNewlines strips one leading BOM and turns CRLF/CR into LF", () => {
    expect(normalizeNewlines("\uFEFFa\r\nb\rc\n\uFEFF")).toBe("a\nb\nc\n\uFEFF");
  });
  it("codePointLength and byteLength count code points and UTF-8 bytes", () => {
    expect(codePointLength("a🔥é")).toBe(3);
    expect(byteLength("a🔥é")).toBe(7);
  });
  it("squashWhitespace and slugify", () => {
    expect(squashWhitespace("  a \n\t b  ")).toBe("a b");
    expect(slugify("Testing: No DB Mocks! Café")).toBe("testing-no-db-mocks-cafe");
    expect(slugify("한국어 메모")).toBe("한국어-메모".normalize("NFC"));
    expect(slugify("가").length).toBe(1); // a composed syllable, not jamo
    expect(slugify("ガイド")).toBe("ガイド");
    expect(slugify("!!!")).toBe("");
    expect(slugify("a".repeat(30) + " " + "b".repeat(30), 40)).toBe(`${"a".repeat(30)}-${"b".repeat(9)}`);
  });
});
