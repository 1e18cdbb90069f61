/**
 * Team memory sync as the app runs it: explicit pull / push, the automatic pull of a
 * session start and push after a change (rate-limited, suppressed for the session after a permanent
 * failure and said once), each outcome an event in events.jsonl (`secret_skipped`, `size_skipped`,
 * `entries_capped`, `push_suppressed`, `team_conflict`, `team_pulled`, `team_pushed`).
 */

import { join } from "node:path";
import { readTextIfExists } from "../core/fs.js";
import {
  AUTO_PULL_INTERVAL_MS,
  AUTO_PUSH_INTERVAL_MS,
  commitLocal,
  hasConflictBlock,
  localChanges,
  openTeamRepo,
  type PullResult,
  type PushResult,
  pullTeam,
  pushTeam,
  readTeamState,
  revParse,
  type Skipped,
  type TeamRepo,
  updateTeamState,
  upstreamOf,
} from "../share/index.js";
import { listTopicFiles, rebuildIndex } from "../store/index.js";
import type { AppContext } from "./context.js";

/** Env: bound (ms) of git calls that reach the remote; default 30,000. */
export const TEAM_TIMEOUT_ENV = "MEMDIR_TEAM_GIT_TIMEOUT_MS";

export function teamRepo(ctx: AppContext): TeamRepo | undefined {
  const t = Number(ctx.rt.env[TEAM_TIMEOUT_ENV]);
  return openTeamRepo(
    ctx.paths.memoryDir,
    ctx.rt.env,
    Number.isFinite(t) && t > 0 ? { networkTimeoutMs: t } : {},
  );
}

const iso = (ctx: AppContext) => new Date(ctx.rt.now()).toISOString();

function recordSkips(ctx: AppContext, skipped: Skipped[]): void {
  for (const s of skipped)
    ctx.event(s.event, {
      file: s.file,
      reason: s.reason,
      memory_dir: ctx.paths.memoryDir,
      ...(s.committed ? { committed: true } : {}),
    });
}

/** Conflicts kept both sides of: recorded in the sync state (SessionStart and status name them) and as events. */
export function recordConflicts(ctx: AppContext, files: string[]): void {
  if (files.length === 0) return;
  const { memoryDir } = ctx.paths;
  const at = iso(ctx);
  updateTeamState(memoryDir, (s) => ({
    ...s,
    conflicts: [
      ...(s.conflicts ?? []).filter((c) => !files.includes(c.file)),
      ...files.map((file) => ({ file, at })),
    ],
  }));
  for (const file of files) ctx.event("team_conflict", { file, memory_dir: memoryDir });
}

/** After a pull: conflicts recorded, MEMORY.md rebuilt when files changed. */
function afterPull(ctx: AppContext, p: PullResult): void {
  const { memoryDir } = ctx.paths;
  recordConflicts(ctx, p.conflicts);
  if (p.updated) {
    rebuildIndex(memoryDir);
    ctx.event("team_pulled", { memory_dir: memoryDir, conflicts: p.conflicts.length });
  }
  if (p.failure)
    ctx.event("team_pull_failed", {
      reason: p.failure.kind,
      error: `${p.failure.kind}: ${p.failure.message}`,
      message: p.failure.message,
      memory_dir: memoryDir,
    });
}

/** Pulls now (explicit: a full merge; `ffOnly` for the automatic pull into a project repository). */
export async function pullNow(
  ctx: AppContext,
  repo: TeamRepo,
  opts: { ffOnly?: boolean } = {},
): Promise<PullResult> {
  // A dedicated team repository: local edits are committed through the gates first (git refuses to
  // merge over uncommitted changes); a project repository's working tree is left to the user.
  if (!opts.ffOnly && repo.config.mode === "repo") {
    const c = await commitLocal(repo, "memdir: update team memory");
    recordSkips(ctx, c.skipped);
  }
  const p = await pullTeam(repo, { nowIso: iso(ctx), ...opts });
  afterPull(ctx, p);
  return p;
}

/** Pushes now, whatever the rate limit and the session's suppression say (an explicit act). */
export async function pushNow(
  ctx: AppContext,
  repo: TeamRepo,
  message?: string,
  opts: { ffOnly?: boolean } = {},
): Promise<PushResult> {
  const r = await pushTeam(repo, { nowIso: iso(ctx), ...(message ? { message } : {}), ...opts });
  recordSkips(ctx, [...r.commit.skipped, ...r.blocked]);
  if (r.pull) afterPull(ctx, { ...r.pull, failure: undefined });
  if (r.commit.deferred.length > 0)
    ctx.event("size_skipped", {
      reason: "per-push byte budget reached; sent by the next push",
      files: r.commit.deferred.length,
      memory_dir: ctx.paths.memoryDir,
    });
  if (r.pushed)
    ctx.event("team_pushed", { files: r.commit.committed.length, memory_dir: ctx.paths.memoryDir });
  // The remote is reachable again: a note that automatic pushes are off no longer holds.
  if (!r.failure && readTeamState(ctx.paths.memoryDir).suppressed)
    updateTeamState(ctx.paths.memoryDir, ({ suppressed: _gone, ...s }) => s);
  return r;
}

/**
 * Team files that still hold a conflict block: the recorded conflicts, plus any team file holding the
 * marker (one a teammate's merge wrote and this side pulled); one read per team file (at most
 * TEAM_MAX_ENTRIES files of at most TEAM_FILE_MAX_BYTES).
 */
export function openConflicts(ctx: AppContext, teamDir: string): string[] {
  const state = readTeamState(ctx.paths.memoryDir);
  const files = new Set([...(state.conflicts ?? []).map((c) => c.file), ...listTopicFiles(teamDir)]);
  return [...files].sort().filter((f) => {
    try {
      return hasConflictBlock(readTextIfExists(join(teamDir, f)) ?? "");
    } catch {
      return false;
    }
  });
}

/** True when the team dir has local changes or commits the upstream does not have. */
async function pending(repo: TeamRepo): Promise<boolean> {
  if ((await localChanges(repo)).length > 0) return true;
  const up = await upstreamOf(repo);
  const head = await revParse(repo, "HEAD");
  return !!head && (!up || head !== (await revParse(repo, up.trackingRef)));
}

export type AutoOutcome = "not-set-up" | "nothing" | "rate-limited" | "suppressed" | "done" | "failed";

/** Failures that will not heal within the session: pushes stop until the next one. */
const PERMANENT = new Set(["no-remote", "auth", "unreachable", "outside"]);

/**
 * The automatic push after a change (`sessionId`'s jobs): nothing when nothing is pending; at most once
 * per AUTO_PUSH_INTERVAL_MS (`push_suppressed` reason `rate-limit`); after a permanent failure pushes
 * are off for the session, said once (`push_suppressed` with `permanent: true`).
 */
export async function autoPush(ctx: AppContext, sessionId: string): Promise<AutoOutcome> {
  const repo = teamRepo(ctx);
  if (!repo) return "not-set-up";
  const { memoryDir } = ctx.paths;
  const state = readTeamState(memoryDir);
  if (state.suppressed?.sessionId === sessionId) return "suppressed";
  if (!(await pending(repo))) return "nothing";
  const now = ctx.rt.now();
  if (state.lastAutoPushMs !== undefined && now - state.lastAutoPushMs < AUTO_PUSH_INTERVAL_MS) {
    ctx.event("push_suppressed", {
      reason: "rate-limit",
      retry_after_ms: AUTO_PUSH_INTERVAL_MS - (now - state.lastAutoPushMs),
      session_id: sessionId,
      memory_dir: memoryDir,
    });
    return "rate-limited";
  }
  updateTeamState(memoryDir, (s) => ({ ...s, lastAutoPushMs: now }));
  // In a project repository the automatic push never merges teammates' work into the user's branch.
  const r = await pushNow(ctx, repo, undefined, { ffOnly: repo.config.mode === "in-repo" });
  if (!r.failure) return "done";
  if (PERMANENT.has(r.failure.kind)) {
    updateTeamState(memoryDir, (s) => ({
      ...s,
      suppressed: { sessionId, reason: r.failure!.kind, atMs: now },
    }));
    ctx.event("push_suppressed", {
      reason: r.failure.kind,
      message: r.failure.message,
      permanent: true,
      session_id: sessionId,
      memory_dir: memoryDir,
    });
  } else {
    ctx.event("team_push_failed", {
      reason: r.failure.kind,
      error: `${r.failure.kind}: ${r.failure.message}`,
      message: r.failure.message,
      session_id: sessionId,
      memory_dir: memoryDir,
    });
  }
  return "failed";
}

/** True when the automatic pull is due (cheap: two small JSON files; SessionStart asks). */
export function autoPullDue(ctx: AppContext): boolean {
  const { memoryDir } = ctx.paths;
  if (!openTeamRepo(memoryDir, ctx.rt.env)) return false;
  const last = readTeamState(memoryDir).lastAutoPullMs;
  return last === undefined || ctx.rt.now() - last >= AUTO_PULL_INTERVAL_MS;
}

/** The automatic pull (at most once per AUTO_PULL_INTERVAL_MS), then the automatic push of anything pending. */
export async function autoSync(
  ctx: AppContext,
  sessionId: string | undefined,
): Promise<{ pull: AutoOutcome; push: AutoOutcome }> {
  const repo = teamRepo(ctx);
  if (!repo) return { pull: "not-set-up", push: "not-set-up" };
  let pull: AutoOutcome = "rate-limited";
  if (autoPullDue(ctx)) {
    updateTeamState(ctx.paths.memoryDir, (s) => ({ ...s, lastAutoPullMs: ctx.rt.now() }));
    const p = await pullNow(ctx, repo, { ffOnly: repo.config.mode === "in-repo" });
    pull = p.failure ? "failed" : p.updated ? "done" : "nothing";
  }
  const push = sessionId ? await autoPush(ctx, sessionId) : "nothing";
  return { pull, push };
}
