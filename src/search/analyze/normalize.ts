/**
 * Character-level normalization shared by both sides of the analyzer. Every character this module
 * lets through is one that SQLite FTS5's `unicode61 remove_diacritics 0` tokenizer (SQLite 3.53,
 * better-sqlite3 12.11) keeps as a token character and leaves unchanged when it folds case; the
 * property test in test/search-analyze.test.ts checks that against a real FTS5 table.
 */
import { toWellFormed } from "../../core/text.js";

/** Token characters: letters, numbers, private use (FTS5 unicode61's default `L* N* Co`). */
export const WORD = /[\p{L}\p{N}\p{Co}]+(?:['\u2019][\p{L}\p{N}\p{Co}]+)*/gu;

/**
 * Letters that JavaScript's Unicode tables class as L/N but SQLite's older tables do not (New Tai
 * Lue vowel signs U+19B0–19C9, Vedic signs U+1CF2–1CF3, measured over every code point): they become
 * separators here, as they are in FTS5.
 */
const FTS_SEPARATORS = /[\u19b0-\u19c9\u1cf2\u1cf3]/g;

/** Combining marks except the kana voicing marks U+3099/U+309A, which NFC puts back (が stays が). */
const MARKS = /(?![\u3099\u309a])\p{M}/gu;

const ASCII = /^[\x00-\x7f]*$/;

/**
 * Folds compatibility forms and diacritics and keeps case (camelCase splitting needs it):
 * well-formed UTF-16 (lone surrogates → U+FFFD), NFKD, combining marks removed, NFC
 * (`café` → `cafe`, `ｆｕｌｌ` → `full`, `한국어` stays composed). Pure ASCII input is returned as is.
 */
export function foldText(text: string): string {
  if (ASCII.test(text)) return text;
  return toWellFormed(text)
    .normalize("NFKD")
    .replace(MARKS, "")
    .normalize("NFC")
    .replace(FTS_SEPARATORS, " ");
}

/**
 * Lowercases one token the way FTS5 unicode61 folds case; final sigma becomes σ (FTS5 folds ς → σ,
 * JavaScript keeps ς at the end of a word).
 */
export function lower(token: string): string {
  const l = token.toLowerCase();
  return ASCII.test(l) ? l : l.replace(/ς/g, "σ").normalize("NFC").replace(MARKS, "");
}

/** Chinese, Japanese and Korean characters (Han, Hiragana, Katakana incl. ー, Hangul, Bopomofo). */
export const CJK = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}]/u;
export const CJK_RUNS = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Bopomofo}]+/gu;
