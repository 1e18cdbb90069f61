/** Shapes shared by the sync plan and its apply step (DESIGN.md §5 L3: plan -> apply). */

/** What a document is, for `memdir search --source`. Summaries and transcript turns are `sessions`. */
export const SOURCES = ["memories", "notes", "wiki", "sessions"] as const;
export type Source = (typeof SOURCES)[number];

/** Where a document lives: a project's memory dir (`project`), its `team/` dir, or the user scope. */
export type DocScope = "project" | "team" | "user";

/** A file on disk that should be in the search database. */
export interface DiskEntry {
  /** Absolute path (the row key). */
  path: string;
  source: Source;
  scope: DocScope;
  /** The project root the file belongs to; "" for user-scope files. */
  project: string;
  /** Bytes. */
  size: number;
  mtimeMs: number;
}

/** A `files` row of the search database. */
export interface FileRow {
  path: string;
  source: Source;
  scope: DocScope;
  project: string;
  size: number;
  mtimeMs: number;
  /** Content hash (sha256 hex, 32 chars) of what was indexed. */
  hash: string;
  /** The parse error recorded for the file, if it failed. */
  error: string | null;
}

/** One searchable document parsed out of a file. */
export interface DocInput {
  /** Unique: the file path, or `<path>#<anchor>` for files holding several documents. */
  key: string;
  type: string;
  name: string;
  description: string;
  body: string;
  /** Grouping key for ranking (the session a memory came from; a transcript's session id). */
  group: string | null;
  /** Last update (ms since epoch): frontmatter `updated` or the file mtime. */
  updatedMs: number;
  meta: Record<string, unknown>;
}

/** The pure sync plan: what to do so the rows match the disk. */
export interface SyncPlan {
  /** New files (path not indexed, content not seen under a removed path). */
  added: DiskEntry[];
  /** Indexed files whose content hash changed. */
  changed: DiskEntry[];
  /** Indexed files whose size/mtime changed but whose content did not: only the stat is updated. */
  touched: DiskEntry[];
  /** Same content under a new path (a rename): rows are re-keyed, nothing is re-parsed. */
  moved: { from: string; to: DiskEntry }[];
  /** Rows with no file any more. */
  removed: string[];
  /** Files whose stat matches their row. */
  unchanged: number;
}
