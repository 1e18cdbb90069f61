import { type ChangeSetInfo, listChangeSets, type UndoResult, undoChangeSet } from "../../store/index.js";
import type { AppContext } from "../context.js";

export interface HistoryView {
  /** The project's memory dir (the change sets are in its `.history/`). */
  memoryDir: string;
  /** Newest first. */
  changeSets: ChangeSetInfo[];
}

/** The change sets of the project's memory dir, newest first. */
export function runHistory(ctx: AppContext): HistoryView {
  return { memoryDir: ctx.paths.memoryDir, changeSets: listChangeSets(ctx.paths.memoryDir) };
}

/**
 * Reverts change set `id` (a unique prefix is enough; none = the newest one not undone that is not
 * itself an undo) in the project's and the user's memory dirs; see store `undoChangeSet`.
 * @throws MemdirError NOT_FOUND (unknown id, with the list `memdir history` shows; nothing to undo),
 *   BAD_INPUT (already undone: the hint names the undo to redo it), LOCK_TIMEOUT.
 */
export function runUndo(ctx: AppContext, id: string | undefined, opts: { force?: boolean } = {}): UndoResult {
  return undoChangeSet({ project: ctx.paths.memoryDir, user: ctx.paths.userMemoryDir }, id, {
    nowMs: ctx.rt.now(),
    ...(opts.force ? { force: true } : {}),
  });
}
