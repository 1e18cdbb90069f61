/**
 * `absolutizeDates`: the dream's "relative dates -> absolute" step (DESIGN.md §4 Dream job). A memory that says "yesterday" is wrong the day after it is
 * read; the memory's own timestamp says which day was meant.
 */
import * as chrono from "chrono-node";
import {
  type CivilDate,
  type Granularity,
  isoDay,
  isoMonth,
  isoQuarter,
  koreanQuarter,
  mondayOf,
  zonedDate,
} from "./calendar.js";
import { isRecurringContext } from "./context.js";
import { findEnglish, ownDate } from "./english.js";
import { evaluateKorean, isCodeBranch, KOREAN_TAG, koreanParser, koreanPattern } from "./korean.js";
import { adjustFollower, needsAdverbParticle } from "./korean-particles.js";
import { maskProtected } from "./protect.js";
import { englishReplacement } from "./replacement.js";

export interface DateChange {
  /** The text replaced, exactly as it was (a Korean particle that had to change is included). */
  from: string;
  /** What replaced it. */
  to: string;
  /** UTF-16 offset of `from` in the input text. */
  index: number;
}

export interface AbsolutizeResult {
  text: string;
  /** In text order. */
  changes: DateChange[];
}

export interface AbsolutizeOptions {
  /** IANA time zone the memory's author lived in (default "UTC"): decides which day "yesterday" was. */
  timeZone?: string;
}

/** English arithmetic: `chrono.casual`. */
const english = chrono.casual;
/**
 * Korean: the custom parser on its own chrono instance (chrono has no Korean locale). Next to
 * chrono's English parsers, their refiners merge a Korean result into an English one or drop it
 * ("next Friday 어제").
 */
const korean = new chrono.Chrono({ parsers: [koreanParser], refiners: [] });

interface Candidate {
  start: number;
  end: number;
  to: string;
}

/**
 * Rewrites relative dates in `text` as absolute ones, counted from `refMs` (ms since the epoch, the
 * memory's own timestamp) in `opts.timeZone` (default "UTC"):
 * - a day → `2026-11-28` ("We shipped it yesterday" → "We shipped it on 2026-11-28"; 어제 → 2026-11-28),
 * - a week → "the week of 2026-11-16" / "2026-11-16 주간" (weeks start on Monday),
 * - a month → `2026-10`, a quarter → `2026-Q3` (Korean `2026년 3분기`), a year → `2025` (Korean `2025년`);
 * - a possessive → "the 2026-11-28 deploy" / "the outage in the week of 2026-11-16", else left alone.
 * English: today, yesterday, tomorrow, the day before yesterday / after tomorrow, this morning /
 * afternoon / evening, tonight, last night, yesterday/tomorrow <part of day>, last/next/this
 * <weekday|week|month|quarter|year>, this past <weekday>, N units ago / from now, and "in N units" when
 * a future cue makes it a moment ("will ship in 3 weeks", "expires in 2 days"; dates by chrono-node
 * except weeks, parts of a day and quarters). Korean: see korean.ts. Untouched: absolute dates, times of
 * day, durations ("for 2 days", "done in 3 weeks", "2주 동안"), vague words (recently, soon, a few days
 * ago, 최근), words chrono over-matches (may, march, second, sat, version numbers), Title Case names
 * ("Today I Learned", "Last Week Tonight"), quoted mentions (`"yesterday"`), inline code, fenced code,
 * HTML comments, URLs, link targets, e-mail addresses and command-line text (`--since=yesterday`,
 * `git log --since yesterday`, `$ …` lines, `@{yesterday}`). Idempotent: the output contains no
 * expression it rewrites.
 * Pure; `text` may be any string (CRLF kept).
 * @throws MemdirError BAD_INPUT for an unknown time zone or a non-finite `refMs`.
 */
export function absolutizeDates(text: string, refMs: number, opts: AbsolutizeOptions = {}): AbsolutizeResult {
  const zoned = zonedDate(refMs, opts.timeZone ?? "UTC");
  if (text.length === 0) return { text, changes: [] };
  const reference = { instant: new Date(refMs), timezone: zoned.offsetMinutes };
  const masked = maskProtected(text);
  const candidates: Candidate[] = [];

  // chrono adds months with Date#setMonth (Mar 31 + 1 month = May 1): month and year expressions
  // are counted from noon on the 1st of the reference month instead.
  const firstOfMonth = {
    instant: new Date(Date.UTC(zoned.year, zoned.month - 1, 1, 12) - zoned.offsetMinutes * 60_000),
    timezone: zoned.offsetMinutes,
  };
  const dates = new Map<string, CivilDate | undefined>();
  for (const c of findEnglish(masked)) {
    const coarse = c.granularity === "month" || c.granularity === "year";
    const phrase = c.phrase.toLowerCase().replace(/\s+/g, " ");
    if (!dates.has(phrase)) {
      dates.set(phrase, ownDate(phrase, zoned) ?? chronoDate(phrase, coarse ? firstOfMonth : reference));
    }
    const date = dates.get(phrase);
    if (date === undefined) continue;
    const form = englishForm(c.granularity, date);
    const r = englishReplacement(text, masked, c.start, c.end, c.granularity, form);
    if (r !== undefined) candidates.push({ start: c.start, end: r.end, to: r.to });
  }

  // Korean: chrono finds them (the custom parser, which checks the context and computes the date);
  // each result is one expression (no refiners), matched again for the particle that follows it.
  const ref: CivilDate = zoned;
  for (const r of korean.parse(masked, reference)) {
    if (![...r.tags()].some((t) => t.startsWith(KOREAN_TAG))) continue;
    const span = masked.slice(0, r.index + r.text.length);
    const re = koreanPattern();
    re.lastIndex = r.index;
    for (let m = re.exec(span); m !== null; m = re.exec(span)) {
      const hit = evaluateKorean(masked, m, ref);
      if (hit === undefined) continue;
      // code spans are masked: whether 분기 is a branch of code is read on the text itself
      if (hit.granularity === "quarter" && isCodeBranch(text, hit.start, hit.end)) continue;
      const phrase = masked.slice(hit.start, hit.end);
      // 오늘의 + noun where something recurs (대시보드에 오늘의 매출을 보여 준다), or 오늘의 with no
      // past tense in its sentence (오늘의 할 일): whatever day it is
      if (hit.follower === "의" && isGenericPossessive(masked, hit.start, hit.end, phrase)) continue;
      // after a kept part of the day (2026-11-29 오후는) the particle attaches to it, unchanged
      const part = hit.partOfDay === undefined ? "" : ` ${hit.partOfDay}`;
      let follower = part === "" ? adjustFollower(phrase, hit.follower, hit.granularity) : hit.follower;
      // an adverb gets 에: 어제 마이그레이션을 → 2026-01-13에 마이그레이션을
      if (follower === "" && needsAdverbParticle(masked.slice(hit.end), hit.granularity)) follower = "에";
      candidates.push({
        start: hit.start,
        end: hit.end + hit.follower.length,
        to: koreanForm(hit.granularity, hit.date) + part + follower,
      });
    }
  }
  return apply(text, candidates);
}

/** Korean 의: generic when the sentence talks of something recurring, or for 오늘의 unless a past tense says one day. */
function isGenericPossessive(masked: string, start: number, end: number, phrase: string): boolean {
  if (isRecurringContext(masked, start, end)) return true;
  if (!phrase.startsWith("오늘")) return false;
  const sentence = /^[^.!?\n]*/.exec(masked.slice(end))?.[0] ?? "";
  return !/[았었였했됐봤쳤났갔왔줬셨겼렸웠꼈]/.test(sentence);
}

/** The civil date chrono gives `phrase` alone; undefined unless one result ends where the phrase ends. */
function chronoDate(phrase: string, reference: { instant: Date; timezone: number }): CivilDate | undefined {
  const r = english.parse(phrase, reference).find((x) => x.index + x.text.length === phrase.length);
  if (r === undefined) return undefined;
  const year = r.start.get("year");
  const month = r.start.get("month");
  const day = r.start.get("day");
  return year === null || month === null || day === null ? undefined : { year, month, day };
}

function englishForm(g: Granularity, d: CivilDate): string {
  if (g === "day") return isoDay(d);
  if (g === "week") return `the week of ${isoDay(mondayOf(d))}`;
  if (g === "month") return isoMonth(d);
  if (g === "quarter") return isoQuarter(d);
  return String(d.year);
}

function koreanForm(g: Granularity, d: CivilDate): string {
  if (g === "day") return isoDay(d);
  if (g === "week") return `${isoDay(d)} 주간`;
  if (g === "month") return isoMonth(d);
  if (g === "quarter") return koreanQuarter(d);
  return `${d.year}년`;
}

/** Applies non-overlapping candidates (the earliest, then the longest, wins). */
function apply(text: string, candidates: Candidate[]): AbsolutizeResult {
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const changes: DateChange[] = [];
  let out = "";
  let last = 0;
  for (const c of candidates) {
    if (c.start < last) continue;
    const from = text.slice(c.start, c.end);
    if (from === c.to) continue;
    out += text.slice(last, c.start) + c.to;
    changes.push({ from, to: c.to, index: c.start });
    last = c.end;
  }
  return changes.length === 0 ? { text, changes } : { text: out + text.slice(last), changes };
}
