/**
 * Near-duplicate detection for topic files (DESIGN.md §4 "merge into an existing file rather than
 * creating a near-duplicate"). Offline and deterministic: normalized word sets compared by overlap
 * (containment) and Jaccard; no model, no embeddings.
 */
import { ruleApart, ruleKey, ruleOverlap } from "./rule-key.js";
import type { MemoryDraft, TopicFile } from "./types.js";
import { STOPWORDS, stem } from "./words.js";

/** Merge when the best score reaches this (tuned by test/store/similarity.test.ts). */
export const MERGE_THRESHOLD = 0.6;
/** Overlap (containment) is used only when both sets have at least this many words; Jaccard otherwise. */
const MIN_OVERLAP_SET = 3;

/**
 * The content words of `text`: NFKC, lower case, split on anything that is not a letter or digit,
 * stopwords and one-letter words dropped, light stemming.
 */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const raw of text
    .normalize("NFKC")
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)) {
    const w = raw.replace(/^'+|'+$/g, "");
    if (w.length < 2 || STOPWORDS.has(w)) continue;
    out.add(stem(w.replace(/'s$/, "")));
  }
  return out;
}

function intersection(a: Set<string>, b: Set<string>): number {
  let n = 0;
  const [small, big] = a.size <= b.size ? [a, b] : [b, a];
  for (const w of small) if (big.has(w)) n++;
  return n;
}

/** |A∩B| / |A∪B|, 0 for two empty sets. */
export function jaccard(a: Set<string>, b: Set<string>): number {
  const i = intersection(a, b);
  const u = a.size + b.size - i;
  return u === 0 ? 0 : i / u;
}

/** |A∩B| / min(|A|,|B|) when both sets have MIN_OVERLAP_SET words or more, else Jaccard. */
export function overlap(a: Set<string>, b: Set<string>): number {
  if (Math.min(a.size, b.size) < MIN_OVERLAP_SET) return jaccard(a, b);
  return intersection(a, b) / Math.min(a.size, b.size);
}

/**
 * How close `draft` is to `topic` (0..1): the best of description vs description (overlap), whole
 * text vs whole text (Jaccard), and the draft vs each paragraph of the topic's body (overlap), so a
 * topic that has absorbed many facts is matched fact by fact rather than by its growing vocabulary.
 * Word overlap and rule-key overlap (`rule-key.ts`: Korean particles off, short forms folded, filler
 * dropped) both count; a comparison whose rule keys `ruleApart` tells apart (opposite polarity,
 * different objects, different qualifiers) scores 0.
 */
export function similarity(draft: Pick<MemoryDraft, "description" | "body">, topic: TopicFile): number {
  const dDesc = contentWords(draft.description);
  const dAll = contentWords(`${draft.description}\n${factText(draft.body)}`);
  const kDesc = ruleKey(draft.description);
  const kAll = ruleKey(`${draft.description}\n${factText(draft.body)}`);
  const tDesc = ruleKey(topic.description);
  // each comparison counts only when the rule keys do not tell the two apart (polarity, objects, qualifiers)
  let best = 0;
  if (ruleApart(kDesc, tDesc) === undefined) {
    best = Math.max(
      overlap(dDesc, contentWords(topic.description)),
      shortRuleContainment(draft.description, topic.description),
      ruleOverlap(kDesc, tDesc),
    );
  }
  const whole = `${topic.description}\n${factText(topic.body)}`;
  if (ruleApart(kAll, ruleKey(whole)) === undefined)
    best = Math.max(best, jaccard(dAll, contentWords(whole)));
  for (const para of topic.body.split(/\n\s*\n/)) {
    const fact = factText(para);
    if (fact.trim() === "") continue;
    const kPara = ruleKey(fact);
    if (ruleApart(kAll, kPara) !== undefined) continue;
    best = Math.max(best, overlap(dAll, contentWords(fact)), ruleOverlap(kAll, kPara));
  }
  return best;
}

/** Words that only say where a rule applies in general ("in this repo", "here"): no content. */
const FILLER = new Set(["repo", "repository", "here", "project", "codebase", "this", "code", "base"]);
/** Polarity words of a rule: two rules that share one and a key term say the same kind of thing. */
const POLARITY =
  /\b(?:always|never|don't|dont|do not|avoid|stop|prefer|only|must|should)\b|(?:항상|절대|하지 ?마|말고|대신)/g;
/** The "short rule" containment applies when the smaller description has at most this many content words. */
const SHORT_RULE_WORDS = 2;
/** …and the larger one at most this many. */
const SHORT_RULE_MAX_WORDS = 5;

function polarity(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.toLowerCase().replace(/[’‘]/g, "'").matchAll(POLARITY)) {
    out.add(m[0].replace(/^(?:dont|do not)$/, "don't").replace(/\s+/g, ""));
  }
  return out;
}

/**
 * Short rules that refine one another ("Always use pnpm in this repo" / "always use pnpm here, never
 * npm"): after dropping filler words ("repo", "here", "project"), when the smaller description has
 * at most SHORT_RULE_WORDS content words, the larger at most SHORT_RULE_MAX_WORDS, and both share a
 * polarity word (always, never, don't…), the score is the share of the smaller set found in the
 * larger (containment). 0 otherwise. "always use pnpm" / "always use prettier" share no key term.
 */
export function shortRuleContainment(a: string, b: string): number {
  const wa = new Set([...contentWords(a)].filter((w) => !FILLER.has(w)));
  const wb = new Set([...contentWords(b)].filter((w) => !FILLER.has(w)));
  const [small, big] = wa.size <= wb.size ? [wa, wb] : [wb, wa];
  if (small.size === 0 || small.size > SHORT_RULE_WORDS || big.size > SHORT_RULE_MAX_WORDS) return 0;
  const pb = polarity(b);
  if (![...polarity(a)].some((p) => pb.has(p))) return 0;
  return intersection(small, big) / small.size;
}

/**
 * The rule/fact lines of a body, without the `**Why:**` / `**How to apply:**` lines and without
 * numbers: those lines are largely boilerplate ("Stated by the user on 2026-03-02") that would make
 * unrelated memories of the same day look alike.
 */
export function factText(body: string): string {
  return body
    .split("\n")
    .filter((l) => !/^\s*\*\*(why|how to apply):\*\*/i.test(l))
    .join("\n")
    .replace(/\b\d[\d:.\-tTzZ]*\b/g, " ");
}

/** Lower-cased words joined by single spaces: text compared regardless of case, punctuation, markup. */
export function normalizeForContainment(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** True when `fact` (its words, in order) already appears in `body`. */
export function containsFact(body: string, fact: string): boolean {
  const f = normalizeForContainment(fact);
  return f === "" || ` ${normalizeForContainment(body)} `.includes(` ${f} `);
}

/**
 * The topic of the same type that `draft` should merge into, or undefined: a topic whose file
 * name equals `slug` (the draft's preferred name), else the most similar one scoring at least
 * MERGE_THRESHOLD (ties: the most recently modified).
 */
export function findNearDuplicate(
  draft: Pick<MemoryDraft, "type" | "description" | "body">,
  slug: string | undefined,
  topics: TopicFile[],
): { topic: TopicFile; score: number } | undefined {
  const same = topics.filter((t) => t.type === draft.type);
  if (slug) {
    const byName = same.find((t) => fileStem(t.path) === slug);
    if (byName) return { topic: byName, score: 1 };
  }
  let best: { topic: TopicFile; score: number } | undefined;
  for (const t of same) {
    if (draft.type === "reference" && !samePointer(draft, t)) continue;
    const score = similarity(draft, t);
    if (score < MERGE_THRESHOLD) continue;
    if (!best || score > best.score || (score === best.score && t.mtimeMs > best.topic.mtimeMs)) {
      best = { topic: t, score };
    }
  }
  return best;
}

const URL_RE = /https?:\/\/[^\s)>\]"'`]+/gi;

/** The URLs of a memory's description and body, lower case, trailing punctuation cut. */
function urlsOf(m: Pick<MemoryDraft, "description" | "body">): Set<string> {
  const found = `${m.description}\n${m.body}`.match(URL_RE) ?? [];
  return new Set(found.map((u) => u.replace(/[.,;:!?]+$/, "").toLowerCase()));
}

/**
 * True when two reference memories can be one pointer: they share a URL, or neither holds one. A
 * runbook link and a paging service about the same alert are two pointers, however alike their words.
 */
function samePointer(
  a: Pick<MemoryDraft, "description" | "body">,
  b: Pick<MemoryDraft, "description" | "body">,
): boolean {
  const ua = urlsOf(a);
  const ub = urlsOf(b);
  if (ua.size === 0 && ub.size === 0) return true;
  for (const u of ua) if (ub.has(u)) return true;
  return false;
}

/** File name of `path` without directory and `.md`. */
export function fileStem(path: string): string {
  const base = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
  return base.replace(/\.md$/i, "");
}

/**
 * The light English stemming `contentWords` applies to each word (`tests` → `test`, `mocking` →
 * `mock`), for callers that tokenize differently but must meet `contentWords` (jobs/dream/offline).
 */
export function stemWord(word: string): string {
  return stem(word);
}

/** Whether `word` is one of the stopwords `contentWords` drops (lower-case input). */
export function isStopword(word: string): boolean {
  return STOPWORDS.has(word);
}
