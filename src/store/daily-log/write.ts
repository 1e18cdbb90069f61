/** Appending to the daily log under the memory dir's lock (DESIGN.md §6: lock, re-read, atomic replace). */
import { join } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { normalizeNewlines } from "../../core/text.js";
import { scrub } from "../../privacy/index.js";
import { type Journaled, trackedUpdate } from "../history/index.js";
import { withStoreLock } from "../index-write.js";
import { MEMORY_TYPES } from "../types.js";
import { type DailyLogEntry, serializeEntry, titleLine } from "./format.js";
import { zonedParts } from "./zone.js";

/** `logs` under the memory dir. */
export const DAILY_LOG_DIR = "logs";

/**
 * `<memoryDir>/logs/YYYY/MM/YYYY-MM-DD.md` for the civil date of `ms` in `timeZone` (default "UTC";
 * the layout of Claude Code's `getAutoMemDailyLogPath`).
 * @throws MemdirError BAD_INPUT for an unknown time zone or a non-finite `ms`.
 */
export function dailyLogPath(memoryDir: string, ms: number, timeZone = "UTC"): string {
  const date = zonedParts(ms, timeZone).date;
  return join(memoryDir, DAILY_LOG_DIR, date.slice(0, 4), date.slice(5, 7), `${date}.md`);
}

export interface AppendDailyLogOptions extends Journaled {
  /** Now (ms): picks the file (today's log). */
  nowMs: number;
  /** IANA zone that decides "today" and the header times (default "UTC"). */
  timeZone?: string;
  /** Wait at most this long for the memory dir's lock (ms, default 30,000). */
  lockTimeoutMs?: number;
}

const oneLine = (s: string) => s.replace(/\r\n|[\r\n\u2028\u2029]/g, " ");

/**
 * The entry as it will be stored: every text scrubbed (`<private>` blocks removed, secrets
 * redacted), description and name on one line, body with LF line ends and no trailing whitespace,
 * an empty name or source list dropped. `parse(serialize(normalizeEntry(e)))` gives it back exactly.
 * @throws MemdirError BAD_MEMORY_TYPE / BAD_INPUT for a bad type or time.
 */
export function normalizeEntry(e: DailyLogEntry): DailyLogEntry {
  if (!(MEMORY_TYPES as readonly string[]).includes(e.type)) {
    throw new MemdirError("BAD_MEMORY_TYPE", "a daily-log entry has no valid memory type", {
      expected: `one of ${MEMORY_TYPES.join(" | ")}`,
      received: JSON.stringify(String(e.type).slice(0, 40)),
      hint: "classify the entry as user, feedback, project or reference",
    });
  }
  if (!Number.isFinite(e.atMs)) {
    throw new MemdirError("BAD_INPUT", "a daily-log entry has no valid time", {
      expected: "atMs: milliseconds since the epoch",
      received: String(e.atMs),
      hint: "pass the time of the turn the entry came from",
    });
  }
  const out: DailyLogEntry = {
    atMs: e.atMs,
    type: e.type,
    description: oneLine(scrub(e.description)),
    body: normalizeNewlines(scrub(e.body)).trimEnd(),
  };
  const name = e.name === undefined ? "" : oneLine(scrub(e.name)).trim();
  if (name !== "") out.name = name;
  if (e.sessionId !== undefined) out.sessionId = scrub(e.sessionId);
  const sources = (e.sources ?? []).map((s) => scrub(s));
  if (sources.length > 0) out.sources = sources;
  return out;
}

/**
 * Appends `entries` (scrubbed, see `normalizeEntry`) to today's daily log: under the memory dir's lock
 * (`.memdir.lock`), re-reads the file, adds `# YYYY-MM-DD` to a new or empty file, writes the whole
 * text with a checked write against the bytes read (dirs created; again when another writer changed it). Nothing is written for an empty list. Existing bytes never change
 * (a missing final newline is added), so byte offsets read earlier stay valid.
 * @returns the file's absolute path and the number of entries appended.
 * @throws MemdirError LOCK_TIMEOUT, BAD_MEMORY_TYPE, BAD_INPUT; fs errors as thrown.
 */
export function appendDailyLog(
  memoryDir: string,
  entries: DailyLogEntry[],
  opts: AppendDailyLogOptions,
): { path: string; appended: number } {
  const timeZone = opts.timeZone ?? "UTC";
  const path = dailyLogPath(memoryDir, opts.nowMs, timeZone);
  if (entries.length === 0) return { path, appended: 0 };
  const date = zonedParts(opts.nowMs, timeZone).date;
  const text = entries.map((e) => serializeEntry(normalizeEntry(e), date, timeZone)).join("\n");
  const lockOpts = opts.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: opts.lockTimeoutMs };
  withStoreLock(
    memoryDir,
    () => {
      // Against the bytes read: a line another writer appends meanwhile is re-read, never overwritten.
      const w = trackedUpdate(opts, path, (cur = "") => {
        const head = cur.trim() === "" ? titleLine(date) : cur.endsWith("\n") ? cur : `${cur}\n`;
        return `${head}\n${text}`;
      });
      if (w.status === "changed") {
        throw new MemdirError("IO", `the daily log ${path} kept changing while entries were appended`, {
          expected: "the log to stay still while it is written",
          received: "a change by another writer at every try",
          hint: "nothing was lost; the entries are appended by the next run",
        });
      }
    },
    lockOpts,
  );
  return { path, appended: entries.length };
}
