/**
 * The bytes a wiki write is checked against (core/checked-write.ts): pages are listed and parsed
 * first, so the page file is read again and kept only when it still parses to the page the plan used.
 */
import { statSync } from "node:fs";
import { readBytesIfExists } from "../core/fs.js";
import { parsePage } from "./page.js";
import type { WikiPage } from "./types.js";

/**
 * The bytes of `page`'s file now, when they still parse to `page` (same fields, same mtime); else
 * undefined: another writer changed it since it was listed, plan again.
 */
export function pageBytesIfUnchanged(page: WikiPage): Buffer | undefined {
  const bytes = readBytesIfExists(page.path);
  if (bytes === null) return undefined;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(page.path).mtimeMs;
  } catch {
    return undefined;
  }
  try {
    const again = parsePage(bytes.toString("utf8"), page.path, mtimeMs);
    return JSON.stringify(again) === JSON.stringify(page) ? bytes : undefined;
  } catch {
    return undefined;
  }
}
