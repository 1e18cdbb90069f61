/** Civil date and time of an instant in an IANA time zone (Intl; the host time zone never matters). */
import { zonedFields } from "../../core/zone.js";

export interface ZonedParts {
  /** `YYYY-MM-DD`. */
  date: string;
  /** `HH:MM:SS`. */
  time: string;
  /** `Z` for UTC, else `+HH:MM` / `-HH:MM`. */
  offset: string;
}

/**
 * Date, time and UTC offset of `ms` in `timeZone`.
 * @throws MemdirError BAD_INPUT for an unknown time zone or a non-finite / out-of-range `ms`.
 */
export function zonedParts(ms: number, timeZone: string): ZonedParts {
  const z = zonedFields(ms, timeZone, "a daily-log time");
  const two = (n: number) => String(n).padStart(2, "0");
  const date = `${String(z.year).padStart(4, "0")}-${two(z.month)}-${two(z.day)}`;
  const time = `${two(z.hour)}:${two(z.minute)}:${two(z.second)}`;
  const abs = Math.abs(z.offsetMinutes);
  const offset =
    z.offsetMinutes === 0
      ? "Z"
      : `${z.offsetMinutes < 0 ? "-" : "+"}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  return { date, time, offset };
}
