/**
 * SessionStart (DESIGN.md §4): record the session and its owner (the harness process), reclaim dead
 * sessions, prune expired Working Memory, then assemble the injected context under the budget.
 */

import { statSync } from "node:fs";
import type { HookInput } from "../../adapters/claude-code/hook-input.js";
import { describeError, MemdirError } from "../../core/errors.js";
import { claimMemoryDir } from "../../paths/index.js";
import { foldToolLog } from "../../project/index.js";
import {
  findReclaimableSessions,
  pruneEndedSessionState,
  reclaimSession,
  writeSessionStarted,
} from "../../sessions/index.js";
import { type AppContext, ensureProjectState } from "../context.js";
import { buildSessionContext } from "../session-context.js";

export async function onSessionStart(ctx: AppContext, input: HookInput): Promise<string | undefined> {
  const { paths, rt } = ctx;
  const now = rt.now();
  const warnings: string[] = [];
  const failures: string[] = [];
  // Each step on its own: one broken file or dir must not cost the session its whole context.
  const step = async (what: string, fn: () => unknown) => {
    try {
      await fn();
    } catch (e) {
      warnings.push(`${what} failed: ${describeError(e).slice(0, 200)}`);
      failures.push(`${what} failed: ${describeError(e)}`);
    }
  };
  await step("recording the session start", () => {
    ensureProjectState(ctx);
    writeSessionStarted(paths.stateRoot, input.session_id, {
      ownerPid: rt.ownerPid,
      startedAtMs: now,
      transcriptPath: typeof input.transcript_path === "string" ? input.transcript_path : undefined,
      cwd: typeof input.cwd === "string" ? input.cwd : undefined,
      source: typeof input.source === "string" ? input.source : undefined,
    });
  });
  await step("checking the memory dir", () => {
    const st = statSync(paths.memoryDir, { throwIfNoEntry: false });
    if (st && !st.isDirectory()) {
      throw new MemdirError("BAD_PATH", `the memory dir ${paths.memoryDir} is not a directory`, {
        expected: "a directory (or nothing yet: memdir creates it)",
        received: "a file",
        hint: "move the file away, or point MEMDIR_MEMORY_DIR / autoMemoryDirectory at a directory",
      });
    }
    const claim =
      paths.memoryDirSource === "default" ? claimMemoryDir(paths.memoryDir, paths.projectRoot) : {};
    if (claim.collision) {
      warnings.push(
        `the memory dir ${paths.memoryDir} is also used by ${claim.collision} (Claude Code's project key is lossy); set autoMemoryDirectory in ~/.memdir/config.json to separate them`,
      );
    }
  });
  await step("reclaiming ended sessions", async () => {
    let queued = 0;
    for (const id of findReclaimableSessions(paths.stateRoot, input.session_id, rt.isAlive)) {
      const r = reclaimSession(paths.stateRoot, id, now);
      if (r.queued) queued++;
      ctx.event("session_reclaimed", {
        session_id: id,
        end_record_written: r.endRecordWritten,
        queued: !!r.queued,
      });
    }
    if (queued > 0) await rt.spawnJob(["job", "extract", "--queue", "--cwd", paths.projectRoot]);
  });
  await step("pruning old session state", () =>
    pruneEndedSessionState(paths.stateRoot, input.session_id, now),
  );
  await step("folding project learning", () => foldToolLog(paths.projectMemory, paths.projectRoot, now));
  await step("pruning the notepad", async () => {
    const { pruneWorkingMemory } = await import("../../notepad/index.js");
    pruneWorkingMemory(paths.notepad, now);
  });
  const context = buildSessionContext(ctx, {
    source: typeof input.source === "string" ? input.source : "startup",
    sessionId: input.session_id,
    warnings,
    failures,
  });
  // One log line for the whole hook, however many steps failed (DESIGN.md §6).
  if (failures.length)
    ctx.log("warn", "hook:SessionStart", failures.join(" | "), { session_id: input.session_id });
  return context;
}
