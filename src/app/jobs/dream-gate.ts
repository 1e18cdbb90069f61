/**
 * The auto-dream gate check shared by the job each Stop starts (cheap path: one stat, then a session
 * scan at most every 10 minutes) and `memdir dream`. Every skip is one `dream_skipped` event with its
 * reason, so `memdir status` can show why dreams do not run.
 */
import { join } from "node:path";
import { loadSessionFinder } from "../../adapters/registry.js";
// The gate files only, not jobs/dream/index.js: the planner, the model path and the date library load
// only when a dream runs.
import { evaluateDreamGates, type GateResult } from "../../jobs/dream/gates.js";
import { countSessionsSince, scanThrottled, type ThrottledScan } from "../../jobs/dream/gates-state.js";
import { readLastConsolidatedAt } from "../../jobs/dream/lock.js";
import type { AppContext } from "../context.js";

/**
 * Who asks: `auto` = the Stop hook and the job it starts (every gate, master switch included);
 * `manual` = `memdir dream` typed by the user; `scheduled` = the KAIROS crontab entry. The last two
 * ignore the `autoDream` / `kairos` switches (those govern automatic runs only).
 */
export type DreamTrigger = "auto" | "manual" | "scheduled";

/** The throttle state of the session scan (DESIGN.md §3.2 `.memdir/state/`). */
export const dreamScanStateFile = (ctx: AppContext): string =>
  join(ctx.paths.stateDir, "dream-scan-state.json");

/** The project's sessions found by their transcripts (`adapters/registry.ts` `loadSessionFinder`). */
export type SessionFinder = Awaited<ReturnType<typeof loadSessionFinder>>;

/** Loads the transcript finders for the session gate (dynamic imports of the three finder modules). */
export const loadDreamSessionFinder = (): Promise<SessionFinder> => loadSessionFinder();

export interface DreamGateCheck {
  result: GateResult;
  /** The session scan, when the session gate ran (the gather phase reuses it). */
  scan?: ThrottledScan;
}

/**
 * Evaluates the gates for the project of `ctx`, cheapest first, and records a skip as a
 * `dream_skipped` event (`reason` = disabled | time | sessions, with the detail).
 * `sessionId` = the current session, never counted. `force` skips the time and session gates.
 * `findSessions` adds the sessions whose transcripts changed since the last consolidation (Claude Code's
 * `projects/<key>/*.jsonl`, the project's Codex rollouts and Gemini CLI session files), sessions memdir
 * did not record included; without it only the end records count.
 * @throws MemdirError LOCK_TIMEOUT (scan state lock, 3 s) and fs errors of the scan.
 */
export function checkDreamGates(
  ctx: AppContext,
  o: { trigger: DreamTrigger; force?: boolean; sessionId?: string; findSessions?: SessionFinder },
): DreamGateCheck {
  const { config, paths, rt } = ctx;
  const nowMs = rt.now();
  const last = readLastConsolidatedAt(paths.memoryDir);
  let scan: ThrottledScan | undefined;
  const auto = o.trigger === "auto";
  const result = evaluateDreamGates({
    nowMs,
    autoDream: auto ? config.autoDream : true,
    kairos: auto ? config.kairos : false,
    minHours: config.dream.minHours,
    minSessions: config.dream.minSessions,
    lastConsolidatedAtMs: last,
    force: o.force === true,
    countSessions: () => {
      scan = scanThrottled(dreamScanStateFile(ctx), nowMs, {
        sessionsDir: paths.sessionsDir,
        sinceMs: last,
        ...(o.sessionId ? { excludeSessionId: o.sessionId } : {}),
        ...(o.findSessions
          ? {
              transcriptSessions: () =>
                o.findSessions!(rt.env, rt.env.HOME ?? "", paths.projectRoot, last).map((s) => s.sessionId),
            }
          : {}),
      });
      return scan.count;
    },
  });
  if (!result.open)
    ctx.event(result.event.kind, { ...result.event.data, trigger: o.trigger, memory_dir: paths.memoryDir });
  return scan ? { result, scan } : { result };
}

/**
 * The sessions since the last consolidation for the gather phase when the session gate did not run
 * (`force`, the schedule, a dry run): a direct scan, no throttle state written. Call it before the
 * lock is taken (taking it moves lastConsolidatedAt to now).
 */
export function sessionsForGather(ctx: AppContext, gate: DreamGateCheck, sessionId?: string) {
  if (gate.scan) return { used: gate.scan.sessionIds, skipped: gate.scan.skippedIds };
  const since = readLastConsolidatedAt(ctx.paths.memoryDir);
  const scan = countSessionsSince(
    ctx.paths.sessionsDir,
    since,
    sessionId ? { excludeSessionId: sessionId } : {},
  );
  return { used: scan.sessionIds, skipped: scan.skippedIds };
}

/**
 * The check after each Stop, run by the job that Stop started: the cheap gates, and when they open,
 * the dream job started detached (it checks again and takes the lock). Never throws: a failure is one
 * log line.
 */
export async function maybeStartDream(ctx: AppContext, sessionId: string): Promise<void> {
  try {
    const findSessions = await loadDreamSessionFinder();
    const g = checkDreamGates(ctx, { trigger: "auto", sessionId, findSessions });
    if (!g.result.open) return;
    await ctx.rt.spawnJob({ kind: "dream", sessionId, cwd: ctx.paths.projectRoot });
  } catch (e) {
    ctx.log("warn", "dream-gate", `dream gate check failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
