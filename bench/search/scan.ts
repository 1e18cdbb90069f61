/**
 * The linear-scan baseline of bench/search: what a tool without an index does for every query.
 * List the memory dir, read every topic file, split it into lowercase words, score each file by
 * how many distinct query words it contains (ties: more occurrences, then file name), keep the top
 * k. CJK query words are matched as substrings (a plain word split cannot cut unspaced Chinese).
 * Query words are the query's lowercase words minus the analyzer's STOPWORDS. No stemming, no
 * identifier splitting: cheaper than the real analyzer, so it favours the scan.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { STOPWORDS } from "../../src/search/analyze/index.js";

const SPLIT = /[^\p{L}\p{N}]+/u;
const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}]/u;

export interface ScanHit {
  file: string;
  /** Distinct query words found. */
  matched: number;
  /** Occurrences of query words. */
  count: number;
}

/** The scan's query words: lowercase, split on non-letters/digits, stopwords dropped, unique. */
export function scanTerms(query: string): string[] {
  return [...new Set(query.toLowerCase().split(SPLIT))].filter((w) => w && !STOPWORDS.has(w));
}

function better(a: ScanHit, b: ScanHit): boolean {
  return a.matched !== b.matched
    ? a.matched > b.matched
    : a.count !== b.count
      ? a.count > b.count
      : a.file < b.file;
}

/** Inserts `h` into the sorted top-k list `top` (best first). */
function keepTop(top: ScanHit[], h: ScanHit, k: number): void {
  if (top.length === k && !better(h, top[k - 1]!)) return;
  let i = top.length;
  while (i > 0 && better(h, top[i - 1]!)) i--;
  top.splice(i, 0, h);
  if (top.length > k) top.pop();
}

function countSubstring(hay: string, needle: string): number {
  let n = 0;
  for (let i = hay.indexOf(needle); i >= 0; i = hay.indexOf(needle, i + needle.length)) n++;
  return n;
}

/** Scores one file's text (already lowercased) against the query words. */
export function scoreText(lower: string, words: string[], cjk: string[], file: string): ScanHit | null {
  let matched = 0;
  let count = 0;
  if (words.length) {
    const want = new Map(words.map((w) => [w, 0]));
    for (const tok of lower.split(SPLIT)) {
      const c = want.get(tok);
      if (c !== undefined) want.set(tok, c + 1);
    }
    for (const c of want.values()) {
      if (c > 0) {
        matched++;
        count += c;
      }
    }
  }
  for (const w of cjk) {
    const c = countSubstring(lower, w);
    if (c > 0) {
      matched++;
      count += c;
    }
  }
  return matched > 0 ? { file, matched, count } : null;
}

/**
 * The top `k` files of `dir` for `query`, reading every `.md` file from disk (the OS page cache is
 * warm: the bench wrote the files). Returns [] when the query has no words.
 */
export function scanQuery(dir: string, query: string, k: number): ScanHit[] {
  const terms = scanTerms(query);
  if (!terms.length) return [];
  const words = terms.filter((t) => !CJK.test(t));
  const cjk = terms.filter((t) => CJK.test(t));
  const top: ScanHit[] = [];
  for (const file of readdirSync(dir)) {
    if (!file.endsWith(".md")) continue;
    const h = scoreText(readFileSync(join(dir, file), "utf8").toLowerCase(), words, cjk, file);
    if (h) keepTop(top, h, k);
  }
  return top;
}

/** Every file pre-read and pre-split once: the scan's lower bound (no I/O, no tokenizing per query). */
export interface ScanCache {
  files: string[];
  lower: string[];
  tokens: Map<string, number>[];
}

/** Reads and tokenizes every `.md` file of `dir` once. */
export function buildScanCache(dir: string): ScanCache {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort();
  const lower: string[] = [];
  const tokens: Map<string, number>[] = [];
  for (const f of files) {
    const l = readFileSync(join(dir, f), "utf8").toLowerCase();
    lower.push(l);
    const m = new Map<string, number>();
    for (const t of l.split(SPLIT)) if (t) m.set(t, (m.get(t) ?? 0) + 1);
    tokens.push(m);
  }
  return { files, lower, tokens };
}

/** The same ranking as scanQuery over the cache (term-count lookups only). */
export function scanCached(cache: ScanCache, query: string, k: number): ScanHit[] {
  const terms = scanTerms(query);
  if (!terms.length) return [];
  const words = terms.filter((t) => !CJK.test(t));
  const cjk = terms.filter((t) => CJK.test(t));
  const top: ScanHit[] = [];
  for (let i = 0; i < cache.files.length; i++) {
    const m = cache.tokens[i]!;
    let matched = 0;
    let count = 0;
    for (const w of words) {
      const c = m.get(w);
      if (c) {
        matched++;
        count += c;
      }
    }
    for (const w of cjk) {
      const c = countSubstring(cache.lower[i]!, w);
      if (c > 0) {
        matched++;
        count += c;
      }
    }
    if (matched > 0) keepTop(top, { file: cache.files[i]!, matched, count }, k);
  }
  return top;
}
