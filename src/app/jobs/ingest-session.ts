/**
 * Keeps the current session searchable without `memdir backfill`: the extraction job, detached at
 * each turn end, also ingests the transcript's new turns into the search database (search/transcripts:
 * incremental by byte offset, scrubbed), under the file holding the conversation, as backfill does.
 * Best effort: a failure is logged and never affects extraction.
 */

import { describeError } from "../../core/errors.js";
import { fileKindAt, REGULAR_FILE } from "../../core/input-file.js";
import type { HarnessName } from "../../harness/index.js";
import { openSearchDb } from "../../search/db/db.js";
import { ingestTranscript } from "../../search/transcripts/index.js";
import type { AppContext } from "../context.js";
import { transcriptAdapterFor } from "../transcript-reader.js";
import { TRANSCRIPT_READ_BYTES } from "./limits.js";

export async function ingestSessionTranscript(
  ctx: AppContext,
  transcriptPath: string,
  harness?: HarnessName,
): Promise<void> {
  // Not a regular file: the extraction that follows records the refusal.
  if (fileKindAt(transcriptPath) !== REGULAR_FILE) return;
  try {
    const { transcripts } = await transcriptAdapterFor(transcriptPath, harness);
    const { read } = transcripts;
    // Keyed by the file that holds the conversation, as backfill keys it (one document per turn).
    const file = transcripts.resolve?.(transcriptPath) ?? transcriptPath;
    const db = openSearchDb(ctx.paths.indexFile, { nowMs: ctx.rt.now() });
    try {
      let rounds = 0;
      while (
        ingestTranscript(db, file, { nowMs: ctx.rt.now(), maxBytes: TRANSCRIPT_READ_BYTES, read }).more &&
        ++rounds < 16
      );
    } finally {
      db.close();
    }
  } catch (e) {
    ctx.log("warn", "job:extract", `session not indexed for search: ${describeError(e)}`);
  }
}
