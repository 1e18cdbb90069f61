import { type ChangeSetInfo, listChangeSets, type UndoResult, undoChangeSet } from "../../store/index.js";
import type { AppContext } from "../context.js";
import { memoryLocations } from "./memories.js";

export interface HistoryView {
  /** The memory dir whose `.history/` holds the change sets (the project's, or an agent memory dir). */
  memoryDir: string;
  /** Newest first. */
  changeSets: ChangeSetInfo[];
}

/** An agent memory dir: its own `.history/` holds the change sets of its extractions. */
export interface AgentTarget {
  agent: string;
  scope: string;
  cwd: string;
}

/** The dir of `t`. @throws MemdirError BAD_INPUT for an empty agent or a scope that is not user|project|local. */
function agentDir(ctx: AppContext, t: AgentTarget): string {
  const [location] = memoryLocations(ctx, t.cwd, { agent: t.agent, scope: t.scope });
  return (location as { dir: string }).dir;
}

/** The change sets of the project's memory dir (or of agent memory `agent`), newest first. */
export function runHistory(ctx: AppContext, agent?: AgentTarget): HistoryView {
  const dir = agent ? agentDir(ctx, agent) : ctx.paths.memoryDir;
  return { memoryDir: dir, changeSets: listChangeSets(dir) };
}

/**
 * Reverts change set `id` (a unique prefix is enough; none = the newest one not undone that is not
 * itself an undo) in the project's and the user's memory dirs, or in agent memory `opts.agent`; see
 * store `undoChangeSet`.
 * @throws MemdirError NOT_FOUND (unknown id, with the list `memdir history` shows; nothing to undo),
 *   BAD_INPUT (already undone: the hint names the undo to redo it; a bad agent scope), LOCK_TIMEOUT.
 */
export function runUndo(
  ctx: AppContext,
  id: string | undefined,
  opts: { force?: boolean; agent?: AgentTarget } = {},
): UndoResult {
  const roots = opts.agent
    ? { project: agentDir(ctx, opts.agent) }
    : { project: ctx.paths.memoryDir, user: ctx.paths.userMemoryDir };
  return undoChangeSet(roots, id, { nowMs: ctx.rt.now(), ...(opts.force ? { force: true } : {}) });
}
