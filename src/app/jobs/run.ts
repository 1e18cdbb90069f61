/**
 * Runs one job request to its end in this process: what `memdir job <kind>` does in the detached
 * process a hook started, and what `memdir replay` does in-process. Returns the job's own result.
 */

import type { Runtime } from "../runtime.js";
import { runDreamJob } from "./dream.js";
import { runExtractionJob } from "./extract.js";
import { runRecoveryJob } from "./recover-tools.js";
import type { JobKind, JobRequest } from "./request.js";
import { runSessionMemoryJob } from "./session-memory.js";

type Runner<K extends JobKind> = (rt: Runtime, r: Extract<JobRequest, { kind: K }>) => Promise<unknown>;

/** The job of each kind. */
const RUNNERS: { [K in JobKind]: Runner<K> } = {
  extract: runExtractionJob,
  "session-memory": runSessionMemoryJob,
  recover: runRecoveryJob,
  dream: runDreamJob,
};

export function runJob(rt: Runtime, r: JobRequest): Promise<unknown> {
  return (RUNNERS[r.kind] as Runner<JobKind>)(rt, r as never);
}
