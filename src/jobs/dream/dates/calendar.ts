/**
 * Calendar arithmetic for `absolutizeDates`: the reference instant's offset in an IANA time zone,
 * plain civil dates (year, month 1-12, day) computed in UTC so the host time zone never matters, the
 * Monday that starts a week (ISO 8601 weeks, as Korean and most European calendars count them), and
 * the output forms (DESIGN.md §4 "relative dates -> absolute").
 */
import { zonedFields } from "../../../core/zone.js";

/** A civil date: `month` 1-12, `day` 1-31. */
export interface CivilDate {
  year: number;
  month: number;
  day: number;
}

/** What a relative expression names: a day, a week (Monday-based), a month, a calendar quarter or a year. */
export type Granularity = "day" | "week" | "month" | "quarter" | "year";

const DAY_MS = 86_400_000;
/**
 * The civil date and the UTC offset (minutes east of UTC) of instant `ms` in `timeZone`.
 * @throws MemdirError BAD_INPUT for an unknown time zone or a non-finite `ms`.
 */
export function zonedDate(ms: number, timeZone: string): CivilDate & { offsetMinutes: number } {
  const { year, month, day, offsetMinutes } = zonedFields(ms, timeZone, "the reference time of a memory");
  return { year, month, day, offsetMinutes };
}

/** `d` moved by `days` (negative = earlier). */
export function addDays(d: CivilDate, days: number): CivilDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** `d` moved by `months` whole months; only year and month are meaningful (day set to 1). */
export function addMonths(d: CivilDate, months: number): CivilDate {
  const index = d.year * 12 + (d.month - 1) + months;
  return { year: Math.floor(index / 12), month: (((index % 12) + 12) % 12) + 1, day: 1 };
}

/** 0 = Monday … 6 = Sunday (ISO 8601 order). */
export function isoWeekday(d: CivilDate): number {
  return (new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `d`. */
export function mondayOf(d: CivilDate): CivilDate {
  return addDays(d, -isoWeekday(d));
}

/** The first day of the calendar quarter holding `d`, moved by `quarters` whole quarters. */
export function quarterStart(d: CivilDate, quarters = 0): CivilDate {
  return addMonths({ year: d.year, month: d.month - ((d.month - 1) % 3), day: 1 }, 3 * quarters);
}

const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** `YYYY-MM-DD`. */
export const isoDay = (d: CivilDate): string => `${pad(d.year, 4)}-${pad(d.month)}-${pad(d.day)}`;
/** `YYYY-MM`. */
export const isoMonth = (d: CivilDate): string => `${pad(d.year, 4)}-${pad(d.month)}`;
/** `YYYY-Qn` (calendar quarter, n = 1-4). */
export const isoQuarter = (d: CivilDate): string => `${pad(d.year, 4)}-Q${Math.floor((d.month - 1) / 3) + 1}`;
/** Korean `YYYY년 n분기`. */
export const koreanQuarter = (d: CivilDate): string => `${d.year}년 ${Math.floor((d.month - 1) / 3) + 1}분기`;
