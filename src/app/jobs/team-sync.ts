/**
 * The team memory job (`memdir job team-sync`, started detached by SessionStart when the automatic
 * pull is due) and the automatic push check the jobs of a turn run when they are done. Failures are
 * events, never thrown: a job's outcome is its events.
 */
import { describeError } from "../../core/errors.js";
import { projectContext } from "../context.js";
import type { Runtime } from "../runtime.js";
import { autoPush, autoSync } from "../team-sync.js";
import type { TeamSyncRequest } from "./request.js";

export async function runTeamSyncJob(rt: Runtime, r: TeamSyncRequest): Promise<unknown> {
  const ctx = projectContext(rt, r.cwd);
  try {
    return await autoSync(ctx, r.sessionId);
  } catch (e) {
    ctx.event("team_sync_failed", { reason: describeError(e), memory_dir: ctx.paths.memoryDir });
    return { failed: describeError(e) };
  }
}

/** The automatic push for `sessionId` when team memory is set up and a change is pending; never throws. */
export async function runTeamPushCheck(rt: Runtime, cwd: string, sessionId: string): Promise<void> {
  let ctx: ReturnType<typeof projectContext> | undefined;
  try {
    ctx = projectContext(rt, cwd);
    await autoPush(ctx, sessionId);
  } catch (e) {
    ctx?.event("team_sync_failed", { reason: describeError(e), memory_dir: ctx.paths.memoryDir });
  }
}
