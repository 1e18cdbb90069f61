/** JSON files: tolerant reads (BOM, missing file) and atomic writes. */
import { MemdirError } from "./errors.js";
import { type AtomicWriteOptions, readTextIfExists, writeFileAtomic } from "./fs.js";
import { normalizeNewlines, truncateCodePoints } from "./text.js";

/**
 * Parses JSON text. Throws MemdirError BAD_JSON naming `source` when it is not valid JSON.
 */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(normalizeNewlines(text));
  } catch (e) {
    throw new MemdirError("BAD_JSON", `${source} is not valid JSON`, {
      expected: "a JSON document",
      received: JSON.stringify(truncateCodePoints(text.trim(), 80)),
      hint: `fix or delete ${source}; memdir recreates state files it owns`,
      cause: e,
    });
  }
}

/**
 * Reads a JSON file. Returns `fallback` when the file is missing; when it is unreadable or invalid,
 * returns `fallback` too if `lenient` is set (state files), else throws MemdirError BAD_JSON.
 */
export function readJsonFile<T>(path: string, fallback: T, lenient = false): T {
  let text: string | undefined;
  try {
    text = readTextIfExists(path);
  } catch (e) {
    if (lenient) return fallback;
    throw e;
  }
  if (text === undefined || text.trim() === "") return fallback;
  try {
    return parseJson(text, path) as T;
  } catch (e) {
    if (lenient) return fallback;
    throw e;
  }
}

/** Writes `value` as pretty JSON (2 spaces, trailing newline) atomically; see writeFileAtomic for `opts`. */
export function writeJsonAtomic(path: string, value: unknown, opts?: AtomicWriteOptions): void {
  writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, opts);
}
