/**
 * The memory-dir scan (DESIGN.md §3.1; Claude Code `memoryScan.ts`: MAX_MEMORY_FILES = 200,
 * FRONTMATTER_MAX_LINES = 30): topic headers from the first lines of each file, newest mtime first.
 */
import { closeSync, lstatSync, readSync, type Stats } from "node:fs";
import { join } from "node:path";
import { describeError, errnoCode, isMemdirError } from "../core/errors.js";
import { openInputFile } from "../core/input-file.js";
import { normalizeNewlines } from "../core/text.js";
import { ParseCache } from "./cache.js";
import { listTopicFiles } from "./list.js";

export { listTopicFiles };

import { parseTopic } from "./topic.js";
import type { ScanOptions, ScanResult, TopicHeader } from "./types.js";

/** Bytes read from the head of each file: 30 frontmatter lines fit with room to spare. */
export const SCAN_HEAD_BYTES = 8 * 1024;
export const SCAN_MAX_FILES = 200;
export const SCAN_MAX_LINES = 30;

/**
 * Reads at most `maxBytes` bytes from the start of `path` and returns its first `maxLines` lines
 * (joined with `\n`, a cut multi-byte character dropped). A huge file is never read whole.
 * Throws MemdirError NOT_FOUND, INPUT_REFUSED (not a regular file), IO.
 */
export function readHead(path: string, maxLines: number, maxBytes = SCAN_HEAD_BYTES): string {
  const { fd } = openInputFile(path, { what: "the topic file" });
  let n: number;
  const buf = Buffer.allocUnsafe(maxBytes);
  try {
    n = readSync(fd, buf, 0, maxBytes, 0);
  } finally {
    closeSync(fd);
  }
  let text = buf.subarray(0, n).toString("utf8");
  if (n === maxBytes && text.endsWith("\uFFFD")) text = text.slice(0, -1);
  const lines = text.split("\n");
  return lines.slice(0, maxLines).join("\n");
}

const headerCache = new ParseCache<TopicHeader>();

/** False when `head` opens a frontmatter block (`---`) but never closes it. */
function frontmatterClosed(head: string): boolean {
  const lines = normalizeNewlines(head).split("\n");
  if (!/^---[ \t]*$/.test(lines[0] ?? "")) return true; // no frontmatter: parseTopic reports it
  return lines.slice(1).some((l) => /^---[ \t]*$/.test(l));
}

/**
 * Scans the topic files of `memoryDir`: newest mtime first (ties by name), at most `maxFiles`
 * (default 200), each parsed from its first `maxLines` lines (default 30) read from a bounded
 * prefix of SCAN_HEAD_BYTES. A file that cannot be read or parsed (bad YAML, bad type, frontmatter
 * not closed within the first lines) is reported in `errors` and never blocks the rest. Parsed
 * headers are cached per process by path + inode + size + mtime (see cache.ts).
 * Never throws for a missing dir; throws only if the dir itself cannot be listed.
 */
export function scanTopics(memoryDir: string, opts: ScanOptions = {}): ScanResult {
  const maxFiles = opts.maxFiles ?? SCAN_MAX_FILES;
  const maxLines = opts.maxLines ?? SCAN_MAX_LINES;
  const errors: ScanResult["errors"] = [];
  const stats: { path: string; mtimeMs: number; file: string; st: Stats }[] = [];
  for (const file of listTopicFiles(memoryDir)) {
    const path = join(memoryDir, file);
    try {
      const st = lstatSync(path);
      if (!st.isFile()) continue; // replaced by a link or a dir since the listing: never followed
      stats.push({ path, file, mtimeMs: st.mtimeMs, st });
    } catch (e) {
      if (errnoCode(e) !== "ENOENT") errors.push({ path, message: describeError(e) });
    }
  }
  stats.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const topics: TopicHeader[] = [];
  for (const s of stats.slice(0, Math.max(0, maxFiles))) {
    try {
      const load = () => {
        const head = readHead(s.path, maxLines);
        if (!frontmatterClosed(head)) {
          throw new Error(`the frontmatter is not closed within the first ${maxLines} lines (or 8 KB)`);
        }
        const t = parseTopic(head, s.path, s.mtimeMs);
        return { name: t.name, description: t.description, type: t.type, path: s.path, mtimeMs: s.mtimeMs };
      };
      topics.push(maxLines === SCAN_MAX_LINES ? headerCache.get(s.path, s.st, load) : load());
    } catch (e) {
      if (isMemdirError(e, "NOT_FOUND")) continue; // deleted while scanning
      errors.push({ path: s.path, message: describeError(e) });
    }
  }
  return { topics, errors };
}
