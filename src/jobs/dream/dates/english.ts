/**
 * English relative dates. chrono-node finds far more than we may rewrite ("may", "march", "sat",
 * "second", "for 2 days", bare weekdays, times of day), so candidates come from a closed list of
 * unambiguous expressions; chrono computes each one's date (`chrono.casual`, reference instant + offset)
 * and the result is checked to cover the expression. Durations ("for 2 days", "in 3 weeks": a
 * deadline or a duration, we cannot tell), vague words ("recently", "a few days ago", "the other day")
 * and "the last week" (a span) are left alone.
 */
import type { Granularity } from "./calendar.js";

const NUM = String.raw`(?:\d{1,3}|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)`;
const WEEKDAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const AGO = String.raw`\s+(?:ago|from\s+now)`;

/** Longest alternatives first; each group is one granularity. */
const EXPRESSION = new RegExp(
  String.raw`(?<![\w./,@$#'’-])(?:` +
    String.raw`(?<day>the\s+day\s+(?:before\s+yesterday|after\s+tomorrow)|today|yesterday|tomorrow|(?:this\s+past|last|next|this)\s+${WEEKDAY}|${NUM}\s+days?${AGO})` +
    String.raw`|(?<week>(?:last|next|this)\s+week|${NUM}\s+weeks?${AGO})` +
    String.raw`|(?<month>(?:last|next|this)\s+month|${NUM}\s+months?${AGO})` +
    String.raw`|(?<year>(?:last|next|this)\s+year|${NUM}\s+years?${AGO})` +
    String.raw`)(?![\w/@-])(?!\.\w)`,
  "gi",
);

/** A "last/next/this …" after one of these names a span or is not ours ("the last week", "every next Friday"). */
const SPAN_DETERMINERS = new Set([
  "the",
  "every",
  "each",
  "per",
  "that",
  "this",
  "these",
  "those",
  "a",
  "an",
  "any",
  "some",
  "whole",
  "entire",
  "past",
]);

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

export interface EnglishCandidate {
  start: number;
  end: number;
  /** The expression as written. */
  phrase: string;
  granularity: Granularity;
}

/** Every rewritable English expression in `masked` (protected text already blanked). */
export function findEnglish(masked: string): EnglishCandidate[] {
  const out: EnglishCandidate[] = [];
  EXPRESSION.lastIndex = 0;
  for (let m = EXPRESSION.exec(masked); m !== null; m = EXPRESSION.exec(masked)) {
    const g = m.groups ?? {};
    const granularity: Granularity = g.day ? "day" : g.week ? "week" : g.month ? "month" : "year";
    const phrase = m[0];
    if (/^(?:last|next|this)\s/i.test(phrase)) {
      const prev = previousWord(masked, m.index);
      if (prev !== undefined && SPAN_DETERMINERS.has(prev.toLowerCase())) continue;
    }
    out.push({ start: m.index, end: m.index + phrase.length, phrase, granularity });
  }
  return out;
}

/** The word right before `index` when only spaces or tabs separate them, else undefined. */
function previousWord(text: string, index: number): string | undefined {
  const m = /([A-Za-z]+(?:['’][A-Za-z]+)?)[ \t]+$/.exec(text.slice(Math.max(0, index - 40), index));
  return m?.[1];
}

/** True when `index` starts a sentence, a line, a list item, a heading or a quote. */
function atSentenceStart(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 200), index);
  return /(?:^|[.!?]["')\]]?\s|\n[ \t]*(?:(?:[-*+]|\d{1,3}[.)]|>|#{1,6})[ \t]+)?)[ \t]*$/.test(
    index <= 200 ? `\n${before}` : before,
  );
}

/**
 * The replacement of the English expression `masked.slice(start, end)` whose absolute form is
 * `core` ("2026-11-28", "the week of 2026-11-16", "2026-10", "2025"): "on"/"in" is added where the
 * expression worked as an adverb ("shipped it yesterday" → "shipped it on 2026-11-28") and left
 * out after a preposition, a be-verb or before a possessive ("since last week", "is tomorrow",
 * "yesterday's run"). A capitalised expression gives a capitalised replacement.
 */
export function englishReplacement(
  masked: string,
  start: number,
  end: number,
  granularity: Granularity,
  core: string,
): string {
  const after = masked.slice(end);
  const possessive = /^['’]s\b/.test(after);
  let preposition = false;
  if (!possessive) {
    // A sentence that opens with the date: "On 2026-11-28 we shipped", but "2026-11-28 was busy" and a
    // date standing alone ("- today", "Yesterday:") stay bare.
    if (atSentenceStart(masked, start)) preposition = /^,?[ \t]+\w/.test(after) && !SUBJECT_VERB.test(after);
    else {
      const prev = previousWord(masked, start);
      preposition = prev !== undefined && !NO_PREPOSITION.has(prev.toLowerCase());
    }
  }
  const text = preposition ? `${granularity === "day" ? "on" : "in"} ${core}` : core;
  const capital = /^[A-Z]/.test(masked.slice(start, end));
  return capital ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
