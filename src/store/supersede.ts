/**
 * Corrections at write time: a memory draft that says it replaces an earlier statement ("now",
 * "actually", "이제부터", `isCorrection`) and contradicts a paragraph of a stored topic of its type on
 * the same rule key (a term stated by one and negated by the other, or one value swapped for
 * another with the rest equal) rewrites that topic: the contradicted paragraphs give way to the
 * draft's body, the description becomes the draft's when it said what was superseded, and
 * `metadata.supersedes` records `{text, until, file}` per superseded fact (the dream's shape). Pure.
 */
import { isoUtc } from "../core/clock.js";
import { isCorrection, type RuleKey, ruleConflict, ruleKey } from "./rule-key.js";
import { factText, fileStem } from "./similarity.js";
import type { MemoryDraft, TopicFile } from "./types.js";

/** At most this many superseded facts are kept per topic (the newest). */
export const MAX_SUPERSEDES = 10;

/** One superseded fact, as `metadata.supersedes` holds it. */
export interface SupersededFact {
  text: string;
  /** When it stopped being true (ISO 8601 UTC, seconds). */
  until: string;
  /** The topic file it was written in (`name.md`). */
  file: string;
}

/** Terms (polarity left out) of a key. */
const termsOf = (k: RuleKey) => new Set(k.terms.keys());

/**
 * True when `next` replaces `old`: a term one states and the other negates with at least two terms
 * (that one included) shared and at most one term of either missing from the other, or the same
 * terms but one swapped on each side ("deploy on Tuesdays" / "deploy on Thursdays").
 */
export function replaces(next: RuleKey, old: RuleKey): boolean {
  const a = termsOf(next);
  const b = termsOf(old);
  const shared = [...a].filter((t) => b.has(t)).length;
  const onlyA = a.size - shared;
  const onlyB = b.size - shared;
  if (ruleConflict(next, old).length > 0) return shared >= 2 && onlyA <= 1 && onlyB <= 1;
  return shared >= 1 && onlyA === 1 && onlyB === 1 && shared >= Math.max(a.size, b.size) - 1;
}

/** The fact lines of a paragraph without Why/How lines, squashed to one line. */
const factLine = (para: string) => factText(para).replace(/\s+/g, " ").trim();

/** A topic rewritten by a correction, and what it superseded. */
export interface Supersession {
  topic: TopicFile;
  superseded: SupersededFact[];
  /** True when the description was replaced (the file is then renamed after the draft). */
  described: boolean;
}

/**
 * The rewrite of the first topic (of `draft.type`) that `draft` corrects, or undefined when the draft
 * is no correction or corrects nothing (see the file comment).
 */
export function planSupersede(
  draft: Pick<MemoryDraft, "type" | "description" | "body">,
  topics: TopicFile[],
  nowMs: number,
): Supersession | undefined {
  const fact = `${draft.description}\n${factText(draft.body)}`;
  if (!isCorrection(fact)) return undefined;
  const next = ruleKey(fact);
  const until = isoUtc(nowMs).replace(/\.\d{3}Z$/, "Z");
  for (const t of topics) {
    if (t.type !== draft.type) continue;
    const paras = t.body.split(/\n\s*\n/);
    const hit = paras.map((p) => factLine(p) !== "" && replaces(next, ruleKey(factLine(p))));
    const descHit = replaces(next, ruleKey(t.description));
    if (!hit.includes(true) && !descHit) continue;
    const file = `${fileStem(t.path)}.md`;
    const superseded: SupersededFact[] = paras
      .filter((_, i) => hit[i])
      .map((p) => ({ text: factLine(p), until, file }));
    if (superseded.length === 0) superseded.push({ text: t.description, until, file });
    const kept = paras.filter((_, i) => !hit[i]);
    const first = hit.indexOf(true);
    const body = [...kept.slice(0, Math.max(first, 0)), draft.body, ...kept.slice(Math.max(first, 0))]
      .filter((p) => p.trim() !== "")
      .join("\n\n");
    const prev = Array.isArray(t.metadata.supersedes) ? t.metadata.supersedes : [];
    const described = descHit || kept.every((p) => factLine(p) === "");
    return {
      topic: {
        ...t,
        description: described ? draft.description : t.description,
        body,
        metadata: { ...t.metadata, supersedes: [...prev, ...superseded].slice(-MAX_SUPERSEDES) },
      },
      superseded,
      described,
    };
  }
  return undefined;
}
