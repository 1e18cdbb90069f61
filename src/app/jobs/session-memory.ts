/**
 * The detached "session memory only" job (`memdir job session-memory`), started mid-turn by the
 * PostToolUse gate (hooks/session-memory-gate.ts) so that a long agent turn gets its summary updates
 * at Claude Code's cadence, not only at its Stop. It evaluates the trigger with
 * reason "stop" (thresholds apply) and updates the summary when due, with the configured model if any.
 * One such job per session at a time: a second one finds the lock held and is skipped (`busy`), since
 * the running one reads the transcript as it is then anyway.
 */

import { describeError } from "../../core/errors.js";
import { updateSummaryWithModel } from "../../jobs/summarize/index.js";
import { ensureProjectState, projectContext } from "../context.js";
import { openModel } from "../model/provider.js";
import type { Runtime } from "../runtime.js";
import type { SessionMemoryRequest } from "./request.js";
import { lockedSessionMemory } from "./session-memory-lock.js";
import type { SessionMemoryOptions, SessionMemoryOutcome } from "./session-memory-update.js";

/**
 * Runs one session-memory evaluation. Outcomes are the events of `updateSessionMemory`
 * (`session_memory_updated` / `_skipped` / `_failed`), plus `session_memory_skipped` with reason
 * `busy` when another session-memory run of the session holds the lock. A model that cannot be opened
 * (bad MEMDIR_LLM, no key) means the offline engine, with a warning in the log.
 * @throws MemdirError only for an unusable project context (bad config, bad paths) or session id
 */
export async function runSessionMemoryJob(
  rt: Runtime,
  opts: SessionMemoryRequest,
): Promise<SessionMemoryOutcome> {
  const ctx = projectContext(rt, opts.cwd);
  ensureProjectState(ctx);
  let model: SessionMemoryOptions["model"];
  if (ctx.config.sessionMemory.enabled) {
    try {
      const m = openModel(ctx);
      if (m.kind === "model") model = { provider: m.provider, update: updateSummaryWithModel };
      else if (m.kind === "unavailable")
        ctx.log("warn", "job:session-memory", `model not used: ${m.reason}`, {
          session_id: opts.sessionId,
        });
    } catch (e) {
      ctx.log("warn", "job:session-memory", `model not used: ${describeError(e)}`, {
        session_id: opts.sessionId,
      });
    }
  }
  return lockedSessionMemory(ctx, {
    sessionId: opts.sessionId,
    transcriptPath: opts.transcriptPath,
    ...(opts.harness ? { harness: opts.harness } : {}),
    reason: "stop",
    ...(model ? { model } : {}),
  });
}
