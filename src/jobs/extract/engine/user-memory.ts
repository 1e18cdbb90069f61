/** Building a `user` memory (user scope; Claude Code 2.1.x: role, goals, expertise, preferences). */
import { MAX_DESCRIPTION, oneLine } from "./compose.js";
import { capitalize, contentWords, tidy } from "./cues.js";
import { memoryName } from "./name.js";
import type { RuleOutcome } from "./types.js";

/** A line as a sentence: capitalized, one final period. */
function asSentence(s: string): string {
  return `${capitalize(tidy(s))}.`;
}

/**
 * A user memory. `fact` is the statement about the user, or one statement per sentence of a
 * self-introduction (the description is all of them on one line, cut to 150 code points; the body
 * keeps every one). `instruction` ("keep summaries short", from "…, so keep summaries short"), or
 * several, is what the fact means for the work: the body's "How to apply" line.
 */
export function userMemory(
  fact: string | string[],
  _date: string,
  rule: "user-statement" | "user-ko",
  instruction?: string | string[],
): RuleOutcome {
  const facts = (Array.isArray(fact) ? fact : [fact]).map((f) => tidy(f)).filter(Boolean);
  const description = describe(facts);
  const how = distinct((Array.isArray(instruction) ? instruction : [instruction ?? ""]).filter(Boolean));
  const statement = facts.map(asSentence).join(" ");
  return {
    kind: "memory",
    rule,
    memory: {
      type: "user",
      name: memoryName("user", description.replace(/^User(?:'s|:)?\s+(?:is\s+)?/i, "")),
      description,
      body: how.length > 0 ? `${statement}\n**How to apply:** ${how.map(asSentence).join(" ")}` : statement,
    },
  };
}

/**
 * One line for the MEMORY.md index: the statements joined with "; " (later ones without their
 * "User:" subject), cut at the last clause boundary that fits in MAX_DESCRIPTION code points.
 */
function describe(facts: string[]): string {
  const line = capitalize(
    facts.map((f, i) => (i === 0 ? f : f.replace(/^User(?::\s*|\s+(?=[a-z]))/, ""))).join("; "),
  );
  if (Array.from(line).length <= MAX_DESCRIPTION) return oneLine(line);
  const head = Array.from(line).slice(0, MAX_DESCRIPTION).join("");
  const cut = Math.max(head.lastIndexOf("; "), head.lastIndexOf(", "));
  return oneLine(cut >= 40 ? head.slice(0, cut) : line);
}

/** Drops a line whose content words are all in an earlier one ("keep summaries short" twice). */
function distinct(lines: string[]): string[] {
  const out: string[] = [];
  for (const l of lines) {
    const words = contentWords(l);
    if (out.some((o) => covers(o, words))) continue;
    out.push(l);
  }
  return out;
}

/**
 * True when every content word of `words` occurs in `text`, or a word of `text` is its stem
 * ("개발자" for "개발자야", "write" for "writes"); the user's own pronouns aside.
 */
export function covers(text: string, words: string[]): boolean {
  const have = contentWords(text);
  return words.every(
    (w) =>
      /^(?:user|their|they|them|theirs)$/.test(w) ||
      have.some((h) => h === w || (Array.from(h).length >= 2 && w.startsWith(h))),
  );
}
