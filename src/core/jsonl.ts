/**
 * JSONL streaming on Node built-ins. Reads complete lines from a byte offset, so a caller can keep a
 * cursor; a partial last line (a file being written) is not returned and the offset stops before it.
 * Lines of any length are supported (a transcript line can exceed 1 MB); memory stays bounded by the
 * longest line.
 */
import { appendFileSync, closeSync, openSync, readSync } from "node:fs";
import { dirname } from "node:path";
import { ensureDir } from "./fs.js";

export interface JsonlLine {
  /** The line text without its newline (CR stripped, BOM stripped on the first line). */
  text: string;
  /** Byte offset of the line's first byte. */
  start: number;
  /** Byte offset just after the line's newline: a cursor that resumes after this line. */
  end: number;
}

/**
 * Yields each complete (`\n`-terminated) line of `path` from byte `offset` on.
 * @param chunkBytes read size (default 1 MiB)
 */
export function* readLines(path: string, offset = 0, chunkBytes = 1 << 20): Generator<JsonlLine> {
  const fd = openSync(path, "r");
  try {
    let pos = offset;
    let pending: Buffer[] = [];
    let pendingStart = offset;
    const buf = Buffer.allocUnsafe(chunkBytes);
    for (;;) {
      const n = readSync(fd, buf, 0, chunkBytes, pos);
      if (n <= 0) break;
      let from = 0;
      for (;;) {
        const nl = buf.indexOf(10, from);
        if (nl === -1 || nl >= n) break;
        const piece = Buffer.from(buf.subarray(from, nl));
        const lineBuf = pending.length ? Buffer.concat([...pending, piece]) : piece;
        const lineEnd = pos + nl + 1;
        let text = lineBuf.toString("utf8");
        if (text.endsWith("\r")) text = text.slice(0, -1);
        if (pendingStart === 0 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        yield { text, start: pendingStart, end: lineEnd };
        pending = [];
        pendingStart = lineEnd;
        from = nl + 1;
      }
      if (from < n) pending.push(Buffer.from(buf.subarray(from, n)));
      pos += n;
    }
  } finally {
    closeSync(fd);
  }
}

/** Appends one JSON value as a line (creates the file and its dir). */
export function appendJsonl(path: string, value: unknown): void {
  ensureDir(dirname(path));
  appendFileSync(path, `${JSON.stringify(value)}\n`, { mode: 0o600 });
}
