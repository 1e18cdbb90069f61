/**
 * SessionStart (DESIGN.md §4): record the session and its owner (the harness process), reclaim dead
 * sessions, prune expired Working Memory, then assemble the injected context under the budget.
 */

import { statSync } from "node:fs";
import type { HarnessAdapter } from "../../adapters/registry.js";
import { describeError, MemdirError } from "../../core/errors.js";
import { fnv1a32 } from "../../core/text.js";
import type { SessionStartEvent } from "../../harness/index.js";
import { claimMemoryDir } from "../../paths/index.js";
import { foldToolLog } from "../../project/index.js";
import {
  findReclaimableSessions,
  initToolRecovery,
  pruneEndedSessionState,
  readSessionStarted,
  reclaimSession,
  recordInjectedContext,
  writeEndRecord,
  writeSessionStarted,
} from "../../sessions/index.js";
import { type AppContext, ensureProjectState } from "../context.js";
import { buildSessionContext, harnessLoadsMemoryMd } from "../inject/session-context.js";
import { type IndexContinuation, readTurnState, updateTurnState } from "../turn-state.js";
import { teamAtSessionStart } from "./team-start.js";

export async function onSessionStart(
  ctx: AppContext,
  input: SessionStartEvent,
  adapter: Pick<HarnessAdapter, "loadsMemoryIndex" | "resumeKeepsContext" | "inlineContextMaxChars">,
): Promise<string | undefined> {
  const { paths, rt } = ctx;
  const now = rt.now();
  let injectedBefore: string | undefined;
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
    injectedBefore = readSessionStarted(paths.stateRoot, input.sessionId)?.context_digest;
    writeSessionStarted(paths.stateRoot, input.sessionId, {
      ownerPid: rt.ownerPid,
      startedAtMs: now,
      harness: input.harness,
      transcriptPath: input.transcriptPath,
      cwd: input.cwd,
      source: input.source,
    });
    // Tool-call recovery starts at the transcript's end now: what came before was recorded by hooks
    // that may have kept no ledger (an upgrade, a resumed session); a session set up earlier keeps its own.
    const t = input.transcriptPath;
    const size = t ? (statSync(t, { throwIfNoEntry: false })?.size ?? 0) : 0;
    initToolRecovery(
      paths.stateRoot,
      input.sessionId,
      { ...(t ? { transcriptPath: t } : {}), offset: size },
      now,
    );
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
    for (const id of findReclaimableSessions(paths.stateRoot, input.sessionId, rt.isAlive)) {
      const r = reclaimSession(paths.stateRoot, id, now);
      // The record keeps its end; only the modes the dead session's turn ends saw are merged in.
      const modes = readTurnState(paths.stateRoot, id).modes ?? [];
      if (r.endRecordWritten && modes.length)
        writeEndRecord(paths.stateRoot, id, { reason: "reclaimed", endedAtMs: now, modesUsed: modes });
      if (r.queued) queued++;
      ctx.event("session_reclaimed", {
        session_id: id,
        end_record_written: r.endRecordWritten,
        queued: !!r.queued,
      });
    }
    if (queued > 0) await rt.spawnJob({ kind: "extract", queue: true, cwd: paths.projectRoot });
  });
  await step("pruning old session state", () =>
    pruneEndedSessionState(paths.stateRoot, input.sessionId, now),
  );
  await step("syncing team memory", () => teamAtSessionStart(ctx, input.sessionId, warnings));
  await step("folding project learning", () => foldToolLog(paths.projectMemory, paths.projectRoot, now));
  await step("pruning the notepad", async () => {
    const { pruneWorkingMemory } = await import("../../notepad/index.js");
    pruneWorkingMemory(paths.notepad, now);
  });
  let indexCut: IndexContinuation | undefined;
  const context = buildSessionContext(ctx, {
    source: input.source,
    sessionId: input.sessionId,
    harnessLoadsMemoryMd: harnessLoadsMemoryMd(ctx, adapter),
    warnings,
    failures,
    ...(adapter.inlineContextMaxChars !== undefined
      ? {
          inlineCapChars: adapter.inlineContextMaxChars,
          onIndexCut: (fromLine: number) => {
            indexCut = { fromLine, maxChars: adapter.inlineContextMaxChars! };
          },
        }
      : {}),
  });
  await step("recording where MEMORY.md continues", () => {
    // The first prompt of this session gives the rest of a cut index (hooks/prompt.ts).
    if (indexCut || readTurnState(paths.stateRoot, input.sessionId).indexContinuesAt)
      updateTurnState(paths.stateRoot, input.sessionId, (s) => {
        if (indexCut) s.indexContinuesAt = indexCut;
        else delete s.indexContinuesAt;
      });
  });
  // One log line for the whole hook, however many steps failed (DESIGN.md §6).
  if (failures.length)
    ctx.log("warn", "hook:SessionStart", failures.join(" | "), { session_id: input.sessionId });
  return forResume(ctx, input, adapter, context, injectedBefore);
}

/**
 * The context as this start injects it. A harness that keeps earlier SessionStart context in a resumed
 * session gets nothing when the context is the one it already holds, else the new one marked as
 * replacing it (the model would otherwise see two versions and not know which holds).
 */
function forResume(
  ctx: AppContext,
  input: SessionStartEvent,
  adapter: Pick<HarnessAdapter, "resumeKeepsContext">,
  context: string | undefined,
  injectedBefore: string | undefined,
): string | undefined {
  if (!context) return context;
  const digest = fnv1a32(context);
  try {
    recordInjectedContext(ctx.paths.stateRoot, input.sessionId, digest);
  } catch {} // the digest only saves a repeat; a session without one injects in full
  if (input.source !== "resume" || !adapter.resumeKeepsContext || injectedBefore === undefined)
    return context;
  if (injectedBefore === digest) return undefined;
  return `${RESUME_NOTE}\n${context}`;
}

/** The line before a context that replaces the one given earlier in a resumed session. */
export const RESUME_NOTE =
  "memdir: the memory context below replaces the memdir context given earlier in this conversation; where they differ, this one holds.";
