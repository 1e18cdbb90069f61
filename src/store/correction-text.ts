/**
 * Writing a corrected rule in the words it was stored in: each old choice swapped for the new one
 * ("I prefer tabs over spaces" + tabs → spaces = "I prefer spaces over tabs"), a Korean particle
 * fitted to the new word (`탭을` → `스페이스를`), the rest of the sentence as it was. Pure.
 */
import { finalConsonant, gluedParticle } from "../core/korean.js";
import { WORD } from "./correction-form.js";
import { koreanStem, termKey } from "./rule-key.js";

/** A word split into its stem and its particle or ending (`탭을` → [`탭`, `을`], `pnpm으로` → [`pnpm`, `으로`]). */
function split(word: string): [string, string] {
  const glued = gluedParticle(word);
  if (glued) return glued;
  if (/^[\uAC00-\uD7A3]+$/.test(word)) {
    const s = koreanStem(word);
    if (word.startsWith(s)) return [s, word.slice(s.length)];
  }
  return [word, ""];
}

/** Particle pairs chosen by whether the word before ends in a consonant: [after consonant, after vowel]. */
const PAIRS: [string, string][] = [
  ["을", "를"],
  ["이", "가"],
  ["은", "는"],
  ["과", "와"],
  ["으로", "로"],
];

/** `particle` fitted to the last syllable of `stem` (left as it is after a non-Hangul stem). */
function fitParticle(stem: string, particle: string): string {
  const jong = finalConsonant(stem.at(-1) ?? "");
  if (particle === "" || jong < 0) return particle;
  for (const [c, v] of PAIRS) {
    if (particle !== c && particle !== v) continue;
    if (c === "으로") return jong === 0 || jong === 8 ? v : c; // ㄹ takes 로
    return jong === 0 ? v : c;
  }
  return particle;
}

/** The stem of the first word of `text` whose term key is `key`, as written there, or undefined. */
export function surfaceOf(text: string, key: string): string | undefined {
  for (const m of text.normalize("NFKC").matchAll(WORD)) {
    const [stem] = split(m[0]);
    if (termKey(m[0].toLowerCase()) === key || termKey(stem.toLowerCase()) === key) return stem;
  }
  return undefined;
}

/**
 * `text` with each word keyed by a `swap` key written as its value (stem replaced, particle fitted,
 * a capital first letter kept). `swap` maps term keys to the words that replace them.
 */
export function swapWords(text: string, swap: ReadonlyMap<string, string>): string {
  return text.replace(WORD, (word) => {
    const [stem, particle] = split(word);
    const to = swap.get(termKey(word.toLowerCase())) ?? swap.get(termKey(stem.toLowerCase()));
    if (to === undefined) return word;
    // "Spaces now" → "I prefer spaces"; "Tabs are …" → "Spaces are …"
    let out = /^\p{Lu}\p{Ll}*$/u.test(to) && /^\p{Ll}/u.test(stem) ? to.toLowerCase() : to;
    if (/^\p{Lu}\p{Ll}*$/u.test(stem)) out = out.charAt(0).toUpperCase() + out.slice(1);
    return out + fitParticle(out, particle);
  });
}
