/**
 * The fixed query set of bench/search (the same for every corpus size): prompt-like word queries
 * (2-6 words, some opened with stopwords the way people type), identifiers in any spelling with a
 * few words, Korean / Chinese / Japanese, misses (made-up words that no topic file contains) and
 * the planted unique tokens. Shuffled with a seed so any prefix mixes every kind.
 */
import {
  CONCEPTS,
  conceptAt,
  contentWord,
  PLANTED_COUNT,
  pick,
  plantedToken,
  rng,
  SEED,
  shuffled,
  spell,
} from "./generate.js";
import { CHINESE, JAPANESE, KOREAN, QUERY_OPENINGS } from "./vocab.js";

export type QueryKind = "words" | "identifier" | "cjk" | "miss" | "planted";
export const QUERY_KINDS: QueryKind[] = ["words", "identifier", "cjk", "miss", "planted"];

export interface BenchQuery {
  kind: QueryKind;
  text: string;
  /** For `planted`: which planted token (see plantedIndex). */
  planted?: number;
}

const SYLLABLES = ["zo", "vu", "qe", "xi", "ky", "jo", "wu", "fy"];

/** A made-up word: `zv` + 2-3 syllables (no vocabulary word, identifier or planted token starts with zv). */
function madeUp(r: () => number): string {
  let w = "zv";
  for (let i = 0; i < 2 + Math.floor(r() * 2); i++) w += pick(SYLLABLES, r);
  return w;
}

function words(r: () => number, n: number): string[] {
  return Array.from({ length: n }, () => contentWord(r));
}

function wordQuery(r: () => number): string {
  const open = r() < 0.4 ? pick(QUERY_OPENINGS, r) : "";
  const n = (open ? 1 : 2) + Math.floor(r() * 4);
  return [open, ...words(r, n)].filter(Boolean).join(" ");
}

function identifierQuery(r: () => number): string {
  const c = r() < 0.7 ? conceptAt(r) : pick(CONCEPTS, r);
  const id = spell(c, r);
  const extra = words(r, Math.floor(r() * 4));
  return (r() < 0.5 ? [id, ...extra] : [...extra, id]).join(" ");
}

function cjkQuery(r: () => number): string {
  const u = r();
  if (u < 0.4) return Array.from({ length: 1 + Math.floor(r() * 3) }, () => pick(KOREAN, r)).join(" ");
  if (u < 0.75) return Array.from({ length: 1 + Math.floor(r() * 2) }, () => pick(CHINESE, r)).join("");
  if (u < 0.85) return pick(JAPANESE, r);
  return `${pick(r() < 0.5 ? KOREAN : CHINESE, r)} ${contentWord(r)}`;
}

/**
 * `count` queries (default 200): 55% words, 20% identifiers, 10% CJK, 10% misses, and the
 * PLANTED_COUNT planted tokens (one each, a third of them with a common word added).
 */
export function makeQueries(count = 200): BenchQuery[] {
  const r = rng(SEED ^ 0xabc);
  const planted = Math.min(PLANTED_COUNT, Math.max(1, Math.round(count * 0.05)));
  const rest = count - planted;
  const nIdent = Math.round(rest * 0.21);
  const nCjk = Math.round(rest * 0.105);
  const nMiss = Math.round(rest * 0.105);
  const nWords = rest - nIdent - nCjk - nMiss;
  const out: BenchQuery[] = [];
  for (let i = 0; i < nWords; i++) out.push({ kind: "words", text: wordQuery(r) });
  for (let i = 0; i < nIdent; i++) out.push({ kind: "identifier", text: identifierQuery(r) });
  for (let i = 0; i < nCjk; i++) out.push({ kind: "cjk", text: cjkQuery(r) });
  for (let i = 0; i < nMiss; i++) {
    out.push({
      kind: "miss",
      text: Array.from({ length: 2 + Math.floor(r() * 3) }, () => madeUp(r)).join(" "),
    });
  }
  for (let j = 0; j < planted; j++) {
    const tok = plantedToken(j);
    out.push({ kind: "planted", text: j % 3 === 0 ? `${tok} ${contentWord(r)}` : tok, planted: j });
  }
  return shuffled(out, r);
}
