/**
 * Runs one job request to its end in this process: what `memdir job <kind>` does in the detached
 * process a hook started, and what `memdir replay` does in-process. Returns the job's own result.
 */

import type { Runtime } from "../runtime.js";
import { runDream } from "./dream.js";
import { runExtractionJob } from "./extract.js";
import { runRecoveryJob } from "./recover-tools.js";
import type { JobRequest } from "./request.js";
import { runSessionMemoryJob } from "./session-memory.js";

export async function runJob(rt: Runtime, r: JobRequest): Promise<unknown> {
  switch (r.kind) {
    case "extract":
      return runExtractionJob(rt, {
        cwd: r.cwd,
        ...(r.harness ? { harness: r.harness } : {}),
        sessionId: r.sessionId,
        transcriptPath: r.transcriptPath,
        queue: r.queue,
        sessionMemoryReason: r.precompact ? "precompact" : "stop",
      });
    case "session-memory":
      return runSessionMemoryJob(rt, {
        cwd: r.cwd,
        sessionId: r.sessionId,
        transcriptPath: r.transcriptPath,
        ...(r.harness ? { harness: r.harness } : {}),
      });
    case "recover":
      return runRecoveryJob(rt, {
        cwd: r.cwd,
        sessionId: r.sessionId,
        ...(r.transcriptPath ? { transcriptPath: r.transcriptPath } : {}),
        ...(r.harness ? { harness: r.harness } : {}),
      });
    case "dream":
      return runDream(rt, {
        cwd: r.cwd,
        trigger: "auto",
        ...(r.sessionId ? { sessionId: r.sessionId } : {}),
      });
  }
}
