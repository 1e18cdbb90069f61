/** Wiki model types (DESIGN.md §3.2 `.memdir/wiki/`). */

/** How sure the author is of a page (closed set). */
export const CONFIDENCES = ["low", "medium", "high"] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** A wiki page as read from `<wikiDir>/<slug>.md`. */
export interface WikiPage {
  /** The file name without `.md`, NFC. */
  slug: string;
  /** Absolute (or caller-relative) path of the file. */
  path: string;
  title: string;
  /** Normalized tags (NFC, lower case, blanks → `-`), in file order, no repeats. */
  tags: string[];
  /** Absent when the frontmatter names none (the index groups it under "Uncategorized"). */
  category?: string;
  confidence?: Confidence;
  /** ISO 8601 UTC strings as written, when present. */
  created?: string;
  updated?: string;
  /** `updated` in ms since the epoch, else the file's mtime. */
  updatedMs: number;
  /** URLs, transcript ids, file paths. */
  sources: string[];
  /** Markdown body (LF line ends). */
  body: string;
  /** The whole frontmatter mapping, unknown keys included (kept on rewrite). */
  data: Record<string, unknown>;
  /** Size of the file in UTF-8 bytes. */
  bytes: number;
}

/** A file in the wiki dir that could not be read as a page. */
export interface WikiPageError {
  slug: string;
  path: string;
  /** One line: what is wrong (from the MemdirError summary). */
  message: string;
  /** What to do about it. */
  hint: string;
}

export interface WikiListing {
  /** Readable pages, sorted by slug. */
  pages: WikiPage[];
  /** Pages that failed to parse, sorted by slug; they never block the others. */
  errors: WikiPageError[];
}

/** What `addPage` is asked to write. Every text field is scrubbed (privacy/) before use. */
export interface PageInput {
  title: string;
  body: string;
  tags?: string[];
  category?: string;
  confidence?: Confidence;
  sources?: string[];
  /** Target slug; default: the page with this title, else a new slug from the title. */
  slug?: string;
  /** What happens to the body of an existing page (default "append"). */
  mode?: "replace" | "append";
}

export interface AddPageOptions {
  /** Now, in ms since the epoch (for `created` / `updated` and the log line). */
  nowMs: number;
  /**
   * The clock, read again once the lock is held (so concurrent adds stamp and log in lock order);
   * `nowMs` is used when absent.
   */
  clock?: () => number;
  /** Wait at most this long for the wiki lock (ms, default 30,000). */
  lockTimeoutMs?: number;
}

export interface AddPageResult {
  slug: string;
  path: string;
  /** True when the page did not exist before. */
  created: boolean;
  /** False when the page already said all of it (nothing was written). */
  changed: boolean;
}

/** A `[[link]]` found in a body. */
export interface WikiLink {
  /** The text as written, e.g. `[[Rate limiter|the limiter]]`. */
  raw: string;
  /** What it points at, without `#heading` and label, trimmed. */
  target: string;
  /** The part after `|`, when given. */
  label?: string;
  /** The part after `#`, when given. */
  heading?: string;
}

export const LINT_KINDS = ["bad-frontmatter", "broken-link", "orphan", "stale", "oversized"] as const;
export type LintKind = (typeof LINT_KINDS)[number];

export interface LintFinding {
  kind: LintKind;
  slug: string;
  path: string;
  message: string;
  hint: string;
}

export interface LintOptions {
  /** Now, in ms since the epoch. */
  nowMs: number;
  /** A page whose `updated` is older than this many days is stale (default 90). */
  staleDays?: number;
  /** A page file larger than this many UTF-8 bytes is oversized (default 16,384). */
  maxPageBytes?: number;
}

/** One line of `log.md`. */
export interface WikiLogEntry {
  /** When, in ms since the epoch. */
  atMs: number;
  /** Lower-case word(s) joined by `-`, e.g. `add`, `update`, `delete`. */
  op: string;
  slug: string;
  /** Free text (the title for add/update); newlines become spaces. */
  detail?: string;
}

/** A page's score for a query (see `scorePages`). */
export interface PageScore {
  slug: string;
  score: number;
  /** Query terms found in the title, tags, category or body. */
  terms: string[];
  /** Tags of the page that a query term matched. */
  tags: string[];
}
