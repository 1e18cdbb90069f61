/**
 * `<remember>` tags (oh-my-claudecode's form): `<remember>…</remember>` goes to Working
 * Memory, `<remember priority>…</remember>` to Priority Context. Cheap: text without `<remember`
 * costs one regex test. Unlike oh-my-claudecode, every priority tag of one output is kept.
 */
import { normalizeNewlines } from "../core/text.js";
import type { RememberTags } from "./types.js";

/**
 * An opening tag with any attributes (group 1), then the content (group 2) up to the closing tag.
 * The content may not contain another opening tag, so an unterminated tag never swallows the next one.
 */
const TAG = /<remember(?:\s([^<>]*))?>((?:(?!<remember[\s>])[\s\S])*?)<\/remember\s*>/gi;

/** The `priority` attribute, bare or with a value (`"…"`, `'…'` or unquoted), among other attributes. */
const PRIORITY_ATTR = /(?:^|\s)priority(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'/]*)))?(?=[\s/]|$)/i;
const TRUE_VALUES = new Set(["", "true", "1", "yes", "on"]);

/**
 * True when the attributes mark a priority note: a bare `priority`, or `priority` set to `true`, `1`,
 * `yes`, `on` or `""` (any case, spaces around `=` and inside the quotes allowed). `priority="false"`
 * (or `0`, `no`, any other value) and unknown attributes make a normal note.
 */
function isPriority(attrs: string | undefined): boolean {
  if (attrs === undefined) return false;
  const m = PRIORITY_ATTR.exec(attrs);
  if (!m) return false;
  const value = m[1] ?? m[2] ?? m[3] ?? "";
  return TRUE_VALUES.has(value.trim().toLowerCase());
}

/** Trailing blanks and surrounding blank lines removed, common indentation removed. */
function dedent(s: string): string {
  const lines = s.split("\n").map((l) => l.trimEnd());
  while (lines.length > 0 && lines[0] === "") lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const indents = lines.filter((l) => l !== "").map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join("\n");
}

/**
 * Finds every `<remember …>` tag in `text` (any letter case, whitespace allowed inside the tag,
 * content may span lines, several per text). A tag whose attributes mark it as priority (see
 * `isPriority`: `priority`, `priority="true"`, `priority='1'`, `priority=yes`…) goes to `priority`;
 * every other tag, whatever its attributes, goes to `working` — a tag is never dropped for its
 * attributes. Content is trimmed and dedented (common indentation and trailing blanks removed); empty
 * tags and repeats are dropped; an unterminated tag is ignored (and does not swallow the next tag).
 * Callers pass the tool output as text (not JSON-escaped).
 */
export function parseRememberTags(text: string): RememberTags {
  const out: RememberTags = { working: [], priority: [] };
  if (!/<remember/i.test(text)) return out;
  for (const m of normalizeNewlines(text).matchAll(TAG)) {
    const content = dedent(m[2]!);
    if (content === "") continue;
    const list = isPriority(m[1]) ? out.priority : out.working;
    if (!list.includes(content)) list.push(content);
  }
  return out;
}
