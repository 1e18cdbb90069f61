/**
 * Parsing a daily log from a byte offset: entries are `header … end marker`; everything else (the
 * title, blank lines, text the user typed between entries) is free text and ignored. A header whose
 * end marker is missing (the next header or the end of the file comes first) or whose marker holds
 * bad JSON is skipped and reported; the entries after it are still read.
 */
import { MEMORY_TYPES, type MemoryType } from "../types.js";
import { type DailyLogEntry, END_MARKER, HEADER, unescapeLine } from "./format.js";

/** A malformed entry that was skipped. */
export interface DailyLogProblem {
  /** Byte offset of its header line in the file. */
  byte: number;
  reason: string;
}

export interface ParsedDailyLog {
  entries: (DailyLogEntry & { endByte: number })[];
  /** Byte offset up to which the text was read: the file size. */
  endByte: number;
  problems: DailyLogProblem[];
}

interface Line {
  text: string;
  start: number;
  /** Offset after the line's `\n` (or the end of the data for a last line without one). */
  end: number;
}

function splitLines(buf: Buffer, from: number): Line[] {
  const lines: Line[] = [];
  let pos = from;
  while (pos < buf.length) {
    const nl = buf.indexOf(0x0a, pos);
    const stop = nl < 0 ? buf.length : nl;
    let text = buf.toString("utf8", pos, stop);
    if (text.endsWith("\r")) text = text.slice(0, -1);
    lines.push({ text, start: pos, end: nl < 0 ? buf.length : nl + 1 });
    pos = nl < 0 ? buf.length : nl + 1;
  }
  return lines;
}

/**
 * Parses `buf` (a whole daily-log file) from byte `from`; `from` inside a line skips to the next line.
 * Never throws.
 */
export function parseDailyLog(buf: Buffer, from: number): ParsedDailyLog {
  let start = Math.max(0, Math.min(from, buf.length));
  if (start > 0 && buf[start - 1] !== 0x0a) {
    const nl = buf.indexOf(0x0a, start);
    start = nl < 0 ? buf.length : nl + 1;
  }
  const lines = splitLines(buf, start);
  const out: ParsedDailyLog = { entries: [], endByte: start, problems: [] };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as Line;
    const h = HEADER.exec(line.text);
    if (h === null) {
      i++;
      continue;
    }
    let j = i + 1;
    while (
      j < lines.length &&
      !END_MARKER.test((lines[j] as Line).text) &&
      !HEADER.test((lines[j] as Line).text)
    )
      j++;
    const end = lines[j];
    if (end === undefined || HEADER.test(end.text)) {
      out.problems.push({ byte: line.start, reason: "entry has no end marker (<!-- memdir-log … -->)" });
      i = j;
      continue;
    }
    const entry = buildEntry(h, lines, i, j);
    if (typeof entry === "string") out.problems.push({ byte: line.start, reason: entry });
    else out.entries.push({ ...entry, endByte: end.end });
    i = j + 1;
  }
  // Appends replace the whole file atomically (write.ts): a reader never sees half an entry.
  out.endByte = buf.length;
  return out;
}

function buildEntry(h: RegExpExecArray, lines: Line[], i: number, j: number): DailyLogEntry | string {
  let meta: unknown;
  try {
    meta = JSON.parse(END_MARKER.exec((lines[j] as Line).text)?.[1] ?? "");
  } catch {
    return "end marker holds no valid JSON";
  }
  if (typeof meta !== "object" || meta === null || Array.isArray(meta))
    return "end marker is not a JSON object";
  const m = meta as Record<string, unknown>;
  const atMs = typeof m.at === "string" ? Date.parse(m.at) : Number.NaN;
  if (!Number.isFinite(atMs)) return 'end marker has no valid "at" time';
  const type = h[4] as MemoryType;
  if (!(MEMORY_TYPES as readonly string[]).includes(type)) return `unknown memory type ${type}`;
  const content = lines.slice(i + 1, j).map((l) => unescapeLine(l.text));
  const description = content[0] ?? "";
  const bodyLines = content[1] === "" ? content.slice(2) : content.slice(1);
  const entry: DailyLogEntry = { atMs, type, description, body: bodyLines.join("\n").trimEnd() };
  if (h[5] !== undefined) entry.name = h[5];
  if (typeof m.session === "string") entry.sessionId = m.session;
  if (Array.isArray(m.sources)) entry.sources = m.sources.filter((s): s is string => typeof s === "string");
  return entry;
}
