/**
 * `memdir dream` and the job the Stop hook starts (DESIGN.md §4 "Dream job"):
 * gates → consolidation lock (crash recovery first; rollback on failure and on SIGINT/SIGTERM/SIGHUP)
 * → orient and gather → plan (the model through the sandboxed agent loop when one is configured,
 * else the deterministic offline planner; a failed model run falls back to offline) → apply through
 * the store's hash-guarded writes, as one change set `memdir undo` can revert → release the lock
 * (mtime = lastConsolidatedAt). A dry run plans only: no lock, no gate, nothing written.
 */
import { join } from "node:path";
import { sweepStaleTempFiles } from "../../core/temp-files.js";
import {
  applyDreamPlan,
  applyIndexBudget,
  type ConsolidationLockHandle,
  type DreamApplyResult,
  type DreamMode,
  type DreamPlan,
  installRollbackOnSignals,
  planOfflineDream,
  recoverStaleConsolidationLock,
  redactPlan,
  runModelDream,
  signalExitCode,
  tryAcquireConsolidationLock,
} from "../../jobs/dream/index.js";
import { pruneWorkingMemory } from "../../notepad/index.js";
import {
  commitChangeSet,
  createJournal,
  type Journal,
  trackedUpdate,
  withStoreLock,
} from "../../store/index.js";
import { type AppContext, ensureProjectState, projectContext } from "../context.js";
import { openModel } from "../model/provider.js";
import type { Runtime } from "../runtime.js";
import {
  checkDreamGates,
  type DreamTrigger,
  loadDreamSessionFinder,
  sessionsForGather,
} from "./dream-gate.js";
import { DREAM_STATE_FILE, type Gathered, gatherDream, prefixHash, readDreamState } from "./dream-gather.js";
import type { DreamRequest } from "./request.js";

export interface DreamOptions {
  /** The project directory. */
  cwd: string;
  trigger: DreamTrigger;
  /**
   * `manual` only: check the time and session gates first, as the job the Stop hook starts does
   * (`memdir dream --gated`). Default false: a manual dream consolidates now.
   */
  gated?: boolean;
  /** Skip the time and session gates (the default for `manual` and `scheduled`; wins over `gated`). */
  force?: boolean;
  /** Plan only: print the plan, write nothing (no lock either). */
  dryRun?: boolean;
  /** Default: `reflect` for the KAIROS schedule (daily logs become topic files), else `prune`. */
  mode?: DreamMode;
  /** The current session (never counted by the session gate). */
  sessionId?: string;
}

export type DreamOutcome =
  | { status: "skipped"; reason: "disabled" | "time" | "sessions" | "lock"; detail: Record<string, unknown> }
  | { status: "planned"; plan: DreamPlan }
  | {
      status: "done";
      plan: DreamPlan;
      /** The `memdir undo` id, absent when nothing changed. */
      changeSetId?: string;
      applied: DreamApplyResult["changes"];
      notepadExpired: number;
      ms: number;
    };

function makePlan(
  ctx: AppContext,
  g: Gathered,
  mode: DreamMode,
  nowMs: number,
): Promise<DreamPlan> | DreamPlan {
  const withNotes = (p: DreamPlan): DreamPlan =>
    g.notes.length ? { ...p, notes: [...g.notes, ...p.notes] } : p;
  const offline = () =>
    withNotes(
      planOfflineDream({
        mode,
        nowMs,
        roots: g.roots,
        topics: g.topics,
        indexes: g.indexes,
        logDrafts: g.logEntries.map((e) => ({
          file: e.file,
          bytes: e.endByte,
          atMs: e.atMs,
          draft: {
            type: e.type,
            ...(e.name ? { name: e.name } : {}),
            description: e.description,
            body: e.body,
            ...(e.sessionId ? { originSessionId: e.sessionId } : {}),
            ...(e.sources ? { sources: e.sources } : {}),
          },
        })),
        sessions: g.sessions,
      }),
    );
  const model = openModel(ctx);
  if (model.kind !== "model") return offline();
  return runModelDream({
    provider: model.provider,
    mode,
    roots: g.roots,
    nowMs,
    gathered: {
      sessions: g.sessions.used,
      summaries: g.summaries,
      logEntries: g.logEntries.map((e) => `${e.type} · ${e.description}\n${e.body}`),
    },
    maxInputTokens: model.maxInputTokens,
    maxOutputTokens: model.maxOutputTokens,
  }).then((r) => {
    if (r.ok) return withNotes({ ...r.plan, logs: g.logEnds, sessions: g.sessions });
    ctx.event("dream_model_failed", {
      error: `${r.reason}${r.error ? `: ${r.error.message}` : ""}`,
      ...(r.error ? { kind: r.error.kind } : {}),
      provider: model.resolved.provider,
      memory_dir: ctx.paths.memoryDir,
    });
    return offline();
  });
}

/** Records how far each daily log was distilled (`.dream-state.json`), in the change set, under the dir lock. */
function advanceLogCursor(memoryDir: string, logs: DreamPlan["logs"], journal: Journal): void {
  withStoreLock(memoryDir, () => {
    trackedUpdate({ journal }, join(memoryDir, DREAM_STATE_FILE), () => {
      const state = readDreamState(memoryDir);
      for (const l of logs) {
        const sha256 = prefixHash(join(memoryDir, l.file), l.bytes);
        if (sha256 !== undefined) state.logs[l.file] = { bytes: l.bytes, sha256 };
      }
      return `${JSON.stringify(state, null, 2)}\n`;
    });
  });
}

/**
 * Removes the temp files that killed writers left in the memory dirs and the state root (each
 * removal is logged). Never throws.
 */
function sweepTemps(ctx: AppContext): void {
  const { paths, rt } = ctx;
  const dirs = [paths.memoryDir, paths.userMemoryDir, paths.stateRoot, paths.summariesDir, paths.sessionsDir];
  for (const dir of dirs) {
    const removed = sweepStaleTempFiles(dir, { nowMs: rt.now(), isAlive: rt.isAlive });
    if (removed.length)
      ctx.log("info", "job:dream", `removed ${removed.length} stale temp file(s) in ${dir}`);
  }
}

/**
 * Runs one dream for the project at `o.cwd`. Skips (gates, lock held) are recorded as
 * `dream_skipped` events and returned; success is a `dream_completed` event; a failure is a
 * `dream_failed` event, the lock is rolled back (the next session retries) and the error rethrown.
 * @throws MemdirError (config, paths, LOCK_TIMEOUT of a store write) and fs errors.
 */
/** The auto-dream a Stop hook started: `runDream` with trigger `auto` (the gates are checked again). */
export function runDreamJob(rt: Runtime, r: DreamRequest): Promise<DreamOutcome> {
  return runDream(rt, { cwd: r.cwd, trigger: "auto", ...(r.sessionId ? { sessionId: r.sessionId } : {}) });
}

export async function runDream(rt: Runtime, o: DreamOptions): Promise<DreamOutcome> {
  const ctx = projectContext(rt, o.cwd);
  const { paths } = ctx;
  const started = rt.now();
  const mode = o.mode ?? (o.trigger === "scheduled" ? "reflect" : "prune");
  if (o.dryRun) {
    const gate = checkDreamGates(ctx, { trigger: o.trigger, force: true });
    const g = gatherDream(ctx, sessionsForGather(ctx, gate, o.sessionId));
    return { status: "planned", plan: redactPlan(await makePlan(ctx, g, mode, started)) };
  }
  ensureProjectState(ctx); // the dream prunes the notepad's Working Memory
  recoverStaleConsolidationLock(paths.memoryDir, { pid: rt.pid, isAlive: rt.isAlive });
  // Only the auto trigger and `memdir dream --gated` wait for the gates; the lock applies to every run.
  const gatesApply = o.trigger === "auto" || (o.trigger === "manual" && o.gated === true);
  const skipGates = o.force === true || !gatesApply;
  const gate = checkDreamGates(ctx, {
    trigger: o.trigger,
    force: skipGates,
    ...(skipGates ? {} : { findSessions: await loadDreamSessionFinder() }),
    ...(o.sessionId ? { sessionId: o.sessionId } : {}),
  });
  if (!gate.result.open) {
    const { reason, event } = gate.result;
    return { status: "skipped", reason, detail: event.data };
  }
  const sessions = sessionsForGather(ctx, gate, o.sessionId);
  // The handlers go in BEFORE the lock is taken: a SIGTERM right after the acquire would otherwise
  // meet the default action (immediate death, no rollback).
  // While a change is being applied a signal only asks to stop: the apply stops before the next
  // change, the change set records what was written, then the lock rolls back and we exit.
  let held: ConsolidationLockHandle | undefined;
  let applying = false;
  let stopSignal: Parameters<typeof signalExitCode>[0] | undefined;
  const removeSignals = installRollbackOnSignals({ rollback: () => held?.rollback() }, undefined, {
    deferWhile: () => applying,
    onDeferred: (sig) => {
      stopSignal = sig;
    },
  });
  const lock = tryAcquireConsolidationLock(paths.memoryDir, {
    pid: rt.pid,
    nowMs: started,
    isAlive: rt.isAlive,
  });
  if (!lock.ok) {
    removeSignals();
    ctx.event("dream_skipped", {
      reason: "lock",
      holderPid: lock.holderPid,
      trigger: o.trigger,
      memory_dir: paths.memoryDir,
    });
    return { status: "skipped", reason: "lock", detail: { holderPid: lock.holderPid } };
  }
  held = lock;
  try {
    sweepTemps(ctx);
    const g = gatherDream(ctx, sessions);
    const plan = await makePlan(ctx, g, mode, started);
    // A signal that arrived during a synchronous (offline) plan is handled here, before any write.
    await new Promise<void>((resolve) => setImmediate(resolve));
    applying = true;
    const nowMs = rt.now();
    const journal = createJournal({
      pid: rt.pid,
      kind: "dream",
      summary: `dream (${plan.engine}, ${plan.mode})`,
      roots: g.roots,
      nowMs,
    });
    let applied: DreamApplyResult;
    try {
      applied = await applyDreamPlan(plan, { nowMs, journal, shouldStop: () => stopSignal !== undefined });
      // The model cannot write MEMORY.md (the sandbox refuses it): its budget is kept here, as the
      // offline planner's index step would.
      if (plan.engine === "model" && !applied.interrupted)
        for (const dir of [g.roots.project, g.roots.user]) if (dir) applyIndexBudget(dir, nowMs, { journal });
      if (plan.logs.length > 0 && !applied.interrupted) advanceLogCursor(paths.memoryDir, plan.logs, journal);
    } catch (e) {
      try {
        commitChangeSet(journal); // what was written before the failure stays undoable
      } catch (commitError) {
        ctx.log("error", "job:dream", `change set not recorded: ${String(commitError)}`);
      }
      throw e;
    }
    const changeSetId = commitChangeSet(journal);
    await new Promise<void>((resolve) => setImmediate(resolve)); // a signal during the last steps
    if (stopSignal !== undefined) {
      lock.rollback();
      ctx.event("dream_killed", {
        signal: stopSignal,
        changeSetId: changeSetId ?? null,
        trigger: o.trigger,
        memory_dir: paths.memoryDir,
      });
      process.exit(signalExitCode(stopSignal));
    }
    const notepadExpired = pruneWorkingMemory(paths.notepad, nowMs);
    lock.release(started);
    const ms = rt.now() - started;
    ctx.event("dream_completed", {
      memory_dir: paths.memoryDir,
      engine: plan.engine,
      mode: plan.mode,
      trigger: o.trigger,
      merges: plan.merges.length,
      rewrites: plan.rewrites.length,
      creates: plan.creates.length,
      deletions: plan.deletions.length,
      skipped: applied.skipped,
      changeSetId: changeSetId ?? null,
      sessions: plan.sessions.used.length,
      ms,
    });
    return {
      status: "done",
      plan: redactPlan(plan),
      ...(changeSetId ? { changeSetId } : {}),
      applied: applied.changes,
      notepadExpired,
      ms,
    };
  } catch (e) {
    lock.rollback();
    ctx.event("dream_failed", {
      error: e instanceof Error ? e.message : String(e),
      trigger: o.trigger,
      memory_dir: paths.memoryDir,
    });
    throw e;
  } finally {
    removeSignals();
  }
}
