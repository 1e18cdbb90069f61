/**
 * Memories of the clauses of one sentence beside the memory the whole sentence gave: the rule
 * beside a pointer ("… DBA 리뷰 필수고, 리뷰 요청은 슬랙 #dba-review 채널에 올리면 돼요"), the pointer
 * beside a rule ("always add a changelog entry, the format is at <url>"), and one reference per
 * pointer when each clause names its own ("the dashboard is <url> and the alerts go to #deploys").
 */
import { pointersOf, splitClauses } from "./clauses.js";
import { referenceRule } from "./rules-reference.js";
import type { RuleOutcome, Sentence } from "./types.js";

type MemoryOutcome = Extract<RuleOutcome, { kind: "memory" }>;

/** A rule from one clause that leans on the clause before ("we always update them"): nothing alone. */
const BACK_POINTING = /\b(?:them|those|these)\b|\bit\b(?!'s)/i;

function firstClaim(
  rules: ((s: Sentence) => RuleOutcome | undefined)[],
  s: Sentence,
): RuleOutcome | undefined {
  for (const rule of rules) {
    const out = rule(s);
    if (out) return out;
  }
  return undefined;
}

/**
 * `main` (the memory of the whole sentence, or of its first pointer clause when several clauses
 * hold pointers) and `also` (the memories of the other clauses).
 */
export function clauseMemories(
  s: Sentence,
  whole: MemoryOutcome,
  rules: ((s: Sentence) => RuleOutcome | undefined)[],
): { main: MemoryOutcome; also?: MemoryOutcome[] } {
  if (pointersOf(s.text).length === 0 && whole.memory.type !== "reference") return { main: whole };
  const clauses = splitClauses(s.text);
  if (clauses.length < 2) return { main: whole };
  const of = (text: string, i: number): Sentence => ({
    ...s,
    text,
    next: clauses[i + 1] ?? s.next,
    nextAfterSemicolon: false,
  });
  if (whole.memory.type !== "reference") {
    // a rule claimed the sentence: each clause with a pointer may be a reference of its own
    const also = clauses.flatMap((text, i) => {
      if (pointersOf(text).length === 0) return [];
      const ref = referenceRule(of(text, i));
      return ref?.kind === "memory" ? [ref] : [];
    });
    return { main: whole, also };
  }
  const withPointer = clauses.filter((c) => pointersOf(c).length > 0);
  let main = whole;
  if (withPointer.length >= 2) {
    const first = referenceRule(of(withPointer[0]!, clauses.indexOf(withPointer[0]!)));
    if (first?.kind === "memory") main = first;
  }
  const also: MemoryOutcome[] = [];
  for (const [i, text] of clauses.entries()) {
    if (pointersOf(text).some((p) => main.memory.description.includes(p))) continue;
    const out = firstClaim(rules, of(text, i));
    if (out?.kind !== "memory") continue;
    // a second pointer needs a URL, channel or id of its own ("…in figma, the file is <url>" is one)
    if (
      out.memory.type === "reference"
        ? pointersOf(text).length === 0
        : BACK_POINTING.test(out.memory.description)
    )
      continue;
    also.push(out);
  }
  return { main, also };
}
