/**
 * Korean relative dates as chrono-node custom parsers (chrono has no Korean locale): 오늘, 어제,
 * 그저께/그제, 내일, 모레 (a part of the day kept: 오늘 아침, 오늘밤 → 2026-11-29 밤), 어젯밤/어젯저녁/
 * 엊저녁/지난밤/간밤 (→ 2026-11-28 밤); 지난주/이번 주/다음 주 (+ 요일: 다음 주 금요일, 지난주 월요일),
 * 지난달/이번 달/다음 달, 지난/이번/다음 분기 (→ 2026년 3분기), 작년/지난해/재작년, 올해/금년, 내년/내후년;
 * N일/N주/N개월/N달/N년 전·후·뒤 (and 하루, 이틀, 사흘, 나흘, 닷새, 엿새, 열흘, 보름, 일주일, 한 달, 두 달,
 * 세 달, 한 주). "N일 후/뒤" is always a moment (a duration is "N일 동안/간/만에"). Weeks start on Monday
 * (ISO 8601, as Korean calendars do); quarters are calendar quarters.
 *
 * What is left alone: a word inside a longer word (엊그제, 오늘날, 어제오늘, 내일모레, 그제서야, 이번 주말,
 * 다음 주제), durations (2주 동안, 3일간), 전후 (around), and "N일 전/후" or "다음 주/달" right after a bare
 * noun ("출시 3일 전", "회의 다음 주"): those count from that event, not from the memory's date. 분기 is
 * also a code branch ("if문의 다음 분기", "else 분기"): not a quarter on a line that talks code
 * (`isCodeBranch`); "X의 다음 분기" is left alone like "X의 다음 주".
 */
import type { Parser, ParsingContext } from "chrono-node";
import {
  addDays,
  addMonths,
  type CivilDate,
  type Granularity,
  isoWeekday,
  mondayOf,
  quarterStart,
} from "./calendar.js";
import { FOLLOWERS, PART_OF_DAY, PARTICLE_ENDS } from "./korean-particles.js";

const PREFIX = "(?:지지난|지난|저번|이번|다음|다다음)";
const SOURCE =
  String.raw`(?<wd>(?<wdPrefix>${PREFIX})\s?주\s?(?<wdDay>[월화수목금토일])요일)` +
  String.raw`|(?<week>(?<weekPrefix>${PREFIX})\s?주)` +
  String.raw`|(?<month>(?<monthPrefix>${PREFIX})\s?달)` +
  String.raw`|(?<quarter>(?<quarterPrefix>${PREFIX})\s?분기)` +
  "|(?<yearWord>재작년|작년|지난해|올해|금년|내년|내후년)" +
  "|(?<nightWord>어젯밤|어젯저녁|엊저녁|지난밤|간밤)" +
  "|(?<dayWord>그저께|그제|어제|오늘|내일|모레)" +
  String.raw`|(?:(?<num>\d{1,3})\s?(?<unit>일|주일|주|개월|달|년)|(?<word>하루|이틀|사흘|나흘|닷새|엿새|열흘|보름|일주일|[한두세]\s?달|한\s?주))\s?(?<dir>전|후|뒤)`;

/** A fresh matcher (global) over the Korean expressions. */
export const koreanPattern = (): RegExp => new RegExp(SOURCE, "g");

const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uAC00-\uD7A3]/;
const HANGUL_RUN = /^[\uAC00-\uD7A3]+/;

const DAY_WORDS: Record<string, number> = { 그저께: -2, 그제: -2, 어제: -1, 오늘: 0, 내일: 1, 모레: 2 };
const YEAR_WORDS: Record<string, number> = {
  재작년: -2,
  작년: -1,
  지난해: -1,
  올해: 0,
  금년: 0,
  내년: 1,
  내후년: 2,
};
const PREFIX_STEP: Record<string, number> = { 지지난: -2, 지난: -1, 저번: -1, 이번: 0, 다음: 1, 다다음: 2 };
const WEEKDAYS = "월화수목금토일";
const COUNT_WORDS: Record<string, [number, "일" | "주" | "달"]> = {
  하루: [1, "일"],
  이틀: [2, "일"],
  사흘: [3, "일"],
  나흘: [4, "일"],
  닷새: [5, "일"],
  엿새: [6, "일"],
  열흘: [10, "일"],
  보름: [15, "일"],
  일주일: [1, "주"],
  한달: [1, "달"],
  두달: [2, "달"],
  세달: [3, "달"],
  한주: [1, "주"],
};

/** One Korean expression found in a text, with the date it names. */
export interface KoreanMatch {
  start: number;
  end: number;
  granularity: Granularity;
  date: CivilDate;
  /** The Hangul run right after the expression (a particle such as 에, 는, 부터; "" when none). */
  follower: string;
  /** A part of the day to write after the date (어젯밤 → "밤"; 오늘밤 → "밤", then `end` covers it). */
  partOfDay?: string;
}

/** What makes 분기 a branch of code, not a quarter, anywhere on its line (code spans included). */
const CODE_LINE =
  /(?<![A-Za-z])(?:if|else|switch|case|return)(?![A-Za-z])|`|조건|코드|함수|브랜치|분기문|분기 처리/i;

/**
 * True when the 분기 expression at `start`..`end` of the unmasked `text` stands on a line that talks
 * code (if, else, switch, case, return, a code span, 조건, 코드, 함수, 브랜치): a branch, not a quarter.
 */
export function isCodeBranch(text: string, start: number, end: number): boolean {
  const from = text.lastIndexOf("\n", start) + 1;
  const to = text.indexOf("\n", end);
  return CODE_LINE.test(text.slice(from, to < 0 ? text.length : to));
}

/**
 * Evaluates the match `m` of `koreanPattern()` in `text` against `ref` (the reference's civil date):
 * undefined when the context says it is not a relative date (see the module comment).
 */
export function evaluateKorean(text: string, m: RegExpExecArray, ref: CivilDate): KoreanMatch | undefined {
  const start = m.index;
  const end = start + m[0].length;
  const g = m.groups ?? {};
  const before = text.slice(Math.max(0, start - 40), start);
  const prevChar = before.slice(-1);
  if (prevChar && (HANGUL.test(prevChar) || /[\w.\-/:,={]/.test(prevChar))) return undefined;
  let follower = HANGUL_RUN.exec(text.slice(end, end + 12))?.[0] ?? "";
  // a part of the day written onto a day word: 오늘밤에 → 2026-11-29 밤에
  const part = g.dayWord === undefined ? undefined : PART_OF_DAY.exec(follower)?.[0];
  if (part !== undefined) follower = follower.slice(part.length);
  if (follower !== "" && !FOLLOWERS.has(follower)) return undefined;
  const prefix = g.weekPrefix ?? g.monthPrefix ?? g.quarterPrefix ?? g.wdPrefix ?? "";
  const relativeToNoun = g.dir !== undefined || /^다/.test(prefix);
  if (relativeToNoun) {
    const word = /([\uAC00-\uD7A3]+)[ \t]+$/.exec(before)?.[1];
    if (word !== undefined && !PARTICLE_ENDS.has(word.slice(-1))) return undefined;
    // after a date ("2026-11-28 3일 전"): counted from it; also what keeps a second pass a no-op
    if (/\d{4}-\d{2}(?:-\d{2})?[ \t]+$/.test(before)) return undefined;
  }
  if (g.quarter && isCodeBranch(text, start, end)) return undefined;
  const hit = (granularity: Granularity, date: CivilDate, partOfDay = part): KoreanMatch => ({
    start,
    end: end + (part?.length ?? 0),
    granularity,
    date,
    follower,
    ...(partOfDay === undefined ? {} : { partOfDay }),
  });
  if (g.wd) {
    const monday = addDays(mondayOf(ref), 7 * (PREFIX_STEP[g.wdPrefix ?? ""] ?? 0));
    return hit("day", addDays(monday, WEEKDAYS.indexOf(g.wdDay ?? "")));
  }
  if (g.week) return hit("week", addDays(mondayOf(ref), 7 * (PREFIX_STEP[g.weekPrefix ?? ""] ?? 0)));
  if (g.month) return hit("month", addMonths(ref, PREFIX_STEP[g.monthPrefix ?? ""] ?? 0));
  if (g.quarter) return hit("quarter", quarterStart(ref, PREFIX_STEP[g.quarterPrefix ?? ""] ?? 0));
  if (g.nightWord) return hit("day", addDays(ref, -1), g.nightWord.endsWith("밤") ? "밤" : "저녁");
  if (g.yearWord) return hit("year", { year: ref.year + (YEAR_WORDS[g.yearWord] ?? 0), month: 1, day: 1 });
  if (g.dayWord) return hit("day", addDays(ref, DAY_WORDS[g.dayWord] ?? 0));
  const sign = g.dir === "전" ? -1 : 1;
  const [count, unit] =
    g.num !== undefined
      ? [Number(g.num), g.unit === "주일" ? "주" : (g.unit ?? "일")]
      : (COUNT_WORDS[(g.word ?? "").replace(/\s/g, "")] ?? [0, "일"]);
  const n = sign * count;
  if (unit === "일") return hit("day", addDays(ref, n));
  if (unit === "주") return hit("week", mondayOf(addDays(ref, 7 * n)));
  if (unit === "년") return hit("year", { year: ref.year + n, month: 1, day: 1 });
  return hit("month", addMonths(ref, n));
}

/** The reference's civil date as chrono sees it (instant shifted by the reference offset). */
export function referenceDate(context: ParsingContext): CivilDate {
  const shifted = new Date(context.refDate.getTime() + context.reference.getTimezoneOffset() * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

/** Tag on results made by the Korean parser: `memdir/ko/<granularity>`. */
export const KOREAN_TAG = "memdir/ko/";

/** The chrono parser for every Korean expression above (one alternation, longest first). */
export const koreanParser: Parser = {
  pattern: () => new RegExp(SOURCE),
  extract(context, match) {
    const m = match as RegExpExecArray;
    const hit = evaluateKorean(context.text, m, referenceDate(context));
    if (hit === undefined) return null;
    const c = context.createParsingComponents({
      year: hit.date.year,
      month: hit.date.month,
      day: hit.granularity === "day" ? hit.date.day : 1,
    });
    if (hit.granularity === "day") c.assign("weekday", (isoWeekday(hit.date) + 1) % 7);
    c.addTag(`${KOREAN_TAG}${hit.granularity}`);
    return c;
  },
};
