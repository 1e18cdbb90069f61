/**
 * The daily-log text format (see index.ts for the description): serializing one entry, recognising
 * headers and end markers, and the escapes that keep a body from forging either.
 */
import { MEMORY_TYPES, type MemoryType } from "../types.js";
import { zonedParts } from "./zone.js";

/** One raw signal appended in KAIROS mode. */
export interface DailyLogEntry {
  /** When it happened (ms since the epoch). */
  atMs: number;
  sessionId?: string;
  type: MemoryType;
  /** Suggested topic name (a kebab slug); optional. */
  name?: string;
  /** One line (line breaks become spaces on write). */
  description: string;
  /** Markdown; trailing whitespace is dropped on write. */
  body: string;
  /** Transcript uuids / turn ids it came from. */
  sources?: string[];
}

const TYPES = MEMORY_TYPES.join("|");
/** `## [YYYY-MM-DD ]HH:MM:SS(Z|±HH:MM) · type[ · name]`. */
export const HEADER = new RegExp(
  String.raw`^## (?:(\d{4}-\d{2}-\d{2}) )?(\d{2}:\d{2}:\d{2})(Z|[+-]\d{2}:\d{2}) · (${TYPES})(?: · (.+))?$`,
  "s",
);
/** `<!-- memdir-log {json} -->`. */
export const END_MARKER = /^<!-- memdir-log (\{.*\}) -->$/s;
const END_PREFIX = "<!-- memdir-log ";
/** A content line that would read as a header or an end marker once its escapes are removed. */
const FORGED = /^(\\*)(## |<!-- memdir-log )/;

/** Adds one `\` before a line that starts (after any `\`s) like a header or end marker. */
export function escapeLine(line: string): string {
  const m = FORGED.exec(line);
  if (m === null) return line;
  if (m[2] === "## " && !HEADER.test(line.slice(m[1]?.length ?? 0))) return line;
  return `\\${line}`;
}

/** Inverse of `escapeLine`. */
export function unescapeLine(line: string): string {
  const m = FORGED.exec(line);
  if (m === null || (m[1] ?? "") === "") return line;
  if (m[2] === "## " && !HEADER.test(line.slice(m[1]?.length ?? 0))) return line;
  return line.slice(1);
}

/** The `# YYYY-MM-DD` title line a new file starts with. */
export const titleLine = (date: string): string => `# ${date}\n`;

/** The entry as it is stored (normalized, already scrubbed by the caller). */
export function serializeEntry(e: DailyLogEntry, fileDate: string, timeZone: string): string {
  const z = zonedParts(e.atMs, timeZone);
  const when = `${z.date === fileDate ? "" : `${z.date} `}${z.time}${z.offset}`;
  const name = e.name === undefined ? "" : ` · ${e.name}`;
  const meta: Record<string, unknown> = { at: new Date(e.atMs).toISOString() };
  if (e.sessionId !== undefined) meta.session = e.sessionId;
  if (e.sources !== undefined && e.sources.length > 0) meta.sources = e.sources;
  // `<` and `>` only occur inside JSON strings: escaping them keeps `-->` out of the comment (and
  // U+2028/U+2029 out of the line, for editors that break lines there).
  const json = JSON.stringify(meta)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  const lines = [`## ${when} · ${e.type}${name}`, escapeLine(e.description), ""];
  if (e.body !== "") lines.push(...e.body.split("\n").map(escapeLine));
  lines.push(`${END_PREFIX}${json} -->`);
  return `${lines.join("\n")}\n`;
}
