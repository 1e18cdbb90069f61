/**
 * Listing the topic files of a memory dir, free of `yaml`: hooks that only need to know whether
 * (or which) topic files exist import `store/list.js` directly.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { errnoCode } from "../core/errors.js";
import { INDEX_FILE } from "./memory-md.js";

/**
 * File names (not paths) of the topic files directly in `memoryDir`: regular files (or symlinks to
 * them) ending in `.md`, except MEMORY.md (any case) and hidden files. Subdirectories such as
 * `logs/`, `team/` and `.history/` are skipped. A missing dir yields `[]`.
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
    if (d.isFile()) out.push(n);
    else if (d.isSymbolicLink()) {
      try {
        if (statSync(join(memoryDir, n)).isFile()) out.push(n);
      } catch {
        // dangling link: not a topic
      }
    }
  }
  return out;
}
