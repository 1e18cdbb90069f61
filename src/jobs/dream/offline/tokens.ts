/**
 * Fact units and their tokens for the offline dream. A topic's facts are its
 * description and the sentences of its body lines, without the `**Why:**` / `**How to apply:**`
 * lines, headings and code blocks. Tokens keep numbers, dates and polarity words (which the store's
 * `contentWords` drops) because a contradiction is often just "14" → "16" or "always" → "never".
 */

import { KO_PARTICLES } from "../../../core/korean.js";
import { contentWords, stemWord } from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";

/** One fact of a topic: the description or one sentence of one body line. */
export interface FactUnit {
  /** The sentence as written (list marker removed). */
  text: string;
  /** `description`, or the 0-based index of the body line it comes from. */
  where: "description" | number;
  /** The Markdown headings the line sits under, outermost first, joined by " / " ("" for none). */
  heading: string;
  /** Ordered tokens (see `factTokens`). */
  tokens: Token[];
  /** The tokens' keys. */
  keys: Set<string>;
}

export interface Token {
  /** Lower-case NFKC form as written (`#45` keeps its `#`). */
  raw: string;
  /** Comparison key: stemmed (English), particle-stripped (Korean), negations folded to `not`. */
  key: string;
  /** The word written right before it, function words included ("" at the start): `bug` in "Bug 123". */
  prev: string;
  /** True when a copula, `:` or `=` comes before it in the sentence ("The timeout is 30 s"). */
  afterCopula: boolean;
}

/** Words that carry no fact (articles, copulas, pronouns, time fillers like "now"). */
const FUNCTION_WORDS = new Set(
  (
    "a an the is are was were be been being am it its this that these those of to in on at by for with from as " +
    "and or we our us you your i my me they their there here now currently still also just so then please will " +
    "would shall should can could may might must has have had do does did get gets got"
  ).split(" "),
);

const HANGUL = /^[\uAC00-\uD7A3]+$/;

/** A Hangul word without its trailing particle (`배포는` → `배포`); other words unchanged. */
export function stripParticle(word: string): string {
  if (!HANGUL.test(word)) return word;
  for (const p of KO_PARTICLES) {
    const rest = word.length - p.length;
    if (word.endsWith(p) && rest >= (p.length === 1 ? 2 : 1)) return word.slice(0, rest);
  }
  return word;
}

const TOKEN = /\d{4}-\d{2}-\d{2}|#\d[\p{L}\p{N}]*|[\p{L}\p{N}]+(?:[.'][\p{L}\p{N}]+)*/gu;
const NEGATION = /\b(?:do not|does not|did not|don't|doesn't|didn't|dont|doesnt|cannot|can't)\b/g;
/** Any word, for `Token.prev`. */
const WORD = /#?[\p{L}\p{N}]+(?:[.'][\p{L}\p{N}]+)*/gu;
const COPULA = /^(?:is|are|was|were|be|been|becomes|equals)$/;
/** A number followed by a Hangul unit and particle (`30초로` → `30초`). */
const KO_NUMBER = /^(\d[\d.,]*)([\uAC00-\uD7A3]+)$/;

function tokenKey(raw: string): string {
  const ko = KO_NUMBER.exec(raw);
  if (ko) {
    const unit = ko[2]!;
    for (const p of KO_PARTICLES) if (unit.endsWith(p)) return ko[1]! + unit.slice(0, -p.length);
    return raw;
  }
  if (/\d/.test(raw)) return raw;
  return HANGUL.test(raw) ? stripParticle(raw) : stemWord(raw);
}

/** Ordered tokens of `text`: function words dropped; numbers, dates and polarity words kept. */
export function factTokens(text: string): Token[] {
  const norm = text.normalize("NFKC").toLowerCase().replace(/[’‘]/g, "'").replace(NEGATION, " not ");
  const out: Token[] = [];
  let prev = "";
  let copula = false;
  let last = 0;
  for (const m of norm.matchAll(TOKEN)) {
    const gap = norm.slice(last, m.index);
    last = m.index + m[0].length;
    for (const w of gap.matchAll(WORD)) prev = w[0];
    if (/[:=]/.test(gap)) copula = true;
    const raw = m[0].replace(/'s$/, "");
    const here = { prev, afterCopula: copula };
    prev = raw;
    if (COPULA.test(raw)) copula = true;
    if (FUNCTION_WORDS.has(raw)) continue;
    out.push({ raw, key: tokenKey(raw), ...here });
  }
  return out;
}

/** The keys of `factTokens(text)` as a set. */
export const tokenKeys = (text: string): Set<string> => new Set(factTokens(text).map((t) => t.key));

/** `contentWords` with Korean particles stripped: the word set the dream's similarity compares. */
export function dreamWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of contentWords(text)) out.add(stripParticle(w));
  return out;
}

const WHY_HOW = /^\s*(?:[-*]\s+)?\*\*(?:why|how to apply):\*\*/i;
const LIST_MARKER = /^\s*(?:[-*+]|\d+[.)])\s+/;

/** True for a `**Why:**` / `**How to apply:**` line (explanation, not a fact). */
export const isWhyHowLine = (line: string): boolean => WHY_HOW.test(line);

/** Splits one line into sentences (`. ! ? 。` followed by a space). */
export function sentences(line: string): string[] {
  return line
    .split(/(?<=[.!?。])\s+(?=\S)/u)
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * Line indexes of `body` that hold facts: not blank, not a heading, not a Why/How line, not
 * inside a fenced code block.
 */
export function factLineIndexes(body: string): number[] {
  const out: number[] = [];
  let fenced = false;
  body.split("\n").forEach((line, i) => {
    if (/^\s*(?:```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced || line.trim() === "" || /^\s*#/.test(line) || isWhyHowLine(line)) return;
    out.push(i);
  });
  return out;
}

const unitCache = new WeakMap<object, FactUnit[]>();

function unit(text: string, where: FactUnit["where"], heading: string): FactUnit {
  const tokens = factTokens(text);
  return { text, where, heading, tokens, keys: new Set(tokens.map((t) => t.key)) };
}

const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;

/** For each line of `body`, the headings it sits under, outermost first (fenced code ignored). */
export function headingsByLine(body: string): string[][] {
  const stack: { level: number; text: string }[] = [];
  let fenced = false;
  return body.split("\n").map((line) => {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    const h = fenced ? null : HEADING.exec(line);
    if (h) {
      const level = h[1]!.length;
      while (stack.length > 0 && stack[stack.length - 1]!.level >= level) stack.pop();
      stack.push({ level, text: h[2]! });
      return [];
    }
    return stack.map((x) => x.text);
  });
}

/**
 * True for a lead-in line: a fact line that ends with `:` and introduces what follows ("For the
 * reporting worker:"), not a heading and not a Why/How line.
 */
export const isLeadInLine = (line: string): boolean =>
  /:\s*$/.test(line) && !/^\s*#/.test(line) && !isWhyHowLine(line) && /[\p{L}\p{N}]/u.test(line);

/**
 * For each line of `body`, the lead-in lines above it in its section (since the last heading),
 * without their `:` and list marker; fenced code ignored. A lead-in names the subject of every
 * fact below it, like a heading.
 */
export function leadInsByLine(body: string): string[][] {
  let fenced = false;
  let leads: string[] = [];
  return body.split("\n").map((line) => {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return leads;
    if (HEADING.test(line)) {
      leads = [];
      return leads;
    }
    const here = leads;
    if (isLeadInLine(line)) leads = [...leads, line.replace(LIST_MARKER, "").replace(/:\s*$/, "").trim()];
    return here;
  });
}

/**
 * The facts of a topic: its description, then every sentence of every fact line of its body, each
 * with the headings and lead-in lines (`leadInsByLine`) it sits under. Cached per topic object (the planner replaces a topic object
 * whenever it changes it).
 */
export function factUnits(topic: Pick<TopicFile, "description" | "body">): FactUnit[] {
  const hit = unitCache.get(topic);
  if (hit) return hit;
  const units: FactUnit[] = [];
  const desc = topic.description.trim();
  if (desc !== "") units.push(unit(desc, "description", ""));
  const lines = topic.body.split("\n");
  const heads = headingsByLine(topic.body);
  const leads = leadInsByLine(topic.body);
  for (const i of factLineIndexes(topic.body)) {
    const heading = [...heads[i]!, ...leads[i]!].join(" / ");
    for (const s of sentences(lines[i]!.replace(LIST_MARKER, ""))) units.push(unit(s, i, heading));
  }
  unitCache.set(topic, units);
  return units;
}

/** The body's fact units only (the description excluded). */
export const bodyUnits = (topic: Pick<TopicFile, "description" | "body">): FactUnit[] =>
  factUnits(topic).filter((u) => u.where !== "description");
