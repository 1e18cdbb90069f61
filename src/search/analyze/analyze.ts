/**
 * The text analyzer shared by indexing and querying (layer search/).
 * Pipeline: fold (NFKD, marks removed, NFC) → words (letters/digits, inner apostrophes) → for a
 * CJK run, overlapping character bigrams (one character stays a unigram) → otherwise camelCase /
 * acronym split (`rateLimiter` → `rate limiter ratelimiter`), lowercase, English stopwords dropped,
 * Porter step-1 stemming. Separators (`_ - / . :` and the rest) split words, so `rate_limiter`,
 * `rate-limiter` and `src/rate/limiter.ts` give `rate limiter` too; `2026-03-14` → `2026 03 14`.
 * Hot path (UserPromptSubmit): no imports beyond core/text, one linear pass.
 */
import { CJK, CJK_RUNS, foldText, lower, WORD } from "./normalize.js";
import { stem } from "./stem.js";
import { STOPWORDS } from "./stopwords.js";

/** camelCase / PascalCase / acronym boundaries: `rateLimiter`, `HTTPServer`, `parseJSON2`. */
const CAMEL = /\p{Lu}+(?![\p{Ll}])|\p{Lu}?[^\p{Lu}]+|\p{Lu}/gu;
const HAS_UPPER_AFTER_FIRST = /.\p{Lu}/u;

function latinTokens(word: string, out: string[]): void {
  const parts = HAS_UPPER_AFTER_FIRST.test(word) ? (word.match(CAMEL) ?? [word]) : [word];
  for (const p of parts) pushTerm(lower(p), out);
  if (parts.length > 1) pushTerm(lower(word), out);
}

function pushTerm(t: string, out: string[]): void {
  if (t.length === 0 || STOPWORDS.has(t)) return;
  out.push(stem(t));
}

/** Overlapping bigrams of a CJK run (code points); a single character stays a unigram. */
export function cjkBigrams(run: string): string[] {
  const cps = Array.from(run);
  if (cps.length === 1) return cps;
  const out: string[] = [];
  for (let i = 0; i + 1 < cps.length; i++) out.push(cps[i]! + cps[i + 1]!);
  return out;
}

const APOSTROPHE = /['\u2019]/;
const NON_ASCII = /[^\x00-\x7f]/;

/** Calls `onLatin(word)` / `onCjk(run)` for each piece of `text`, in order. */
function walk(text: string, onLatin: (w: string) => void, onCjk: (run: string) => void): void {
  for (const m of foldText(text).matchAll(WORD)) {
    // Possessive 's goes; other apostrophes join (don't → dont, I'm → im).
    const raw = m[0];
    const word = APOSTROPHE.test(raw) ? raw.replace(/['\u2019][sS]$/, "").replace(/['\u2019]/g, "") : raw;
    if (!NON_ASCII.test(word) || !CJK.test(word)) {
      onLatin(word);
      continue;
    }
    let last = 0;
    for (const r of word.matchAll(CJK_RUNS)) {
      if (r.index > last) onLatin(word.slice(last, r.index));
      onCjk(r[0]);
      last = r.index + r[0].length;
    }
    if (last < word.length) onLatin(word.slice(last));
  }
}

/**
 * Index side: text → tokens, in order (duplicates kept, so BM25 term frequencies are right).
 * Every token is a string FTS5 `unicode61 remove_diacritics 0` reads back unchanged as one token.
 * Linear in the input; never throws (lone surrogates become U+FFFD, a separator).
 */
export function analyze(text: string): string[] {
  const out: string[] = [];
  walk(
    text,
    (w) => latinTokens(w, out),
    (run) => {
      for (const b of cjkBigrams(run)) out.push(lower(b));
    },
  );
  return out;
}

/** CJK runs of up to this many bigrams (5 characters) are phrases; longer runs become bigram terms. */
export const PHRASE_MAX_BIGRAMS = 4;

/** A query after analysis: unique terms, and CJK runs of 3-5 characters as phrases of bigrams. */
export interface AnalyzedQuery {
  terms: string[];
  phrases: string[][];
}

/** Query caps (a 10 KB query must be cheap). UTF-16 units of input read; terms; phrases. */
export const QUERY_LIMITS = { maxChars: 8192, maxTerms: 64, maxPhrases: 16, maxPhraseTokens: 16 } as const;

/**
 * Query side: unique terms in first-seen order (at most 64) and CJK phrases (at most 16, each
 * of at most 16 bigrams); only the first 8,192 UTF-16 units of `text` are read (never splitting a
 * surrogate pair). Never throws.
 */
export function analyzeQuery(text: string): AnalyzedQuery {
  let t = typeof text === "string" ? text : "";
  if (t.length > QUERY_LIMITS.maxChars) {
    const cut = QUERY_LIMITS.maxChars;
    const c = t.charCodeAt(cut - 1);
    t = t.slice(0, c >= 0xd800 && c <= 0xdbff ? cut - 1 : cut);
  }
  const terms: string[] = [];
  const seen = new Set<string>();
  const phrases: string[][] = [];
  const seenPhrase = new Set<string>();
  const addTerm = (x: string) => {
    if (seen.has(x) || terms.length >= QUERY_LIMITS.maxTerms) return;
    seen.add(x);
    terms.push(x);
  };
  walk(
    t,
    (w) => {
      const out: string[] = [];
      latinTokens(w, out);
      for (const x of out) addTerm(x);
    },
    (run) => {
      const grams = cjkBigrams(run).map(lower);
      // A short run reads as one word (`끝말잇기`, `用户身份`): it must match as a phrase. A longer run
      // is a sentence written without spaces (`用户身份验证怎么做`): its bigrams match independently.
      if (grams.length === 1 || grams.length > PHRASE_MAX_BIGRAMS) {
        for (const g of grams) addTerm(g);
        return;
      }
      const p = grams.slice(0, QUERY_LIMITS.maxPhraseTokens);
      const key = p.join(" ");
      if (seenPhrase.has(key) || phrases.length >= QUERY_LIMITS.maxPhrases) return;
      seenPhrase.add(key);
      phrases.push(p);
    },
  );
  return { terms, phrases };
}
