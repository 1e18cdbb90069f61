/**
 * Civil time in an IANA time zone, on `Intl.DateTimeFormat` (no dependency). Used by the daily logs
 * (which day's file, the entry times) and by relative-date conversion (which day "yesterday" is).
 */
import { MemdirError } from "./errors.js";

export interface ZonedFields {
  year: number;
  /** 1-12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC at that instant (Seoul +540, New York -300 or -240). */
  offsetMinutes: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (f === undefined) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    } catch (cause) {
      throw new MemdirError("BAD_INPUT", `unknown time zone "${timeZone}"`, {
        expected: 'an IANA time zone name such as "UTC", "Asia/Seoul" or "America/New_York"',
        received: JSON.stringify(timeZone.slice(0, 80)),
        hint: "pass a time zone name Intl.DateTimeFormat accepts (or omit it for UTC)",
        cause,
      });
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * The civil date, time of day (whole seconds) and UTC offset of instant `ms` in `timeZone`.
 * @throws MemdirError BAD_INPUT for an unknown time zone, or when `ms` is not finite or out of
 *   Date's range (±8.64e15); `what` names the value in that message (e.g. "a daily-log time").
 */
export function zonedFields(ms: number, timeZone: string, what = "a time"): ZonedFields {
  const f = formatter(timeZone);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) {
    throw new MemdirError("BAD_INPUT", `${what} is not a valid timestamp`, {
      expected: "milliseconds since the epoch (a finite number)",
      received: String(ms),
      hint: "pass Date-compatible epoch milliseconds",
    });
  }
  const p: Record<string, number> = {};
  for (const part of f.formatToParts(new Date(ms)))
    if (part.type !== "literal") p[part.type] = Number(part.value);
  const year = p.year ?? 1970;
  const month = p.month ?? 1;
  const day = p.day ?? 1;
  const hour = p.hour ?? 0;
  const minute = p.minute ?? 0;
  const second = p.second ?? 0;
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  const offsetMinutes = Math.round((Date.UTC(year, month - 1, day, hour, minute, second) - whole) / 60_000);
  return { year, month, day, hour, minute, second, offsetMinutes };
}
