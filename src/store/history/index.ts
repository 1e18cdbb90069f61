/**
 * store/history (L2): change sets of a memory dir (DESIGN.md §3.1 `.history/`).
 * A journal passed in the store's write options records every file a job writes, writing ahead to
 * `.history/<id>.json` (incomplete) before each file's first write, so a killed job stays
 * undoable; `commitChangeSet` completes it; `listChangeSets` is `memdir history` (an incomplete
 * one is "running" or "interrupted"); `undoChangeSet` is `memdir undo`. No static `node:crypto`
 * import (hooks import the store).
 */
export {
  type CommitOptions,
  changeSetInfo,
  commitChangeSet,
  HISTORY_MAX_AGE_MS,
  HISTORY_MAX_SETS,
  listChangeSets,
} from "./changeset.js";
export {
  HISTORY_DIR,
  historyDir,
  incompleteState,
  newChangeSetId,
  readAllChangeSets,
  readChangeSet,
  readWriteLog,
  writeLogPath,
  writerLockPath,
} from "./files.js";
export { bytesHash } from "./hash.js";
export {
  createJournal,
  type Journal,
  type Journaled,
  type JournalOptions,
  trackedRemove,
  trackedUpdate,
  trackedWrite,
} from "./journal.js";
export { ID_RE as CHANGE_SET_ID, parseChangeSet } from "./parse.js";
export * from "./types.js";
export { type UndoConflict, type UndoOptions, type UndoResult, undoChangeSet } from "./undo.js";
