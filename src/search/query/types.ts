/** Query shapes. */

import type { DocScope, Source } from "../sync/types.js";

export interface SearchFilter {
  /** Only these sources (default: all). */
  sources?: Source[];
  /** Only these scopes (default: all). */
  scopes?: DocScope[];
  /** Only these memory types (topic files) or document kinds (default: all). */
  types?: string[];
  /**
   * Only documents of this project root plus user-scope ones; `null` = every project. Default null.
   */
  project?: string | null;
  /** Leave out these document keys (e.g. memories already surfaced in this session). */
  excludeKeys?: Iterable<string>;
}

export interface SearchOptions {
  filter?: SearchFilter;
  /** Maximum hits returned (default 10, capped at 200). */
  limit?: number;
  /** "Now" for the recency factor (ms since epoch). */
  nowMs: number;
}

/** One ranked result. */
export interface SearchHit {
  /** Document key: a file path, or `<path>#<anchor>` (notepad entries, transcript turns). */
  key: string;
  /** The file the document lives in. */
  path: string;
  source: Source;
  scope: DocScope;
  project: string;
  type: string;
  name: string;
  description: string;
  /** The best-matching line of the body, at most ~200 characters. */
  snippet: string;
  /** Final score (higher is better; comparable within one query only). */
  score: number;
  /** Why it ranked: query terms it matched and the fields they matched in. */
  why: { terms: string[]; fields: string[] };
  updatedMs: number;
  /** Group key (origin session of a memory; session id of a transcript turn). */
  group: string | null;
  meta: Record<string, unknown>;
}
