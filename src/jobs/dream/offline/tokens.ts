/**
 * Fact units and their tokens for the offline dream (issue 5 point 3). A topic's facts are its
 * description and the sentences of its body lines, without the `**Why:**` / `**How to apply:**`
 * lines, headings and code blocks. Tokens keep numbers, dates and polarity words (which the store's
 * `contentWords` drops) because a contradiction is often just "14" → "16" or "always" → "never".
 */
import { contentWords, stemWord } from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";

/** One fact of a topic: the description or one sentence of one body line. */
export interface FactUnit {
  /** The sentence as written (list marker removed). */
  text: string;
  /** `description`, or the 0-based index of the body line it comes from. */
  where: "description" | number;
  /** Ordered tokens (see `factTokens`). */
  tokens: Token[];
  /** The tokens' keys. */
  keys: Set<string>;
}

export interface Token {
  /** Lower-case NFKC form as written. */
  raw: string;
  /** Comparison key: stemmed (English), particle-stripped (Korean), negations folded to `not`. */
  key: string;
}

/** Words that carry no fact (articles, copulas, pronouns, time fillers like "now"). */
const FUNCTION_WORDS = new Set(
  (
    "a an the is are was were be been being am it its this that these those of to in on at by for with from as " +
    "and or we our us you your i my me they their there here now currently still also just so then please will " +
    "would shall should can could may might must has have had do does did get gets got"
  ).split(" "),
);

/** Korean particles stripped from the end of a Hangul word (longest first). */
const KO_PARTICLES = [
  "에서는",
  "에게서",
  "으로는",
  "에서",
  "에게",
  "으로",
  "부터",
  "까지",
  "마다",
  "처럼",
  "보다",
  "은",
  "는",
  "이",
  "가",
  "을",
  "를",
  "에",
  "로",
  "의",
  "도",
  "와",
  "과",
  "만",
];
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

const TOKEN = /\d{4}-\d{2}-\d{2}|[\p{L}\p{N}]+(?:[.'][\p{L}\p{N}]+)*/gu;
const NEGATION = /\b(?:do not|does not|did not|don't|doesn't|didn't|dont|doesnt|cannot|can't)\b/g;

/** Ordered tokens of `text`: function words dropped; numbers, dates and polarity words kept. */
export function factTokens(text: string): Token[] {
  const norm = text.normalize("NFKC").toLowerCase().replace(/[’‘]/g, "'").replace(NEGATION, " not ");
  const out: Token[] = [];
  for (const m of norm.matchAll(TOKEN)) {
    const raw = m[0].replace(/'s$/, "");
    if (FUNCTION_WORDS.has(raw)) continue;
    const key = /\d/.test(raw) ? raw : HANGUL.test(raw) ? stripParticle(raw) : stemWord(raw);
    out.push({ raw, key });
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

function unit(text: string, where: FactUnit["where"]): FactUnit {
  const tokens = factTokens(text);
  return { text, where, tokens, keys: new Set(tokens.map((t) => t.key)) };
}

/**
 * The facts of a topic: its description, then every sentence of every fact line of its body.
 * Cached per topic object (the planner replaces a topic object whenever it changes it).
 */
export function factUnits(topic: Pick<TopicFile, "description" | "body">): FactUnit[] {
  const hit = unitCache.get(topic);
  if (hit) return hit;
  const units: FactUnit[] = [];
  const desc = topic.description.trim();
  if (desc !== "") units.push(unit(desc, "description"));
  const lines = topic.body.split("\n");
  for (const i of factLineIndexes(topic.body)) {
    for (const s of sentences(lines[i]!.replace(LIST_MARKER, ""))) units.push(unit(s, i));
  }
  unitCache.set(topic, units);
  return units;
}

/** The body's fact units only (the description excluded). */
export const bodyUnits = (topic: Pick<TopicFile, "description" | "body">): FactUnit[] =>
  factUnits(topic).filter((u) => u.where !== "description");
