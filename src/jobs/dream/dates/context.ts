/**
 * What the words around an English relative-date expression say about it: the start of a sentence,
 * the word before, a Title Case name ("Today I Learned", "Last Week Tonight"), a quoted mention
 * ("the word "yesterday""), and the future cue an "in N days" needs to be a date rather than a
 * duration. All functions read `masked` (protected text already blanked; same indices as the input).
 */

/** The word right before `index` when only spaces or tabs separate them, else undefined. */
export function previousWord(text: string, index: number): string | undefined {
  const m = /([A-Za-z]+(?:['’][A-Za-z]+)?)[ \t]+$/.exec(text.slice(Math.max(0, index - 40), index));
  return m?.[1];
}

/** True when `index` starts a sentence, a line, a list item, a heading or a quote. */
export function atSentenceStart(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 200), index);
  return /(?:^|[.!?]["')\]]?\s|\n[ \t]*(?:(?:[-*+]|\d{1,3}[.)]|>|#{1,6})[ \t]+)?)[ \t]*$/.test(
    index <= 200 ? `\n${before}` : before,
  );
}

/**
 * True when a capital letter at `index` is ordinary: the start of a sentence (emphasis marks such as
 * `**` allowed before it), or right after an opening bracket or quote, a colon, a dash or a table bar.
 */
function capitalAllowed(text: string, index: number): boolean {
  let i = index;
  let opener = false;
  while (i > 0) {
    const c = text.charAt(i - 1);
    if (!/[*_~ \t"“‘'([{|:—–]/.test(c)) break;
    if (/["“‘'([{|:—–]/.test(c)) opener = true;
    i--;
  }
  return opener || atSentenceStart(text, index) || atSentenceStart(text, i);
}

const WEEKDAY_WORD = /^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)$/i;

/**
 * True when the expression `masked.slice(start, end)` is part of a name written in Title Case or
 * capitals, not a date: a capitalised word of it ("Next Week", "TODAY") where a sentence does not
 * start ("the Today show", "our Yesterday Report"), or at a sentence start followed by a Title Case
 * run ("Today I Learned channel", "Tomorrow Never Dies"). Weekday names are capitalised anyway.
 */
export function isTitleCaseName(masked: string, start: number, end: number): boolean {
  const words = masked
    .slice(start, end)
    .split(/\s+/)
    .filter((w) => !WEEKDAY_WORD.test(w));
  if (!words.some((w) => /^[A-Z]/.test(w))) return false;
  if (words.some((w) => /^[A-Z]{2,}$/.test(w))) return true;
  if (words.slice(1).some((w) => /^[A-Z]/.test(w))) return true;
  if (!/^[A-Z]/.test(words[0] ?? "") || !capitalAllowed(masked, start)) return true;
  // at a sentence start: "Today I Learned", "Tomorrow Never Dies" (but "Today I learned that…",
  // "Yesterday Alice fixed it")
  return /^(?:['’]s)?[ \t]+(?:I[ \t]+[A-Z]\w*|[A-Z][\w’'-]*[ \t]+[A-Z]\w*)/.test(masked.slice(end));
}

/**
 * True when the expression (with a possessive `'s`) is all a quotation holds: a mention of the word,
 * not a date ("the user says "yesterday" for the last workday", `"yesterday's"`).
 */
export function isQuotedMention(masked: string, start: number, end: number): boolean {
  const open = masked.charAt(start - 1);
  const after = masked.slice(end).replace(/^['’]s/, "");
  const close = after.charAt(0);
  return (
    (open === '"' && close === '"') || (open === "“" && close === "”") || (open === "‘" && close === "’")
  );
}

/** Words that make "in N days" a point in the future wherever they stand before it in the clause. */
const FUTURE_CUE =
  /(?:\b(?:will|shall|won['’]t|going\s+to|gonna|due(?!\s+to\b)|scheduled|planned|plan(?:s|ning)?\s+to|let['’]s|eta|deadline|remind|revisit|follow[\s-]up|check\s+back|come\s+back)|\w['’]ll)\b/i;
/** Verbs that do it right before "in": "expires in 2 days", "the release is in 2 weeks". */
const FUTURE_VERB =
  /(?:\b(?:is|are|expires?|ends|starts|begins|launches|ships|lands|opens|closes|resumes|renews|lapses|arrives|returns|happens|rotates|goes\s+live|kicks\s+off|runs\s+out)|\w['’]s)[ \t]+$/i;

/**
 * True when the "in N <unit>" at `start` names a moment: a future cue earlier in its clause ("we
 * will ship in 3 weeks", "due in 2 days", "the cert expires in 2 days"), or later in a sentence it
 * opens ("In 2 weeks we'll migrate"), and no past tense between the cue and it ("we will say it was
 * built in 2 days"). Without one it may be a duration ("done in 3 weeks", "built it in 2 days") and
 * is left alone.
 */
export function hasFutureCue(masked: string, start: number, end: number): boolean {
  const head = masked.slice(Math.max(0, start - 200), start);
  const clause = head.slice(head.search(/[^.!?;\n]*$/));
  if (FUTURE_VERB.test(clause)) return true;
  const cue = lastEnd(FUTURE_CUE, clause);
  if (cue >= 0) return lastEnd(PAST, clause) <= cue;
  if (!atSentenceStart(masked, start)) return false;
  const rest = /^[^.!?;\n]*/.exec(masked.slice(end, end + 200))?.[0] ?? "";
  return FUTURE_CUE.test(rest);
}

/** Past tense after the future cue turns "in 2 days" back into a duration ("will say it was built in 2 days"). */
const PAST = /\b(?:was|were|had|did|took|spent|ran|wrote)\b|\w['’]d\b|(?<!\bbe(?:en)?\s+)\b\w+ed\b/gi;

/** Where the last match of `re` in `s` ends; -1 when none. */
function lastEnd(re: RegExp, s: string): number {
  const g = new RegExp(re.source, "gi");
  let end = -1;
  for (let m = g.exec(s); m !== null; m = g.exec(s)) end = m.index + m[0].length;
  return end;
}

/**
 * Words that make a possessive date generic, not one day's: something that recurs or always shows
 * the current period ("the dashboard shows today's signups", "the daily digest lists yesterday's
 * errors"). English and Korean (오늘의 매출을 보여 준다, 매일 오늘의 할 일을 띄운다). Tester 5c.
 */
const RECURRING =
  /\b(?:show(?:s|n|ing)?|display(?:s|ed|ing)?|lists?|listing|render(?:s|ed|ing)?|surfaces|returns|fetch(?:es)?|every|each|daily|nightly|hourly|weekly|monthly|quarterly|yearly|annually|always|usually|typically|routinely|automatically|widgets?|dashboards?|reports?|panels?|screens?|pages?|feeds?|digests?|summary|summaries|newsletters?|tiles?|charts?|graphs?|queries|query|cron(?:job)?s?|template)\b|매일|매주|매달|매월|매번|항상|보여|표시|나열|띄운|띄워|위젯|대시보드|리포트|보고서|화면|페이지|피드|목록|요약|알림|템플릿/i;

/** The sentence (between `.`/`!`/`?`/line breaks) around `start`..`end` of `masked`. */
export function sentenceAround(masked: string, start: number, end: number): string {
  const head = masked.slice(Math.max(0, start - 300), start);
  const from = head.search(/[^.!?\n]*$/);
  const tail = /^[^\n]*?(?:[.!?](?=\s|$)|$)/m.exec(masked.slice(end, end + 300))?.[0] ?? "";
  return head.slice(from) + masked.slice(start, end) + tail;
}

/**
 * True when the possessive date at `start`..`end` of `masked` sits in a sentence that talks about
 * something recurring (a widget, a dashboard, a report, "shows", "every", "daily", 매일, 대시보드…):
 * "today's signups" there means whatever day it is, so it is left alone.
 */
export function isRecurringContext(masked: string, start: number, end: number): boolean {
  return RECURRING.test(sentenceAround(masked, start, end));
}
