import { describe, expect, it } from "vitest";
import {
  formatPriorityContext,
  parseNotepad,
  parseRememberTags,
  serializeNotepad,
} from "../../src/notepad/index.js";

const headings = (text: string) => text.split("\n").filter((l) => /^## /.test(l));
const roundTrip = (text: string) => serializeNotepad(parseNotepad(text));

const SAMPLE = `# Notepad
<!-- my own comment -->

## Priority Context
- [2026-11-29T10:00:00Z] Never push to main directly
- [2026-11-28T09:00:00Z] Build steps:
  ### Build
  ## Deploy (not a section)

    indented code

## Working Memory
- [2026-11-27T08:00:00Z] Investigating the flaky upload test
- untimed bullet

## Manual
My notes, verbatim.

## Ideas
- [ ] try bun
### Sub heading
`;

describe("notepad text", () => {
  it("parses the three sections into entries and round-trips byte for byte", () => {
    const np = parseNotepad(SAMPLE);
    expect(np.priority).toEqual([
      { at: "2026-11-29T10:00:00Z", text: "Never push to main directly" },
      {
        at: "2026-11-28T09:00:00Z",
        text: "Build steps:\n### Build\n## Deploy (not a section)\n\n  indented code",
      },
    ]);
    expect(np.working).toEqual([
      { at: "2026-11-27T08:00:00Z", text: "Investigating the flaky upload test" },
      { text: "untimed bullet" },
    ]);
    expect(np.manual).toBe("My notes, verbatim.\n\n## Ideas\n- [ ] try bun\n### Sub heading");
    expect(roundTrip(SAMPLE)).toBe(SAMPLE);
    expect(formatPriorityContext(np)).toBe(
      "- Never push to main directly\n- Build steps:\n  ### Build\n  ## Deploy (not a section)\n\n    indented code",
    );
  });

  it("creates the three sections, in order, for an empty or missing file", () => {
    const text = serializeNotepad(parseNotepad(""));
    expect(headings(text)).toEqual(["## Priority Context", "## Working Memory", "## Manual"]);
    expect(roundTrip(text)).toBe(text);
  });

  it("repairs a file corrupted by regex section replacement without losing or duplicating anything (OMC bug A)", () => {
    const corrupt = `# Notepad
## Priority Context
Keep answers short
## Working Memory
### 2026-11-20 10:00
first note
### 2026-11-21 11:00
second note
## 2026-11-20 10:00
first note
## Working Memory
### 2026-11-21 11:00
second note
### 2026-11-22 12:00
third note
## Build
orphan from a replaced priority
## MANUAL
user text
## Manual
more user text
`;
    const np = parseNotepad(corrupt);
    expect(np.working.map((e) => [e.at, e.text])).toEqual([
      ["2026-11-20T10:00:00Z", "first note"],
      ["2026-11-21T11:00:00Z", "second note"],
      ["2026-11-22T12:00:00Z", "third note"],
    ]);
    expect(np.priority).toEqual([{ text: "Keep answers short", raw: true }]);
    expect(np.manual).toBe("user text\nmore user text\n\n## Build\norphan from a replaced priority");
    const fixed = serializeNotepad(np);
    expect(headings(fixed)).toEqual(["## Priority Context", "## Working Memory", "## Manual", "## Build"]);
    expect(roundTrip(fixed)).toBe(fixed);
    expect(parseNotepad(fixed)).toEqual(np);
  });

  it("tolerates BOM, CRLF and text before any section, and keeps hand-written paragraphs apart", () => {
    const text =
      "\uFEFFhello\r\n\r\n## Priority Context\r\nplain line one\r\nplain line two\r\n\r\nsecond paragraph\r\n";
    const np = parseNotepad(text);
    expect(np.preamble).toBe("hello");
    expect(np.priority).toEqual([
      { text: "plain line one\nplain line two", raw: true },
      { text: "second paragraph", raw: true },
    ]);
    const out = serializeNotepad(np);
    expect(out).toContain("## Priority Context\nplain line one\nplain line two\n\nsecond paragraph\n");
    expect(roundTrip(out)).toBe(out);
  });
});

describe("parseRememberTags", () => {
  it("finds every tag, any case, multiline, priority or not, in document order", () => {
    const out = `Done.
<remember>The API uses cursor pagination</remember>
<REMEMBER PRIORITY>Never run migrations on prod by hand</Remember>
<remember  priority >Deploys need a changelog entry</remember >
<remember>
    Build:
      pnpm build
</remember>
<remember>   </remember>
<remember>The API uses cursor pagination</remember>
<remember>unterminated`;
    expect(parseRememberTags(out)).toEqual({
      working: ["The API uses cursor pagination", "Build:\n  pnpm build"],
      priority: ["Never run migrations on prod by hand", "Deploys need a changelog entry"],
    });
    expect(parseRememberTags("no tags here")).toEqual({ working: [], priority: [] });
    expect(parseRememberTags("<remembered>x</remembered>")).toEqual({ working: [], priority: [] });
  });
});
