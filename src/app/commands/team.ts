/**
 * `memdir team …` use cases: init (a dedicated remote or a folder of the project
 * repository), pull, push, status, promote. Explicit commands ignore the automatic sync's rate limit
 * and session suppression, and report git's failure instead.
 */
import { MemdirError } from "../../core/errors.js";
import {
  currentBranch,
  initTeamInRepo,
  initTeamRemote,
  localChanges,
  type PullResult,
  type PushResult,
  promoteMemory,
  readTeamState,
  revParse,
  TEAM_FILE_MAX_BYTES,
  TEAM_MAX_ENTRIES,
  TEAM_PUSH_MAX_BYTES,
  trackedEntries,
  upstreamOf,
} from "../../share/index.js";
import { rebuildIndex } from "../../store/index.js";
import type { AppContext } from "../context.js";
import {
  openConflicts,
  pullNow,
  pushNow,
  recordConflicts,
  TEAM_TIMEOUT_ENV,
  teamRepo,
} from "../team-sync.js";

function notSetUp(ctx: AppContext): MemdirError {
  return new MemdirError("NOT_FOUND", "team memory is not set up for this project", {
    expected: `a team dir set up by \`memdir team init\` (memory dir ${ctx.paths.memoryDir})`,
    received: "no team config (.team.json) in the memory dir",
    hint: "run `memdir team init <remote>` or `memdir team init --in-repo <path>`",
  });
}

const repoOf = (ctx: AppContext) => {
  const r = teamRepo(ctx);
  if (!r) throw notSetUp(ctx);
  return r;
};

export async function teamInit(
  ctx: AppContext,
  o: { remote?: string; inRepo?: string },
): Promise<{ teamDir: string; mode: string; pull: PullResult }> {
  const { memoryDir, projectRoot } = ctx.paths;
  const t = Number(ctx.rt.env[TEAM_TIMEOUT_ENV]);
  const init = o.inRepo
    ? await initTeamInRepo(memoryDir, projectRoot, o.inRepo, ctx.rt.env)
    : await initTeamRemote(
        memoryDir,
        o.remote ?? "",
        ctx.rt.env,
        new Date(ctx.rt.now()).toISOString(),
        Number.isFinite(t) && t > 0 ? t : undefined,
      );
  recordConflicts(ctx, init.conflicts);
  rebuildIndex(memoryDir);
  ctx.event("team_init", { mode: init.config.mode, memory_dir: memoryDir });
  const pull =
    init.config.mode === "repo" ? { updated: false, conflicts: [] } : await pullNow(ctx, repoOf(ctx));
  return { teamDir: init.teamDir, mode: init.config.mode, pull };
}

export const teamPull = (ctx: AppContext): Promise<PullResult> => pullNow(ctx, repoOf(ctx));
export const teamPush = (ctx: AppContext): Promise<PushResult> => pushNow(ctx, repoOf(ctx));

export interface TeamPromoteResult {
  teamFile: string;
  push?: PushResult;
}

/** Promotes personal memory `name`, then pushes it (unless `noPush`). */
export async function teamPromote(
  ctx: AppContext,
  name: string,
  o: { noPush?: boolean } = {},
): Promise<TeamPromoteResult> {
  const repo = repoOf(ctx);
  const p = await promoteMemory(ctx.paths.memoryDir, name);
  ctx.event("team_promoted", {
    file: p.teamFile.slice(repo.teamDir.length + 1),
    memory_dir: ctx.paths.memoryDir,
  });
  if (o.noPush) return { teamFile: p.teamFile };
  return {
    teamFile: p.teamFile,
    push: await pushNow(ctx, repo, `memdir: promote ${name.replace(/\.md$/i, "")}`),
  };
}

export interface TeamStatus {
  mode: string;
  teamDir: string;
  remote: string | null;
  branch: string | null;
  /** Tracked team files and the cap. */
  entries: number;
  caps: { fileBytes: number; pushBytes: number; entries: number };
  /** Local changes not committed yet (relative to the team dir). */
  changed: string[];
  /** Local commits the remote does not have (as of the last fetch). */
  unpushed: boolean;
  conflicts: string[];
  suppressed: { sessionId: string; reason: string } | null;
  lastAutoPull: string | null;
  lastAutoPush: string | null;
}

/** The team dir's state from git and memdir's sync state; no network. */
export async function teamStatus(ctx: AppContext): Promise<TeamStatus> {
  const repo = repoOf(ctx);
  const state = readTeamState(ctx.paths.memoryDir);
  const up = await upstreamOf(repo);
  const head = await revParse(repo, "HEAD");
  const base = up ? await revParse(repo, up.trackingRef) : undefined;
  const when = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  return {
    mode: repo.config.mode,
    teamDir: repo.teamDir,
    remote: up ? up.remote : null,
    branch: (await currentBranch(repo)) ?? null,
    entries: (await trackedEntries(repo)).length,
    caps: { fileBytes: TEAM_FILE_MAX_BYTES, pushBytes: TEAM_PUSH_MAX_BYTES, entries: TEAM_MAX_ENTRIES },
    changed: (await localChanges(repo)).map((c) => c.rel),
    unpushed: !!head && head !== base,
    conflicts: openConflicts(ctx, repo.teamDir),
    suppressed: state.suppressed
      ? { sessionId: state.suppressed.sessionId, reason: state.suppressed.reason }
      : null,
    lastAutoPull: when(state.lastAutoPullMs),
    lastAutoPush: when(state.lastAutoPushMs),
  };
}
