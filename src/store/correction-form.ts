/**
 * The form of a correction: a change verb (switched, moved, changed, replaced, migrated, swapped,
 * 바꿨어요, 전환, 변경, 교체) or a word that says the earlier state ended (now, actually, anymore,
 * no longer, nowadays, 이제부터, 앞으로는, 더 이상); "for now" and "right now" are about the moment.
 */
const CHANGE_VERB_EN = /^(?:switch|mov|chang|replac|migrat|swapp?|convert)(?:e|ed|es|ing)?$/;
/** Korean change verbs, matched inside a word (`바꿨어요`, `전환했어요`). */
export const CHANGE_VERB_KO = /바꾸|바꿨|바꿔|바꿀|바꾼|바뀌|바뀐|바뀜|전환|변경|교체|갈아타|갈아탔/;
const ENDED_EN = /\b(?:now|actually|anymore|any more|no longer|nowadays|these days)\b/;
const ENDED_KO = /이제|앞으로는|더 이상|더는/;
const MOMENT = /\b(?:for now|right now|just now|by now|until now|for the moment)\b/g;
/** Words as the rule key reads them. */
export const WORD = /[\p{L}\p{N}']+/gu;

/** `text` lower-cased the way the rule key reads it (NFKC, curly apostrophes straightened). */
export const lowerText = (text: string): string => text.normalize("NFKC").toLowerCase().replace(/[’‘]/g, "'");

/** True when `word` (lower case) is a change verb. */
export const isChangeVerb = (word: string): boolean => CHANGE_VERB_EN.test(word) || CHANGE_VERB_KO.test(word);

/** Words before which a past form is an adjective ("the changed files", "any moved tests"). */
const DETERMINER =
  /^(?:the|a|an|all|any|every|each|some|those|these|this|that|my|our|your|their|its|newly|recently)$/;

/** True when `text` has the form of a correction (see the file comment). */
export function isCorrectionForm(text: string): boolean {
  const t = lowerText(text).replace(MOMENT, " ");
  if (ENDED_EN.test(t) || ENDED_KO.test(t)) return true;
  const words = [...t.matchAll(WORD)].map((m) => m[0]);
  return words.some((w, i) => isChangeVerb(w) && !(i > 0 && DETERMINER.test(words[i - 1]!)));
}
