/**
 * YAML frontmatter: `---\n<yaml>\n---\n<body>`. BOM and CRLF are tolerated; unknown keys are kept
 * (insertion order preserved) so a rewrite never drops what another tool wrote (DESIGN.md §3.1).
 * Uses the `yaml` library (YAML 1.2: dates stay strings).
 */
import { parse, stringify } from "yaml";
import { MemdirError } from "./errors.js";
import { normalizeNewlines, toWellFormed, truncateCodePoints } from "./text.js";

export interface Frontmatter {
  /** The YAML mapping; `{}` when the text has no frontmatter. */
  data: Record<string, unknown>;
  /** The markdown after the closing `---` (LF line ends). */
  body: string;
  /** Whether the text started with a frontmatter block. */
  hasFrontmatter: boolean;
}

// The closing fence must be a line of its own: `title: x---` inside the block is not a fence.
const FENCE = /^---[ \t]*\n(?:([\s\S]*?)\n)?---[ \t]*(?:\n|$)/;

/**
 * Splits and parses frontmatter. Throws MemdirError BAD_FRONTMATTER when the block is not a YAML
 * mapping; `source` (a path) is named in the message.
 */
export function parseFrontmatter(text: string, source = "text"): Frontmatter {
  const t = toWellFormed(normalizeNewlines(text));
  const m = FENCE.exec(t);
  if (!m) return { data: {}, body: t, hasFrontmatter: false };
  const yamlText = m[1] ?? "";
  let data: unknown;
  try {
    data = yamlText.trim() === "" ? {} : parse(yamlText);
  } catch (e) {
    throw new MemdirError("BAD_FRONTMATTER", `the frontmatter of ${source} is not valid YAML`, {
      expected: "a YAML mapping between two `---` lines",
      received: JSON.stringify(truncateCodePoints(yamlText, 120)),
      hint: `fix the YAML in ${source} (quote values that contain ': ' or start with a special character)`,
      cause: e,
    });
  }
  if (data === null || data === undefined) data = {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new MemdirError("BAD_FRONTMATTER", `the frontmatter of ${source} is not a mapping`, {
      expected: "key: value pairs between two `---` lines",
      received: Array.isArray(data) ? "a YAML list" : `a YAML ${typeof data}`,
      hint: `rewrite the frontmatter of ${source} as key: value lines`,
    });
  }
  return { data: data as Record<string, unknown>, body: t.slice(m[0].length), hasFrontmatter: true };
}

/** Serializes `data` + `body` back to a frontmatter document (LF line ends, body ends with one newline). */
export function serializeFrontmatter(data: Record<string, unknown>, body: string): string {
  // Only the final line break goes: trimEnd() would also eat a value's trailing NBSP / U+2028 / U+3000
  // (found by the round-trip property test).
  const yaml = stringify(data, { lineWidth: 0 }).replace(/\n+$/, "");
  const b = toWellFormed(normalizeNewlines(body)).replace(/^\n+/, "").replace(/\s+$/, "");
  return `---\n${yaml}\n---\n${b}\n`;
}
