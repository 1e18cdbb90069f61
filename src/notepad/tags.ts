/**
 * `<remember>` tags (seed 004; oh-my-claudecode §1.8): `<remember>…</remember>` goes to Working
 * Memory, `<remember priority>…</remember>` to Priority Context. Cheap: text without `<remember`
 * costs one regex test. Unlike oh-my-claudecode, every priority tag of one output is kept.
 */
import { normalizeNewlines } from "../core/text.js";
import type { RememberTags } from "./types.js";

const TAG = /<remember(\s+priority)?\s*>([\s\S]*?)<\/remember\s*>/gi;

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
 * Finds every `<remember>` and `<remember priority>` tag in `text` (any letter case, whitespace
 * allowed inside the tag, content may span lines, several per text). Content is trimmed and dedented
 * (common indentation and trailing blanks removed); empty tags and repeats are dropped; an
 * unterminated tag is ignored. Callers pass the tool output as text (not JSON-escaped).
 */
export function parseRememberTags(text: string): RememberTags {
  const out: RememberTags = { working: [], priority: [] };
  if (!/<remember/i.test(text)) return out;
  for (const m of normalizeNewlines(text).matchAll(TAG)) {
    const content = dedent(m[2]!);
    if (content === "") continue;
    const list = m[1] ? out.priority : out.working;
    if (!list.includes(content)) list.push(content);
  }
  return out;
}
