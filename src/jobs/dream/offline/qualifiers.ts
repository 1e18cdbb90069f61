/**
 * Qualifiers: words that pick WHICH thing a fact is about (staging vs production, mobile vs web, Go vs
 * Python, unit vs integration tests, dark vs light). Two facts with different qualifiers of one class
 * are about different things: never a contradiction (`subject.ts`), never a merge (`blockers.ts`).
 * The closed list is the store's (`qualifier-words.ts`), compared on the dream's token keys (stemmed,
 * particles off).
 */
import { QUALIFIER_CLASSES } from "../../../store/qualifier-words.js";
import { stemWord } from "../../../store/similarity.js";
import { stripParticle } from "./tokens.js";

const key = (w: string) => (/^[\uAC00-\uD7A3]+$/.test(w) ? stripParticle(w) : stemWord(w));

const CLASS_OF = new Map<string, string>();
for (const [cls, words] of Object.entries(QUALIFIER_CLASSES))
  for (const w of words.split(" ")) CLASS_OF.set(key(w), cls);

/** True when `tokenKey` (a `factTokens` key) is a known qualifier. */
export const isQualifier = (tokenKey: string): boolean => CLASS_OF.has(tokenKey);

/** The qualifiers among `keys`, by class. */
export function qualifiersOf(keys: Iterable<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const k of keys) {
    const cls = CLASS_OF.get(k);
    if (!cls) continue;
    const s = out.get(cls) ?? new Set<string>();
    s.add(k);
    out.set(cls, s);
  }
  return out;
}
