/**
 * How an English expression's absolute form is written into its sentence: "on"/"in" where the
 * expression worked as an adverb, a bare date after a preposition or a be-verb, and possessives
 * turned into phrases that read naturally ("yesterday's deploy" → "the 2026-11-28 deploy", "last
 * week's outage" → "the outage in the week of 2026-11-16").
 */
import type { Granularity } from "./calendar.js";
import { atSentenceStart, isRecurringContext, previousWord } from "./context.js";

/** After these words the date needs no "on"/"in": prepositions, be-verbs, conjunctions. */
const NO_PREPOSITION = new Set(
  (
    "since until till til by from before after on in of for as at to through thru between than during " +
    "around about approximately roughly circa starting beginning ending effective due like unlike with " +
    "within without except including and or nor but not is was are were be been being am it's that's " +
    "all also even only just either"
  ).split(" "),
);

/** A sentence that starts with the date and goes on with one of these keeps the date as its subject. */
const SUBJECT_VERB =
  /^\s+(?:is|was|are|were|will|would|has|had|have|seems|seemed|looks|looked|feels|felt|brought|became|marks|marked)\b/i;

/** After "today's" these make the `'s` an "is" or "has" ("Today's the deadline", "Today's been busy"). */
const CONTRACTION_NEXT = new Set(
  (
    "the a an not been going gonna also just only still already over here there when why what where how " +
    "my your our their his her its this that these those no so too very really finally almost done gone " +
    "got about all another back busy free fine ok okay quiet packed off out on in at for"
  ).split(" "),
);

/**
 * What may follow the one-word noun of "last week's <noun>" for the noun phrase to have ended there:
 * punctuation, a function word, a past tense, Korean, or the start of another noun phrase or date
 * (English or Korean, rewritten or not, so a second pass decides alike).
 */
const NOUN_PHRASE_END = [
  "is|was|are|were|has|had|have|will|would|could|should|can|did|does|do|may|might|must",
  "in|on|at|for|of|to|from|with|by|and|or|but|that|which|who|when|because|since|after|before|during",
  "the|an?|today|yesterday|tomorrow|tonight|last|next|this",
  "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve",
  String.raw`\w+ed`,
].join("|");
const AFTER_NOUN = new RegExp(
  String.raw`^(?:[ \t]*(?:[.,;:!?)\]]|\r?\n|$)|[ \t]+(?:(?:${NOUN_PHRASE_END})\b|\d{4}(?:-\d{2}|년)|\d{1,3}\s*(?:days?|weeks?|months?|quarters?|years?|일|주|개월|달|년)|[\uAC00-\uD7A3]))`,
  "i",
);

export interface Replacement {
  /** Where the replaced text ends (past the expression when a possessive and its noun are taken). */
  end: number;
  to: string;
}

/**
 * The replacement of the English expression `masked.slice(start, end)` whose absolute form is
 * `core` ("2026-11-28", "the week of 2026-11-16", "2026-10", "2026-Q3", "2025"); `text` is the
 * unmasked input (same indices). "on"/"in" is added where the expression worked as an adverb
 * ("shipped it yesterday" → "shipped it on 2026-11-28") and always for "in N days" ("due in 2 days"
 * → "due on 2026-12-01"), left out after a preposition or a be-verb ("since last week", "is
 * tomorrow"). A possessive becomes "the 2026-11-28 <noun>" (month, quarter, year alike) or, for a
 * week, "the <noun> in the week of …" when its noun is one word; undefined (leave it alone) when no
 * noun follows, when `'s` reads as "is"/"has", or when a week's noun phrase goes on. A capitalised
 * expression gives a capitalised replacement.
 */
export function englishReplacement(
  text: string,
  masked: string,
  start: number,
  end: number,
  granularity: Granularity,
  core: string,
): Replacement | undefined {
  const phrase = masked.slice(start, end);
  const cap = (s: string) => (/^[A-Z]/.test(phrase) ? s.charAt(0).toUpperCase() + s.slice(1) : s);
  const after = masked.slice(end);
  if (/^['’]s\b/.test(after)) {
    if (/^in\s/i.test(phrase)) return undefined;
    const noun = /^['’]s[ \t]+([A-Za-z][\w-]*)/.exec(after);
    if (noun?.[1] === undefined || CONTRACTION_NEXT.has(noun[1].toLowerCase())) return undefined;
    // "the dashboard shows today's signups": whatever day it is, not one day
    if (isRecurringContext(masked, start, end)) return undefined;
    if (granularity !== "week") return { end: end + 2, to: cap(`the ${core}`) };
    const nounEnd = end + noun[0].length;
    const word = text.slice(nounEnd - noun[1].length, nounEnd);
    if (word !== noun[1] || /^(?:today|yesterday|tomorrow|tonight)$/i.test(word)) return undefined;
    if (!AFTER_NOUN.test(masked.slice(nounEnd))) return undefined;
    return { end: nounEnd, to: cap(`the ${word} in ${core}`) };
  }
  let preposition = /^in\s/i.test(phrase);
  if (!preposition) {
    // A sentence that opens with the date: "On 2026-11-28 we shipped", but "2026-11-28 was busy" and a
    // date standing alone ("- today", "Yesterday:") stay bare.
    // a clause after ";" opens like a sentence ("…Kubernetes; last week we moved" → "; in the week of")
    if (atSentenceStart(masked, start) || /;[ \t]+$/.test(masked.slice(Math.max(0, start - 4), start)))
      preposition = /^,?[ \t]+\w/.test(after) && !SUBJECT_VERB.test(after);
    else {
      // after a word ("ship v3 next month": a word with a digit too), a closing bracket or quote
      // ("fixed (finally) yesterday"); not after a number ("Nov 12 last year")
      const prev = previousWord(masked, start) ?? previousToken(masked, start);
      preposition =
        prev === undefined
          ? /[)\]"”’」』»][ \t]+$/.test(masked.slice(Math.max(0, start - 8), start))
          : !NO_PREPOSITION.has(prev.toLowerCase());
    }
  }
  return { end, to: cap(preposition ? `${granularity === "day" ? "on" : "in"} ${core}` : core) };
}

/** The token right before `index` (spaces or tabs between) when it holds a letter ("v3", "3pm", "S3"). */
function previousToken(text: string, index: number): string | undefined {
  const m = /(?:^|\s)([\w.#+-]*[A-Za-z][\w.#+-]*)[ \t]+$/.exec(text.slice(Math.max(0, index - 40), index));
  return m?.[1];
}
