/**
 * Runs one job request to its end in this process: what `memdir job <kind>` does in the detached
 * process a hook started, and what `memdir replay` does in-process. Returns the job's own result.
 */

import { projectContext } from "../context.js";
import type { Runtime } from "../runtime.js";
import { runAgentExtractionJob } from "./agent-extract.js";
import { runDreamJob } from "./dream.js";
import { maybeStartDream } from "./dream-gate.js";
import { runExtractionJob } from "./extract.js";
import { runRecoveryJob } from "./recover-tools.js";
import type { JobKind, JobRequest } from "./request.js";
import { runSessionMemoryJob } from "./session-memory.js";
import { runTeamPushCheck, runTeamSyncJob } from "./team-sync.js";

type Runner<K extends JobKind> = (rt: Runtime, r: Extract<JobRequest, { kind: K }>) => Promise<unknown>;

/** The job of each kind. */
const RUNNERS: { [K in JobKind]: Runner<K> } = {
  extract: runExtractionJob,
  "session-memory": runSessionMemoryJob,
  recover: runRecoveryJob,
  dream: runDreamJob,
  "team-sync": runTeamSyncJob,
  "agent-extract": runAgentExtractionJob,
};

/**
 * Runs `r`; then, for a job a Stop started (`dreamCheck`), the auto-dream's gates (the Stop hook leaves
 * them to its job: their `dream_skipped` event costs a hook the secret rules' compilation), and for
 * every job of a session's turn the automatic team push.
 */
export async function runJob(rt: Runtime, r: JobRequest): Promise<unknown> {
  const out = await (RUNNERS[r.kind] as Runner<JobKind>)(rt, r as never);
  if ((r.kind === "extract" || r.kind === "recover") && r.dreamCheck && r.sessionId) {
    try {
      await maybeStartDream(projectContext(rt, r.cwd), r.sessionId);
    } catch {
      // The project's config cannot be used: the job itself has logged that.
    }
  }
  // The jobs a Stop starts also push team memory a change is pending in (rate-limited, team-sync.ts).
  if ((r.kind === "extract" || r.kind === "recover") && r.sessionId)
    await runTeamPushCheck(rt, r.cwd, r.sessionId);
  return out;
}
