/**
 * L2 store/daily-log: the KAIROS daily log (DESIGN.md §3.1
 * `memory/logs/YYYY/MM/YYYY-MM-DD.md`). With `kairos: true` extraction appends raw signal here
 * instead of writing topic files; the dream distills it later, remembering how far it read by byte
 * offset. Append-only, human-readable Markdown, parsed back exactly. Sync; no yaml.
 *
 * Format (UTF-8, LF; CRLF read too):
 * ```
 * # 2026-11-29                                    ← once, when the file is created
 *
 * ## 10:15:03Z · feedback · testing-no-db-mocks   ← time in the log's zone (Z or ±HH:MM), type, name
 * Integration tests must hit a real database      ← the description (one line)
 *                                                 ← blank
 * Body, any Markdown, any number of lines.        ← the body (trailing whitespace dropped)
 * <!-- memdir-log {"at":"2026-11-29T10:15:03.123Z","session":"…","sources":["…"]} -->
 * ```
 * Entries are separated by a blank line. The header shows the date too (`## 2026-11-28 23:59:10Z ·
 * …`) when the entry happened on another day than the file's. The end marker's JSON holds the exact
 * time (`at`, ISO 8601 UTC), the session id and the sources, with `<` and `>` written as `\u003c` /
 * `\u003e` so no text can close the comment. A content line that would read as a header or an end
 * marker gets one leading `\` (removed again on read; Markdown shows it as the literal line).
 * Everything outside `header … end marker` is free text: the title, blank lines, notes the user types
 * between entries. A header with no end marker before the next header or the end of the file, or
 * an end marker with bad JSON, is skipped and reported; the rest is still read.
 */
export type { DailyLogEntry } from "./format.js";
export type { DailyLogProblem } from "./parse.js";
export { type DailyLogRead, listDailyLogs, readDailyLogEntries } from "./read.js";
export {
  type AppendDailyLogOptions,
  appendDailyLog,
  DAILY_LOG_DIR,
  dailyLogPath,
  normalizeEntry,
} from "./write.js";
