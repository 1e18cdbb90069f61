/**
 * Keeps the current session searchable without `memdir backfill` (issue 3 point 5: past sessions
 * are searchable): the extraction job, detached at each turn end, also indexes the transcript's new
 * turns (search/transcripts: incremental by byte offset, scrubbed). Best effort: a failure is logged
 * and never affects extraction.
 */

import { describeError } from "../core/errors.js";
import { openIndex } from "../search/index/db.js";
import { indexTranscript } from "../search/transcripts/index.js";
import type { AppContext } from "./context.js";

export function indexSessionTranscript(ctx: AppContext, transcriptPath: string): void {
  try {
    const db = openIndex(ctx.paths.indexFile, { nowMs: ctx.rt.now() });
    try {
      indexTranscript(db, transcriptPath, { nowMs: ctx.rt.now() });
    } finally {
      db.close();
    }
  } catch (e) {
    ctx.log("warn", "job:extract", `session not indexed for search: ${describeError(e)}`);
  }
}
