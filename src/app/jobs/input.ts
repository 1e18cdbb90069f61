/** The input check of the detached jobs: a transcript must be a regular file before a job reads it. */
import { fileKindAt, MISSING, REGULAR_FILE } from "../../core/input-file.js";
import type { AppContext } from "../context.js";
import type { JobKind } from "./request.js";

/**
 * Whether a job may read the transcript at `path`: "ok" for a regular file, "missing" when nothing is
 * there (not flushed yet, or deleted), "refused" for anything else (a FIFO, device, socket, directory,
 * link loop), which is also recorded as a `job_input_refused` event. One stat; never blocks.
 */
export function checkTranscriptInput(
  ctx: AppContext,
  job: JobKind,
  sessionId: string,
  path: string,
): "ok" | "missing" | "refused" {
  const kind = fileKindAt(path);
  if (kind === REGULAR_FILE) return "ok";
  if (kind === MISSING) return "missing";
  ctx.event("job_input_refused", {
    job,
    session_id: sessionId,
    project: ctx.paths.projectRoot,
    what: "transcript",
    path,
    found: kind,
  });
  return "refused";
}
