/** Memory model types (DESIGN.md §3.1; Claude Code 2.1.x memory types). */

/** The closed set of memory types. */
export const MEMORY_TYPES = ["user", "feedback", "project", "reference"] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** Where a topic file lives. `project` = the project's memory dir; `user` = ~/.memdir/user-memory. */
export type Scope = "project" | "user";

/** A topic file as read from disk. */
export interface TopicFile {
  /**
   * The frontmatter `name` (Claude Code writes a kebab slug equal to the file name without `.md`;
   * older files may hold a title). Defaults to the file name without `.md` when absent.
   */
  name: string;
  description: string;
  type: MemoryType;
  /** Markdown body (LF line ends, no trailing whitespace; leading blank lines as read, so a rewrite is byte-stable). */
  body: string;
  /** `metadata` mapping (originSessionId, sources, updated, …) including unknown keys. */
  metadata: Record<string, unknown>;
  /** Every other top-level frontmatter key, kept verbatim on rewrite. */
  extra: Record<string, unknown>;
  /** Which of the three frontmatter forms it was read in (kept on rewrite). */
  form: "top-level-type" | "metadata-type" | "node-type";
  /** Absolute path. */
  path: string;
  /** mtime in ms. */
  mtimeMs: number;
  /**
   * The frontmatter YAML exactly as read (no `---` fences), when the topic came from disk.
   * `serializeTopic` re-emits it verbatim when nothing changed and edits it in place otherwise, so
   * comments, quoting and key order survive a rewrite. Absent for a topic built in memory.
   */
  raw?: string;
}

/** The cheap view of a topic file that `scanTopics` returns (first 30 lines only). */
export interface TopicHeader {
  name: string;
  description: string;
  type: MemoryType;
  /** Absolute path. */
  path: string;
  /** mtime in ms. */
  mtimeMs: number;
}

export interface ScanOptions {
  /** Keep at most this many files, newest mtime first (default 200, Claude Code `MAX_MEMORY_FILES`). */
  maxFiles?: number;
  /** Parse only this many leading lines of each file (default 30, Claude Code `FRONTMATTER_MAX_LINES`). */
  maxLines?: number;
}

export interface ScanResult {
  /** Newest mtime first. */
  topics: TopicHeader[];
  /** Files that could not be read or parsed; they never block the others. */
  errors: { path: string; message: string }[];
}

/** What writing MEMORY.md did (`rebuildIndex`, and the index step of `upsertMemory` / `deleteMemory`). */
export interface IndexWriteResult {
  /** Whether MEMORY.md was rewritten. */
  changed: boolean;
  /** Topic file names (e.g. `testing.md`) with a line of their own, in file order. */
  listed: string[];
  /** Topic file names folded into the "N older topics" line because of the budget (oldest first). */
  collapsed: string[];
  /** Set when the write-time budget had to shorten or fold entries (or could not be met). */
  warning?: string;
}

/** What an extractor (offline engine or model) wants stored. */
export interface MemoryDraft {
  type: MemoryType;
  /** Preferred name (kebab-case); the store may pick another to avoid a clash. */
  name?: string;
  /** One line, used for relevance and the index hook. */
  description: string;
  /** Markdown body: rule or fact, then `**Why:**` and `**How to apply:**` for feedback/project. */
  body: string;
  /** Provenance. */
  originSessionId?: string;
  /** Transcript entry uuids the memory came from. */
  sources?: string[];
  /**
   * The user said it changes an earlier statement ("now", "we switched to", "바꿨어요") even when
   * the text no longer carries those words: the store then writes it over the memory it corrects.
   */
  corrects?: boolean;
}

export interface UpsertResult {
  /** `replaced`: a correction rewrote the topic it supersedes (see store/supersede.ts). */
  action: "created" | "merged" | "replaced" | "unchanged";
  /** File name without `.md` of the topic written or matched. */
  name: string;
  path: string;
  /** MEMORY.md budget warning (see IndexWriteResult.warning), to be logged by the caller. */
  warning?: string;
}
