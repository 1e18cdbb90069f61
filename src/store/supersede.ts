/**
 * Corrections at write time: a memory draft that has the form of a correction (`correction.ts`:
 * change verbs, "no longer", "anymore", "now", "from X to Y", 바꿨어요, 이제부터; or marked
 * `corrects` by the extraction) and corrects a paragraph of a stored topic of its type
 * (`correctionMatch`: what it says stopped, or a choice of the class it names a new one of; or one
 * value swapped for another with the rest equal, never a subject qualifier) rewrites that topic:
 * the paragraph is written again with the choice swapped when the draft names the new one, else
 * the draft's body takes its place; the description follows; `metadata.supersedes` records
 * `{text, until, file}` per superseded fact (the dream's shape). Pure.
 */
import { isoUtc } from "../core/clock.js";
import {
  type Correction,
  correctionMatch,
  isSubjectQualifier,
  parseCorrection,
  storedKey,
} from "./correction.js";
import { surfaceOf, swapWords } from "./correction-text.js";
import { type RuleKey, ruleConflict } from "./rule-key.js";
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
/** The fact lines of a paragraph as written (digits kept), squashed to one line. */
const rawFact = (para: string) =>
  para
    .split("\n")
    .filter((l) => !WHY_HOW.test(l))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
const WHY_HOW = /^\s*\*\*(why|how to apply):\*\*/i;

/** A topic rewritten by a correction, and what it superseded. */
export interface Supersession {
  topic: TopicFile;
  superseded: SupersededFact[];
  /** True when the description was replaced (the file is then renamed after the draft). */
  described: boolean;
}

/** How a correction rewrites one text: swapped in place, or replaced by the correction's own words. */
type Rewrite = { swap: Map<string, string> } | "replace";

/** How `c` (the draft's correction) rewrites `text`, or undefined when it does not correct it. */
function rewriteOf(c: Correction, draftFact: string, text: string): Rewrite | undefined {
  const old = storedKey(text);
  const pairs = correctionMatch(c, old);
  if (pairs) {
    const swap = new Map<string, string>();
    for (const [from, to] of pairs) {
      const toWord = to === undefined ? undefined : surfaceOf(draftFact, to);
      if (toWord === undefined) return "replace";
      swap.set(from, toWord);
      // "tabs over spaces" → "spaces over tabs"
      const fromWord = old.terms.has(to!) ? surfaceOf(text, from) : undefined;
      if (fromWord !== undefined) swap.set(to!, fromWord);
    }
    return { swap };
  }
  // one value swapped for another with the rest equal ("deploy on Thursdays now"), never a subject
  return replaces(c.key, old) && !swapsSubject(c.key, old) ? "replace" : undefined;
}

/** True when the terms only one side has include a subject qualifier (staging / prod). */
function swapsSubject(a: RuleKey, b: RuleKey): boolean {
  const only = [...a.terms.keys()].filter((t) => !b.terms.has(t));
  only.push(...[...b.terms.keys()].filter((t) => !a.terms.has(t)));
  return only.some(isSubjectQualifier);
}

/**
 * The rewrite of the first topic (of `draft.type`) that `draft` corrects, or undefined when the draft
 * is no correction or corrects nothing (see the file comment). A superseded paragraph is written
 * again in its own words with the choice swapped when the correction names the new choice
 * ("we switched to pnpm" makes "Always use yarn in this repo" "Always use pnpm in this repo", with
 * the draft's Why/How lines); otherwise the draft's body takes its place.
 */
export function planSupersede(
  draft: Pick<MemoryDraft, "type" | "description" | "body" | "corrects">,
  topics: TopicFile[],
  nowMs: number,
): Supersession | undefined {
  const fact = `${draft.description}\n${rawFact(draft.body)}`;
  const c = parseCorrection(fact, draft.corrects === true);
  if (!c) return undefined;
  const until = isoUtc(nowMs).replace(/\.\d{3}Z$/, "Z");
  const draftWhy = draft.body.split("\n").filter((l) => WHY_HOW.test(l));
  for (const t of topics) {
    if (t.type !== draft.type) continue;
    const paras = t.body.split(/\n\s*\n/);
    const hits = paras.map((p) => (factLine(p) === "" ? undefined : rewriteOf(c, fact, rawFact(p))));
    const descHit = rewriteOf(c, fact, t.description);
    if (hits.every((h) => h === undefined) && !descHit) continue;
    const file = `${fileStem(t.path)}.md`;
    const superseded: SupersededFact[] = paras
      .filter((_, i) => hits[i])
      .map((p) => ({ text: factLine(p), until, file }));
    if (superseded.length === 0) superseded.push({ text: t.description, until, file });
    const first = hits.findIndex((h) => h !== undefined);
    const out: string[] = [];
    paras.forEach((p, i) => {
      const h = hits[i];
      if (h === undefined) out.push(p);
      else if (h !== "replace") out.push([`${swapWords(rawFact(p), h.swap)}`, ...draftWhy].join("\n"));
      else if (!out.includes(draft.body)) out.push(draft.body);
    });
    if (first < 0) out.unshift(draft.body);
    const body = [...new Set(out.filter((p) => p.trim() !== ""))].join("\n\n");
    const kept = paras.filter((_, i) => hits[i] === undefined);
    const prev = Array.isArray(t.metadata.supersedes) ? t.metadata.supersedes : [];
    const described = descHit !== undefined || kept.every((p) => factLine(p) === "");
    const swapOf = (h: Rewrite | undefined) => (h !== undefined && h !== "replace" ? h.swap : undefined);
    const descSwap = swapOf(descHit) ?? (descHit === undefined ? swapOf(hits[first]) : undefined);
    const description = !described
      ? t.description
      : descSwap
        ? swapWords(
            descHit !== undefined ? t.description : rawFact(paras[first]!).replace(/[.!?]+$/, ""),
            descSwap,
          )
        : draft.description;
    return {
      topic: {
        ...t,
        description,
        body,
        metadata: { ...t.metadata, supersedes: [...prev, ...superseded].slice(-MAX_SUPERSEDES) },
      },
      superseded,
      described,
    };
  }
  return undefined;
}
