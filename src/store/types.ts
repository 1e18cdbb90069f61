/** Memory model types (DESIGN.md §3.1; Claude Code 2.1.x memory types). */

/** The closed set of memory types. */
export const MEMORY_TYPES = ["user", "feedback", "project", "reference"] as const;
export type MemoryType = (typeof MEMORY_TYPES)[number];

/** Where a topic file lives. `project` = the project's memory dir; `user` = ~/.memdir/user-memory. */
export type Scope = "project" | "user";

/** A topic file as read from disk. */
export interface TopicFile {
  /** Identifier; equals the file name without `.md`. */
  name: string;
  description: string;
  type: MemoryType;
  /** Markdown body (LF line ends, no trailing blank lines). */
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
}

export interface UpsertResult {
  action: "created" | "merged" | "unchanged";
  name: string;
  path: string;
}
