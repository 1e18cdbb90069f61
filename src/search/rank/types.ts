/** Shapes of the re-ranking stage. */

/** One FTS5 candidate as the search database returns it. */
export interface Candidate {
  /** The search database's row id; ties break on it (ascending). */
  docId: number;
  /** FTS5 `bm25(table, ...FIELD_WEIGHTS)` as returned: negative, lower is better. */
  bm25: number;
  /** Documents that belong together: a memory's originSessionId, a transcript turn's session id; null = alone. */
  group: string | null;
  /**
   * Position of the document within its group (a transcript turn's index in its session, a memory's
   * order of creation in its origin session); candidates of the same group at seq ± 1 are neighbours.
   * Omitted: no neighbour support.
   */
  seq?: number;
  /** Last update, ms since the epoch (a topic file's mtime or `updated`, a turn's timestamp). */
  updatedMs: number;
  /** "project", "team", "user" (see SCOPE_FACTORS). */
  scope: string;
  fields: { name: string; description: string; body: string };
}

/** One ranked hit, with why it ranked. */
export interface RankedHit {
  docId: number;
  /** Higher is better; comparable within one query only. */
  score: number;
  why: {
    /** Query terms (and CJK phrases, joined without spaces) found in the document, in query order. */
    terms: string[];
    /** The fields they were found in: a subset of ["name", "description", "body"], in that order. */
    fields: string[];
  };
}

export interface RankOptions {
  /** The clock, ms since the epoch (recency). */
  nowMs: number;
  /** How many hits to return (>= 0). */
  limit: number;
  /** Weight of the group score in the fused score (default GROUP_WEIGHT; 0 turns group fusion off). */
  groupWeight?: number;
  /** Weight of the best neighbour's score (default NEIGHBOUR_WEIGHT; 0 turns it off). */
  neighbourWeight?: number;
}
