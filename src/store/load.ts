/**
 * Loading MEMORY.md into a prompt (Claude Code 2.1.83 `truncateEntrypointContent`): cut at
 * 200 lines, then at 25,000 bytes falling back to the last newline, then append a warning line that
 * tells the model to move detail into topic files. Sync, no `yaml`: cheap enough for SessionStart.
 */
import { join } from "node:path";
import { readTextIfExists } from "../core/fs.js";
import { byteLength, normalizeNewlines, toWellFormed, truncateBytesAtNewline } from "../core/text.js";
import { INDEX_FILE, INDEX_MAX_BYTES, INDEX_MAX_LINES } from "./memory-md.js";

export interface LoadedIndex {
  /** The text to inject (ends with the warning line when cut; no trailing newline). */
  text: string;
  /** Set when the index was cut; the same sentence ends `text`. */
  warning?: string;
}

/**
 * Applies the load-time cut to MEMORY.md text: at most `maxLines` lines (default 200), then at most
 * `maxBytes` UTF-8 bytes (default 25,000), cut at the last newline within the limit (or at the last
 * whole code point when the first line alone is longer). The warning names the original size.
 */
export function cutIndexForPrompt(
  text: string,
  maxLines = INDEX_MAX_LINES,
  maxBytes = INDEX_MAX_BYTES,
): LoadedIndex {
  const t = toWellFormed(normalizeNewlines(text)).replace(/\n+$/, "");
  const lines = t.split("\n");
  let kept = lines.length > maxLines ? lines.slice(0, maxLines).join("\n") : t;
  const cutByLines = lines.length > maxLines;
  const cutByBytes = byteLength(kept) > maxBytes;
  if (cutByBytes) kept = truncateBytesAtNewline(kept, maxBytes).replace(/\n+$/, "");
  if (!cutByLines && !cutByBytes) return { text: t };
  const reason = cutByLines
    ? `${lines.length} lines (limit: ${maxLines})`
    : `${byteLength(t)} bytes (limit: ${maxBytes})`;
  const warning =
    `> WARNING: MEMORY.md is ${reason}, so only part of it was loaded. ` +
    "Keep each index entry to one short line and move detail into topic files.";
  return { text: `${kept}\n\n${warning}`, warning };
}

/**
 * Reads `<memoryDir>/MEMORY.md` for the prompt (see `cutIndexForPrompt`). Returns undefined when
 * the file is missing or blank. Throws only on fs errors other than a missing file.
 */
export function loadIndexForPrompt(memoryDir: string): LoadedIndex | undefined {
  const text = readTextIfExists(join(memoryDir, INDEX_FILE));
  if (text === undefined || text.trim() === "") return undefined;
  return cutIndexForPrompt(text);
}
