/**
 * Lists the files of each indexed source with one stat each (cheap enough for the
 * UserPromptSubmit hook): topic files of the project memory dir, its `team/` dir and the user
 * memory dir; the project notepad; wiki pages; session summaries. Transcripts are indexed by
 * `backfill` (append-only, by byte offset) and are not listed here.
 */

import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { listTopicFiles } from "../../store/list.js";
import { teamDirOf } from "../../store/team-dir.js";
import type { DiskEntry, DocScope, Source } from "./types.js";

/** The directories and files one project's sync covers. Any may be absent on disk. */
export interface SourceRoots {
  /** Project root ("" for a user-scope-only sync). */
  project: string;
  memoryDir?: string;
  userMemoryDir?: string;
  notepad?: string;
  wikiDir?: string;
  summariesDir?: string;
}

/** Which sources and scopes a root set covers, so sync only removes rows it owns. */
export interface Coverage {
  project: string;
  sources: Source[];
}

function statEntry(path: string, source: Source, scope: DocScope, project: string): DiskEntry | null {
  try {
    const st = lstatSync(path); // a symbolic link is never followed (a teammate's link could point anywhere)
    if (!st.isFile()) return null;
    return { path, source, scope, project, size: st.size, mtimeMs: Math.trunc(st.mtimeMs) };
  } catch {
    return null;
  }
}

function markdownFiles(dir: string, skip: Set<string>): string[] {
  try {
    return readdirSync(dir)
      .filter((n) => n.toLowerCase().endsWith(".md") && !n.startsWith(".") && !skip.has(n.toLowerCase()))
      .sort();
  } catch {
    return [];
  }
}

/** Every indexable file under `roots`, sorted by path. */
export function discoverFiles(roots: SourceRoots): DiskEntry[] {
  const out: DiskEntry[] = [];
  const push = (e: DiskEntry | null) => {
    if (e) out.push(e);
  };
  const topics = (dir: string, scope: DocScope, project: string) => {
    for (const n of listTopicFiles(dir)) push(statEntry(join(dir, n), "memories", scope, project));
  };
  if (roots.memoryDir) {
    topics(roots.memoryDir, "project", roots.project);
    topics(teamDirOf(roots.memoryDir), "team", roots.project); // `team/`, or the in-repo team folder
  }
  if (roots.userMemoryDir) topics(roots.userMemoryDir, "user", "");
  if (roots.notepad) push(statEntry(roots.notepad, "notes", "project", roots.project));
  if (roots.wikiDir) {
    for (const n of markdownFiles(roots.wikiDir, new Set(["index.md", "log.md"]))) {
      push(statEntry(join(roots.wikiDir, n), "wiki", "project", roots.project));
    }
  }
  if (roots.summariesDir) {
    for (const n of markdownFiles(roots.summariesDir, new Set())) {
      push(statEntry(join(roots.summariesDir, n), "sessions", "project", roots.project));
    }
  }
  out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return out;
}

/**
 * The search database rows a sync of `roots` owns: the project's rows of the listed sources (except
 * transcript files, which backfill owns), plus the user scope's memories when `userMemoryDir` is set.
 */
export function ownsRow(
  roots: SourceRoots,
  row: { source: Source; scope: DocScope; project: string; path: string },
): boolean {
  if (row.scope === "user") return roots.userMemoryDir !== undefined && row.source === "memories";
  if (row.project !== roots.project) return false;
  switch (row.source) {
    case "memories":
      return roots.memoryDir !== undefined;
    case "notes":
      return roots.notepad !== undefined;
    case "wiki":
      return roots.wikiDir !== undefined;
    case "sessions":
      return roots.summariesDir !== undefined && !row.path.endsWith(".jsonl");
  }
}
