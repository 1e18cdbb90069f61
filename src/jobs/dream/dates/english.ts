/**
 * English relative dates. chrono-node finds far more than we may rewrite ("may", "march", "sat",
 * "second", "for 2 days", bare weekdays, times of day), so candidates come from a closed list of
 * unambiguous expressions; chrono computes most dates (`chrono.casual`, reference instant + offset),
 * `ownDate` the rest (ISO weeks, parts of a day, calendar quarters). Left alone: durations ("for 2
 * days"; "in 3 weeks" unless a future cue says it is a moment, see context.ts `hasFutureCue`), vague
 * words ("recently", "a few days ago", "the other day"), spans ("the last week"), Title Case names
 * ("Today I Learned"), quoted mentions (`"yesterday"`) and command-line text (shell.ts).
 */
import { addDays, type CivilDate, type Granularity, quarterStart } from "./calendar.js";
import { hasFutureCue, isQuotedMention, isTitleCaseName, previousWord } from "./context.js";

const COUNTS = "one two three four five six seven eight nine ten eleven twelve".split(" ");
const NUM = String.raw`(?:\d{1,3}|an?|${COUNTS.join("|")})`;
const WEEKDAY = "(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)";
const AGO = String.raw`\s+(?:ago|from\s+now)`;
const PART = "(?:morning|afternoon|evening|night)";

/** Longest alternatives first; each group is one granularity. */
const EXPRESSION = new RegExp(
  String.raw`(?<![\w./,@$#'’={-])(?:` +
    String.raw`(?<day>the\s+day\s+(?:before\s+yesterday|after\s+tomorrow)|(?:yesterday|tomorrow)\s+${PART}|this\s+(?:morning|afternoon|evening)|tonight|last\s+night|today|yesterday|tomorrow|(?:this\s+past|last|next|this)\s+${WEEKDAY}|${NUM}\s+days?${AGO}|in\s+${NUM}\s+days?)` +
    String.raw`|(?<week>(?:last|next|this)\s+week|${NUM}\s+weeks?${AGO}|in\s+${NUM}\s+weeks?)` +
    String.raw`|(?<month>(?:last|next|this)\s+month|${NUM}\s+months?${AGO}|in\s+${NUM}\s+months?)` +
    String.raw`|(?<quarter>(?:last|next|this)\s+quarter|${NUM}\s+quarters?${AGO}|in\s+${NUM}\s+quarters?)` +
    String.raw`|(?<year>(?:last|next|this)\s+year|${NUM}\s+years?${AGO}|in\s+${NUM}\s+years?)` +
    String.raw`)(?![\w/@}-])(?!\.\w)`,
  "gi",
);

const GRANULARITIES: Granularity[] = ["day", "week", "month", "quarter", "year"];

/** A "last/next/this …" after one of these names a span or is not ours ("the last week", "every next Friday"). */
const SPAN_DETERMINERS = new Set(
  "the every each per that this these those a an any some whole entire past".split(" "),
);

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
    const granularity = GRANULARITIES.find((k) => g[k] !== undefined) ?? "year";
    const phrase = m[0];
    const start = m.index;
    const end = start + phrase.length;
    if (/^(?:last|next|this)\s/i.test(phrase)) {
      const prev = previousWord(masked, start);
      if (prev !== undefined && SPAN_DETERMINERS.has(prev.toLowerCase())) continue;
    }
    if (isQuotedMention(masked, start, end) || isTitleCaseName(masked, start, end)) continue;
    if (/^in\s/i.test(phrase) && !hasFutureCue(masked, start, end)) continue;
    out.push({ start, end, phrase, granularity });
  }
  return out;
}

/** Days from the reference day named by a part of a day ("this morning", "last night", "tomorrow evening"). */
function partOfDayOffset(phrase: string): number | undefined {
  if (/^(?:this (?:morning|afternoon|evening)|tonight)$/.test(phrase)) return 0;
  if (phrase === "last night" || /^yesterday \w+$/.test(phrase)) return -1;
  if (/^tomorrow \w+$/.test(phrase)) return 1;
  return undefined;
}

/** The number a count word or numeral stands for ("a" = 1, "twelve" = 12, "3" = 3). */
function countOf(word: string): number {
  if (word === "a" || word === "an") return 1;
  const i = COUNTS.indexOf(word);
  return i < 0 ? Number(word) : i + 1;
}

/**
 * The date of the normalised (lower case, single spaces) `phrase` when chrono must not compute it:
 * "this week" (chrono's week starts on Sunday; ours on Monday), parts of a day, and quarters
 * (chrono has none; the first day of the quarter is returned). Undefined: ask chrono.
 */
export function ownDate(phrase: string, ref: CivilDate): CivilDate | undefined {
  if (phrase === "this week") return { year: ref.year, month: ref.month, day: ref.day };
  const part = partOfDayOffset(phrase);
  if (part !== undefined) return addDays(ref, part);
  if (!/quarters?$|quarters? (?:ago|from now)$/.test(phrase)) return undefined;
  const step = /^(?:last|next|this) /.exec(phrase);
  if (step !== null) return quarterStart(ref, { last: -1, this: 0, next: 1 }[step[0].trim()] ?? 0);
  const m = /^(?:in )?(\w+) quarters?(?: (ago|from now))?$/.exec(phrase);
  if (m === null) return undefined;
  const n = countOf(m[1] ?? "");
  return quarterStart(ref, m[2] === "ago" ? -n : n);
}
