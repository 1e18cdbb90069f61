/**
 * Listing the topic files of a memory dir, free of `yaml`: hooks that only need to know whether
 * (or which) topic files exist import `store/list.js` directly.
 */
import { readdirSync } from "node:fs";
import { errnoCode } from "../core/errors.js";
import { INDEX_FILE } from "./memory-md.js";

/**
 * File names (not paths) of the topic files directly in `memoryDir`: regular files ending in `.md`,
 * except MEMORY.md (any case) and hidden files. A symbolic link is never listed (a link a teammate
 * pushed could point at any file on this machine). Subdirectories such as `logs/`, `team/` and
 * `.history/` are skipped. A missing dir yields `[]`.
 */
export function listTopicFiles(memoryDir: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(memoryDir, { withFileTypes: true });
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return [];
    throw e;
  }
  const out: string[] = [];
  for (const d of entries) {
    const n = d.name;
    if (
      !n.toLowerCase().endsWith(".md") ||
      n.startsWith(".") ||
      n.toLowerCase() === INDEX_FILE.toLowerCase()
    ) {
      continue;
    }
    if (d.isFile()) out.push(n); // `readdir` types entries as `lstat` does: a link is not a file
  }
  return out;
}
