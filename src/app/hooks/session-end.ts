/**
 * SessionEnd (1.5 s budget in Claude Code; may not fire at all): write the end record and start the
 * extraction of the transcript tail. Correctness never depends on it: the next SessionStart reclaims.
 */
import type { SessionEndEvent } from "../../harness/index.js";
import { foldToolLog } from "../../project/index.js";
import { writeEndRecord } from "../../sessions/index.js";
import type { AppContext } from "../context.js";
import { readTurnState } from "../turn-state.js";
import { extractionJob } from "./turn-end.js";

export async function onSessionEnd(ctx: AppContext, input: SessionEndEvent): Promise<undefined> {
  foldToolLog(ctx.paths.projectMemory, ctx.paths.projectRoot, ctx.rt.now());
  writeEndRecord(ctx.paths.stateRoot, input.sessionId, {
    reason: input.reason,
    endedAtMs: ctx.rt.now(),
    modesUsed: readTurnState(ctx.paths.stateRoot, input.sessionId).modes ?? [],
  });
  await ctx.rt.spawnJob(extractionJob(ctx, input));
  return undefined;
}
