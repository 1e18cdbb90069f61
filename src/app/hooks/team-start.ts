/**
 * Team memory at SessionStart: start the automatic pull (a detached `team-sync` job, bounded in time)
 * when it is due, and warn about team files a merge kept both versions of. Reads two small JSON files
 * and loads neither git nor the secret rules.
 */
import { join } from "node:path";
import { readTextIfExists } from "../../core/fs.js";
import { hasConflictBlock } from "../../share/conflict.js";
import { AUTO_PULL_INTERVAL_MS, readTeamState } from "../../share/state.js";
import { readTeamConfig, teamDirOf } from "../../store/team-dir.js";
import type { AppContext } from "../context.js";

export async function teamAtSessionStart(
  ctx: AppContext,
  sessionId: string,
  warnings: string[],
): Promise<void> {
  const { memoryDir, projectRoot } = ctx.paths;
  const config = readTeamConfig(memoryDir);
  if (!config) return;
  const state = readTeamState(memoryDir);
  const last = state.lastAutoPullMs;
  if (last === undefined || ctx.rt.now() - last >= AUTO_PULL_INTERVAL_MS)
    await ctx.rt.spawnJob({ kind: "team-sync", cwd: projectRoot, sessionId });
  const dir = teamDirOf(memoryDir, config);
  for (const c of state.conflicts ?? []) {
    if (!hasConflictBlock(readTextIfExists(join(dir, c.file)) ?? "")) continue;
    warnings.push(
      `team memory: ${config.mode === "repo" ? `team/${c.file}` : join(dir, c.file)} holds two teammates' versions (a merge conflict, ${c.at}); keep what holds and delete its memdir:conflict block`,
    );
  }
}
