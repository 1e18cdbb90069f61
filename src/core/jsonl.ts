/**
 * JSONL streaming on Node built-ins. Reads complete lines from a byte offset, so a caller can keep a
 * cursor; a partial last line (a file being written) is not returned and the offset stops before it.
 * Lines of any length up to `maxLineBytes` are returned whole (a transcript line can exceed 1 MB);
 * longer lines are skipped without being buffered, so memory stays bounded by `maxLineBytes` plus
 * one chunk, whatever the file holds (a 2 GB file with no newline included).
 */
import { closeSync, readSync } from "node:fs";
import { dirname } from "node:path";
import { appendFileNoFollow, ensureDir } from "./fs.js";
import { openInputFile } from "./input-file.js";

export interface JsonlLine {
  /** The line text without its newline (CR stripped, BOM stripped on the first line); "" when oversized. */
  text: string;
  /** Byte offset of the line's first byte. */
  start: number;
  /** Byte offset just after the line's newline: a cursor that resumes after this line. */
  end: number;
  /**
   * The line was longer than `maxLineBytes` and was skipped unread. Its `end` may stop mid-line (at the
   * end of the file or of the byte budget); a read from such an offset skips to the next newline first.
   */
  oversized?: true;
}

/** The default longest line returned (bytes): 16 MiB. */
export const MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface ReadLinesOptions {
  /** Read size (bytes; default 1 MiB). */
  chunkBytes?: number;
  /** Longest line returned whole (bytes; default MAX_LINE_BYTES). */
  maxLineBytes?: number;
  /** Stop after this many bytes past `offset` (default: no bound). */
  maxBytes?: number;
  /** What the file is, for errors ("the transcript"). */
  what?: string;
  /** Set to true when the reader stopped at `maxBytes` with more of the file left. */
  stats?: { budgetHit: boolean };
}

/**
 * Yields each complete (`\n`-terminated) line of `path` from byte `offset` on. An offset that is not a
 * line start (the byte before it is not `\n`) resumes after the next newline.
 * @throws MemdirError NOT_FOUND, INPUT_REFUSED (not a regular file: FIFO, device, socket, directory), IO.
 */
export function* readLines(
  path: string,
  offset = 0,
  options: ReadLinesOptions | number = {},
): Generator<JsonlLine> {
  const opts = typeof options === "number" ? { chunkBytes: options } : options;
  const chunkBytes = opts.chunkBytes ?? 1 << 20;
  const maxLine = opts.maxLineBytes ?? MAX_LINE_BYTES;
  const limit = offset + (opts.maxBytes ?? Number.POSITIVE_INFINITY);
  const { fd } = openInputFile(path, { what: opts.what ?? "the file" });
  try {
    let pos = offset;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let pendingStart = offset;
    /** Inside a line that is skipped (oversized, or begun before `offset`). */
    let skipping = offset > 0 && !startsLine(fd, offset);
    const buf = Buffer.allocUnsafe(chunkBytes);
    for (;;) {
      const want = Math.min(chunkBytes, limit - pos);
      if (want <= 0) {
        if (opts.stats) opts.stats.budgetHit = readSync(fd, buf, 0, 1, pos) > 0;
        break;
      }
      const n = readSync(fd, buf, 0, want, pos);
      if (n <= 0) break;
      let from = 0;
      for (;;) {
        const nl = buf.indexOf(10, from);
        if (nl === -1 || nl >= n) break;
        const lineEnd = pos + nl + 1;
        if (skipping || pendingBytes + (nl - from) > maxLine) {
          yield { text: "", start: pendingStart, end: lineEnd, oversized: true };
        } else {
          const piece = Buffer.from(buf.subarray(from, nl));
          const lineBuf = pending.length ? Buffer.concat([...pending, piece]) : piece;
          let text = lineBuf.toString("utf8");
          if (text.endsWith("\r")) text = text.slice(0, -1);
          if (pendingStart === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
          yield { text, start: pendingStart, end: lineEnd };
        }
        skipping = false;
        pending = [];
        pendingBytes = 0;
        pendingStart = lineEnd;
        from = nl + 1;
      }
      if (from < n && !skipping) {
        if (pendingBytes + (n - from) > maxLine) {
          skipping = true;
          pending = [];
          pendingBytes = 0;
        } else {
          pending.push(Buffer.from(buf.subarray(from, n)));
          pendingBytes += n - from;
        }
      }
      pos += n;
    }
    // A skipped line without its newline yet: hand out a cursor past what was skipped.
    if (skipping && pos > pendingStart) yield { text: "", start: pendingStart, end: pos, oversized: true };
  } finally {
    closeSync(fd);
  }
}

/** True when `offset` is the start of a line (offset 0, or the byte before it is a newline). */
function startsLine(fd: number, offset: number): boolean {
  const one = Buffer.allocUnsafe(1);
  return readSync(fd, one, 0, 1, offset - 1) === 1 && one[0] === 10;
}

/** Appends one JSON value as a line (creates the file and its dir). */
export function appendJsonl(path: string, value: unknown): void {
  ensureDir(dirname(path));
  appendFileNoFollow(path, `${JSON.stringify(value)}\n`);
}
