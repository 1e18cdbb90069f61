/**
 * The deterministic synthetic corpus of bench/search: `n` topic files in the real memdir format
 * (DESIGN.md §3.1: frontmatter name / description / type / metadata.originSessionId /
 * metadata.updated, then a body of a few sentences with **Why:** / **How to apply:** lines).
 * Words are drawn from a Zipf distribution (s = 1) over FUNCTION_WORDS then CONTENT_FORMS; about
 * 5% of tokens are identifiers (camelCase, snake_case, PascalCase, paths: one concept, several
 * spellings; see CONCEPTS); about 5% of files carry a Korean or Chinese sentence and 0.5% are CJK only. File `i`
 * is the same for every `n` (its text depends on the seed and `i` only), so sizes are prefixes
 * of one another. PLANTED_COUNT files each hold one unique token (`plantedToken(j)`).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BASE_WORDS, CHINESE, CONTENT_FORMS, EXTENSIONS, FUNCTION_WORDS, JAPANESE, KOREAN } from "./vocab.js";

/** mulberry32: a small seeded PRNG, uniform in [0, 1). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A Zipf sampler over `items`: item i has weight 1 / (i + 1 + offset)^s. `offset` > 0 samples a
 * tail of a longer Zipf list (content words come after the function words in one distribution).
 */
export function zipf<T>(items: readonly T[], s = 1, offset = 0): (r: () => number) => T {
  const cum = new Float64Array(items.length);
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    total += 1 / (i + 1 + offset) ** s;
    cum[i] = total;
  }
  return (r) => {
    const u = r() * total;
    let lo = 0;
    let hi = items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < u) lo = mid + 1;
      else hi = mid;
    }
    return items[lo]!;
  };
}

/** Deterministic Fisher-Yates shuffle (a copy). */
export function shuffled<T>(items: readonly T[], r: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a;
}

export const pick = <T>(items: readonly T[], r: () => number): T => items[Math.floor(r() * items.length)]!;

/** The corpus seed (any fixed number; recorded in the report). */
export const SEED = 20261129;
/** "Now" of the corpus and of every query's recency factor: 2026-11-29T00:00:00Z. */
export const NOW_MS = Date.UTC(2026, 10, 29);
/** How many files hold a unique planted token. */
export const PLANTED_COUNT = 10;

/** The Zipf ranks: function words first, then the content forms in a seeded order. */
export const RANKED_WORDS: string[] = [...FUNCTION_WORDS, ...shuffled(CONTENT_FORMS, rng(SEED ^ 0x5eed))];
export const FUNCTION_SET: ReadonlySet<string> = new Set(FUNCTION_WORDS);
const wordAt = zipf(RANKED_WORDS, 1);
/** Content words only, with their frequencies in the text (queries: people type content words). */
export const contentWord = zipf(RANKED_WORDS.slice(FUNCTION_WORDS.length), 1, FUNCTION_WORDS.length);

/**
 * An identifier concept: 2-3 base words that one identifier spells in several ways. 20,000 of
 * them, words drawn uniformly (identifiers are made of any words), used with a flatter Zipf
 * (s = 0.8) than prose: the most common identifier is in about one file in ten, like the most
 * common content word, not in half of them.
 */
export type Concept = string[];
export const CONCEPTS: Concept[] = (() => {
  const r = rng(SEED ^ 0x1d);
  const out: Concept[] = [];
  const seen = new Set<string>();
  while (out.length < 20_000) {
    const k = r() < 0.8 ? 2 : 3;
    const c = Array.from({ length: k }, () => pick(BASE_WORDS, r));
    const key = c.join(" ");
    if (new Set(c).size < k || seen.has(key)) continue;
    seen.add(key);
    out.push(c);
  }
  return out;
})();
export const conceptAt = zipf(CONCEPTS, 0.8);

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** One spelling of a concept: camelCase, snake_case, PascalCase, a path, or an UPPER_SNAKE constant. */
export function spell(c: Concept, r: () => number): string {
  const u = r();
  if (u < 0.45) return c[0]! + c.slice(1).map(cap).join("");
  if (u < 0.65) return c.join("_");
  if (u < 0.8) return c.map(cap).join("");
  if (u < 0.95) return `src/${c.slice(0, -1).join("/")}/${c[c.length - 1]}.${pick(EXTENSIONS, r)}`;
  return c.join("_").toUpperCase();
}

function cjkSentence(r: () => number): string {
  if (r() < 0.5) {
    const n = 3 + Math.floor(r() * 5);
    return `${Array.from({ length: n }, () => pick(KOREAN, r)).join(" ")}.`;
  }
  const n = 3 + Math.floor(r() * 5);
  const pool = r() < 0.15 ? [...CHINESE, ...JAPANESE] : CHINESE;
  return `${Array.from({ length: n }, () => pick(pool, r)).join("")}。`;
}

function sentence(r: () => number, min: number, max: number): string {
  const n = min + Math.floor(r() * (max - min + 1));
  const toks: string[] = [];
  for (let i = 0; i < n; i++) {
    const u = r();
    toks.push(u < 0.05 ? spell(conceptAt(r), r) : wordAt(r));
  }
  const s = toks.join(" ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The unique token planted in file `plantedIndex(j, n)`: `zqplant` + two base-36 digits. */
export function plantedToken(j: number): string {
  return `zqplant${j.toString(36).padStart(2, "0")}`;
}

/** Which file (0-based) holds planted token `j` in a corpus of `n` files. */
export function plantedIndex(j: number, n: number): number {
  return Math.floor(((j + 0.5) * n) / PLANTED_COUNT);
}

export interface GeneratedTopic {
  /** File name (`<name>.md`). */
  file: string;
  text: string;
}

const TYPES = ["feedback", "project", "reference", "user"] as const;

function uuid(r: () => number): string {
  const h = () =>
    Math.floor(r() * 0x10000)
      .toString(16)
      .padStart(4, "0");
  return `${h()}${h()}-${h()}-4${h().slice(1)}-a${h().slice(1)}-${h()}${h()}${h()}`;
}

/** Topic `i` of the corpus (independent of the corpus size; `planted` adds a unique token). */
export function topic(i: number, planted?: string): { name: string; text: string } {
  const r = rng((SEED ^ Math.imul(i + 1, 0x9e3779b1)) >>> 0);
  const cjkOnly = r() < 0.005;
  const u = r();
  const type = u < 0.35 ? TYPES[0] : u < 0.7 ? TYPES[1] : u < 0.85 ? TYPES[2] : TYPES[3];
  // ~8 memories per session: the origin session comes from a per-block PRNG.
  const session = uuid(rng((SEED ^ Math.imul(Math.floor(i / 8) + 7, 0x85ebca6b)) >>> 0));
  const updated = new Date(NOW_MS - Math.floor(r() * 730 * 86_400_000)).toISOString().replace(/\.\d+Z$/, "Z");
  let description: string;
  const body: string[] = [];
  if (cjkOnly) {
    description = cjkSentence(r);
    for (let k = 0; k < 2 + Math.floor(r() * 3); k++) body.push(cjkSentence(r));
  } else {
    description = sentence(r, 6, 14).replace(/[.。]$/, "");
    const n = 2 + Math.floor(r() * 4);
    const lines: string[] = [];
    for (let k = 0; k < n; k++) lines.push(`${sentence(r, 6, 18)}.`);
    if (r() < 0.05) lines.splice(Math.floor(r() * lines.length), 0, cjkSentence(r));
    // One or two paragraph lines (Claude Code writes the rule as a line or a short paragraph).
    const cut = r() < 0.5 ? lines.length : 1 + Math.floor(r() * (lines.length - 1));
    body.push(lines.slice(0, cut).join(" "));
    if (cut < lines.length) body.push(lines.slice(cut).join(" "));
    body.push(`**Why:** ${sentence(r, 5, 14)}.`);
    body.push(`**How to apply:** ${sentence(r, 5, 14)}.`);
  }
  if (planted) body.push(`Keep ${planted} in mind.`);
  // The name is a kebab slug of the description's first content words, as Claude Code writes it.
  const slug = description
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2 && !FUNCTION_SET.has(w))
    .slice(0, 2 + Math.floor(r() * 3));
  const name = slug.length ? slug.join("-") : `memory-${i.toString(36)}`;
  const text = [
    "---",
    `name: ${name}`,
    `description: ${description}`,
    `type: ${type}`,
    "metadata:",
    `  originSessionId: ${session}`,
    `  updated: ${updated}`,
    "---",
    "",
    ...body,
    "",
  ].join("\n");
  return { name, text };
}

/**
 * Writes topics 0..n-1 into `dir` (created) as `<name>.md`; a name already taken gets `-<i base 36>`
 * (in the file name and the frontmatter `name`).
 * Returns the file names in topic order (index i = topic i).
 */
export function writeCorpus(dir: string, n: number): string[] {
  mkdirSync(dir, { recursive: true });
  const planted = new Map<number, string>();
  for (let j = 0; j < PLANTED_COUNT; j++) planted.set(plantedIndex(j, n), plantedToken(j));
  const taken = new Set<string>();
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = topic(i, planted.get(i));
    let name = t.name;
    // MEMORY.md is the index, never a topic file (store/list.ts skips it).
    if (taken.has(name) || name === "memory") name = `${t.name}-${i.toString(36)}`;
    taken.add(name);
    const file = `${name}.md`;
    writeFileSync(
      join(dir, file),
      name === t.name ? t.text : t.text.replace(`name: ${t.name}\n`, `name: ${name}\n`),
    );
    files.push(file);
  }
  return files;
}
