/**
 * `log.md`, the append-only operation log of the wiki. Format, one line per
 * operation after a two-line header:
 *   `## [2026-11-29T10:00:00Z] add | <slug> | <detail>`
 * time in ISO 8601 UTC (seconds), op a lower-case word (`add` = page created, `update` = page
 * changed), detail the title for page operations. A `|` or `\` inside a field is escaped with `\`;
 * newlines become spaces. Lines are never rewritten.
 */
import { join } from "node:path";
import { isoUtc } from "../core/clock.js";
import { MemdirError } from "../core/errors.js";
import { appendFileNoFollow, ensureDir, readTextIfExists } from "../core/fs.js";
import { squashWhitespace, truncateCodePoints } from "../core/text.js";
import { scrub } from "../privacy/index.js";
import { checkWikiDir, WIKI_LOG_FILE, withWikiLock } from "./list.js";
import type { WikiLogEntry } from "./types.js";

export const WIKI_LOG_HEADER =
  "# Wiki Log\n\n" +
  "<!-- Append-only, written by memdir: one line per operation, `## [<ISO 8601 UTC>] <op> | <slug> | <detail>`; " +
  "a `|` or `\\` inside a field is written `\\|` / `\\\\`. Never rewrite or reorder these lines. -->\n\n";

const OP = /^[a-z][a-z0-9-]*$/;
const esc = (s: string) => squashWhitespace(scrub(s)).replace(/[\\|]/g, "\\$&");

/**
 * The log line of `entry` (no newline).
 * @throws MemdirError BAD_INPUT when `op` is not a lower-case word, `slug` is empty or `atMs` is not a time.
 */
export function formatWikiLogLine(entry: WikiLogEntry): string {
  const ok = OP.test(entry.op ?? "") && typeof entry.slug === "string" && entry.slug.trim() !== "";
  if (!ok || !Number.isFinite(entry.atMs)) {
    throw new MemdirError("BAD_INPUT", "the wiki log entry is not valid", {
      expected: "{atMs: ms since the epoch, op: a lower-case word such as `add`, slug: non-empty, detail?}",
      received: truncateCodePoints(JSON.stringify(entry) ?? String(entry), 120),
      hint: "fix the caller: log entries come from wiki operations",
    });
  }
  const time = isoUtc(entry.atMs).replace(/\.\d{3}Z$/, "Z");
  return `## [${time}] ${entry.op} | ${esc(entry.slug)} | ${esc(entry.detail ?? "")}`.trimEnd();
}

/** Parses one log line back (`undefined` for the header and any other line). */
export function parseWikiLogLine(line: string): WikiLogEntry | undefined {
  const m = /^## \[([^\]]+)\] ([a-z][a-z0-9-]*) \| (.*)$/.exec(line);
  if (!m) return undefined;
  const atMs = Date.parse(m[1] ?? "");
  if (Number.isNaN(atMs)) return undefined;
  const fields: string[] = [];
  let cur = "";
  const rest = m[3] ?? "";
  for (let i = 0; i < rest.length; i++) {
    const c = rest.charAt(i);
    if (c === "\\" && i + 1 < rest.length) cur += rest.charAt(++i);
    else if (rest.startsWith(" | ", i) || (rest.startsWith(" |", i) && i + 2 === rest.length)) {
      fields.push(cur);
      cur = "";
      i += 2;
    } else cur += c;
  }
  fields.push(cur);
  const entry: WikiLogEntry = { atMs, op: m[2] ?? "", slug: fields[0] ?? "" };
  const detail = fields.slice(1).join(" | ");
  if (detail !== "") entry.detail = detail;
  return entry;
}

/** Appends one line (header first when the file is new). The caller holds the wiki lock. */
export function appendWikiLogLocked(wikiDir: string, entry: WikiLogEntry): void {
  const line = formatWikiLogLine(entry);
  const path = join(wikiDir, WIKI_LOG_FILE);
  const existing = readTextIfExists(path);
  ensureDir(wikiDir);
  const sep =
    existing === undefined ? WIKI_LOG_HEADER : existing === "" || existing.endsWith("\n") ? "" : "\n";
  appendFileNoFollow(path, `${sep}${line}\n`);
}

/**
 * Appends `entry` to `<wikiDir>/log.md` under the wiki lock (fields scrubbed: privacy/).
 * @throws MemdirError BAD_INPUT (see formatWikiLogLine), LOCK_TIMEOUT.
 */
export function appendWikiLog(wikiDir: string, entry: WikiLogEntry): void {
  checkWikiDir(wikiDir);
  formatWikiLogLine(entry); // validate before taking the lock
  ensureDir(wikiDir);
  withWikiLock(wikiDir, () => appendWikiLogLocked(wikiDir, entry));
}
