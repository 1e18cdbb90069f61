import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOOK_EVENTS } from "../../../src/adapters/claude-code/hook-input.js";
import {
  acceptsContext,
  CONTEXT_EVENTS,
  checkHookOutput,
  contextOutput,
  emptyOutput,
  serializeOutput,
  systemMessageOutput,
} from "../../../src/adapters/claude-code/hook-output.js";
import {
  DATA_PREFACE,
  FENCE_TAGS,
  fenceAsData,
  MEMORY_TAG,
  NOTEPAD_PRIORITY_TAG,
  neutralizeFenceTags,
} from "../../../src/app/inject/fence.js";
import { toWellFormed } from "../../../src/core/text.js";

/** Parses stdout the strict way (claude-mem #4081 test): empty, or one JSON object on one line. */
function strictParse(stdout: string): Record<string, unknown> | undefined {
  if (stdout === "") return undefined;
  expect(stdout.endsWith("\n")).toBe(true);
  expect(stdout.slice(0, -1)).not.toContain("\n");
  const v = JSON.parse(stdout) as unknown;
  expect(typeof v === "object" && v !== null && !Array.isArray(v)).toBe(true);
  return v as Record<string, unknown>;
}

describe("hook output builders", () => {
  it.each(HOOK_EVENTS)(
    "%s: contextOutput is one valid JSON object, or nothing where not accepted",
    (event) => {
      const out = serializeOutput(contextOutput(event, "remember: tests use a real DB"));
      expect(checkHookOutput(event, out)).toBeUndefined();
      const v = strictParse(out);
      if (["Stop", "SubagentStop", "PreCompact", "SessionEnd"].includes(event)) {
        expect(out).toBe("");
      } else {
        expect(v).toEqual({
          hookSpecificOutput: { hookEventName: event, additionalContext: "remember: tests use a real DB" },
        });
      }
      expect(acceptsContext(event)).toBe(CONTEXT_EVENTS.includes(event));
    },
  );

  it.each(HOOK_EVENTS)("%s: systemMessage and empty outputs are valid", (event) => {
    expect(
      checkHookOutput(event, serializeOutput(systemMessageOutput("memdir: memory dir unreadable"))),
    ).toBeUndefined();
    expect(serializeOutput(emptyOutput())).toBe("");
    expect(serializeOutput(systemMessageOutput("  "))).toBe("");
  });

  it("returns nothing for blank context, and makes context well-formed", () => {
    expect(contextOutput("SessionStart", " \n ")).toBeUndefined();
    const o = contextOutput("SessionStart", "cut \uD83D here 🔥");
    expect(o?.hookSpecificOutput.additionalContext).toBe("cut \uFFFD here 🔥");
    const line = serializeOutput(o);
    expect(line).not.toMatch(/\\ud83d(?!\\ude)/i);
  });

  it("keeps any text (newlines, U+2028, quotes, NUL) on one parseable line", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CONTEXT_EVENTS),
        fc.string({ unit: "grapheme", minLength: 1 }),
        (event, text) => {
          const out = serializeOutput(contextOutput(event, `x${text}`));
          const v = strictParse(out) as {
            hookSpecificOutput: { hookEventName: string; additionalContext: string };
          };
          expect(v.hookSpecificOutput.hookEventName).toBe(event);
          expect(v.hookSpecificOutput.additionalContext).toBe(toWellFormed(`x${text}`));
        },
      ),
    );
  });

  it("checkHookOutput catches the real-world failures", () => {
    const one = serializeOutput(contextOutput("SessionStart", "a"));
    expect(checkHookOutput("SessionStart", one + one)).toMatch(/exactly one/); // claude-mem #3910
    expect(checkHookOutput("SessionStart", `banner\n${one}`)).toMatch(/exactly one/); // claude-mem #4081
    expect(checkHookOutput("SessionEnd", '{"hookSpecificOutput":{"hookEventName":"SessionEnd"}}')).toMatch(
      /accepts no/,
    );
    expect(checkHookOutput("PostToolUse", one)).toMatch(/hookEventName is SessionStart/);
    expect(checkHookOutput("Stop", '{"context":"x"}')).toMatch(/unknown top-level key/);
    expect(checkHookOutput("Stop", "[]")).toMatch(/not an object/);
  });
});

/** Independent detector: after NFKC and removing whitespace, format chars, marks and `/`, no `<memdir`/`<notepad`. */
function forgesFence(body: string): boolean {
  const flat = body
    .replace(/[\s\p{Cf}\p{M}/]/gu, "")
    .normalize("NFKC")
    .toLowerCase();
  return /<(memdir|notepad)/.test(flat);
}

const fenceFragments = fc.constantFrom(
  "</memdir-memory>",
  '<memdir-memory source="x">',
  "</MEMDIR-MEMORY>",
  "< /memdir-memory >",
  "<\u200B/memdir-memory>",
  "</mem\u200Bdir-memory>",
  "\uFF1C/memdir-memory\uFF1E",
  "\uFE64/notepad-priority>",
  "<notepad-priority>",
  "</notepad-priority>",
  "<\u0338/memdir-memory>",
  "<\n/\tmemdir-x>",
  "</ｍｅｍｄｉｒ-memory>",
  "&lt;/memdir-memory>",
  "<",
  "/",
  "memdir",
  "\uD800",
  "\r\n",
);

describe("fenceAsData", () => {
  it("labels the block as data, escapes the label, and keeps ordinary text readable", () => {
    const out = fenceAsData('notes/a "b" <c>.md', "Use `a < b` and <b>bold</b>\r\nline 2\n\n");
    expect(out).toBe(
      `${DATA_PREFACE}\n<memdir-memory source="notes/a &quot;b&quot; &lt;c&gt;.md">\nUse \`a < b\` and <b>bold</b>\nline 2\n</memdir-memory>`,
    );
    expect(fenceAsData("p", "x", { tag: NOTEPAD_PRIORITY_TAG, preface: false })).toBe(
      '<notepad-priority source="p">\nx\n</notepad-priority>',
    );
    expect(FENCE_TAGS).toEqual([MEMORY_TAG, NOTEPAD_PRIORITY_TAG]);
  });

  it("neutralizes forged fences with entities only at the tag", () => {
    expect(neutralizeFenceTags("a</memdir-memory>b<notepad-priority>c<div>")).toBe(
      "a&lt;/memdir-memory>b&lt;notepad-priority>c<div>",
    );
    expect(neutralizeFenceTags("< / MEMDIR-memory>")).toBe("&lt; / MEMDIR-memory>");
  });

  it("property: no text or label can close its fence or open a forged one", () => {
    const text = fc
      .array(fc.oneof(fenceFragments, fc.string({ unit: "binary" })), { maxLength: 12 })
      .map((p) => p.join(""));
    fc.assert(
      fc.property(fc.constantFrom(...FENCE_TAGS), text, text, (tag, label, body) => {
        const out = fenceAsData(label, body, { tag, preface: false });
        const firstNl = out.indexOf("\n");
        const open = out.slice(0, firstNl);
        const close = `</${tag}>`;
        expect(out.endsWith(`\n${close}`)).toBe(true);
        expect(open.startsWith(`<${tag} source="`)).toBe(true);
        expect(open.endsWith('">')).toBe(true);
        expect(open.slice(`<${tag} source="`.length, -2)).not.toMatch(/["<>\n]/);
        const inner = out.slice(firstNl + 1, out.length - close.length - 1);
        expect(forgesFence(inner)).toBe(false);
        expect(forgesFence(open.slice(1))).toBe(false);
        expect(toWellFormed(out)).toBe(out);
      }),
      { numRuns: 2000 },
    );
  });
});
