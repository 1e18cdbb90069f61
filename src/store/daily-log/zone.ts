/** Civil date and time of an instant in an IANA time zone (Intl; the host time zone never matters). */
import { MemdirError } from "../../core/errors.js";

export interface ZonedParts {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM:SS`. */
  time: string;
  /** `Z` for UTC, else `+HH:MM` / `-HH:MM`. */
  offset: string;
}

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = cache.get(timeZone);
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
      throw new MemdirError("BAD_INPUT", `unknown time zone "${timeZone}" for the daily log`, {
        expected: 'an IANA time zone name such as "UTC" or "Asia/Seoul"',
        received: JSON.stringify(timeZone.slice(0, 80)),
        hint: "omit the time zone (UTC) or pass one Intl.DateTimeFormat accepts",
        cause,
      });
    }
    cache.set(timeZone, f);
  }
  return f;
}

/**
 * Date, time and UTC offset of `ms` in `timeZone`.
 * @throws MemdirError BAD_INPUT for an unknown time zone or a non-finite / out-of-range `ms`.
 */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const f = formatter(timeZone);
  if (!Number.isFinite(ms) || Math.abs(ms) > 8.64e15) {
    throw new MemdirError("BAD_INPUT", "a daily-log time is not a valid timestamp", {
      expected: "milliseconds since the epoch (a finite number)",
      received: String(ms),
      hint: "pass Date-compatible epoch milliseconds (nowMs, atMs)",
    });
  }
  const p: Record<string, string> = {};
  for (const part of f.formatToParts(new Date(ms))) p[part.type] = part.value;
  const year = (p.year ?? "1970").padStart(4, "0");
  const date = `${year}-${p.month}-${p.day}`;
  const time = `${p.hour}:${p.minute}:${p.second}`;
  const whole = ms - (((ms % 1000) + 1000) % 1000);
  const asUtc = Date.UTC(
    Number(year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  const minutes = Math.round((asUtc - whole) / 60_000);
  const abs = Math.abs(minutes);
  const offset =
    minutes === 0
      ? "Z"
      : `${minutes < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return { date, time, offset };
}
