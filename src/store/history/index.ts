/**
 * store/history (L2): change sets of a memory dir (issue 5 point 5; DESIGN.md §3.1 `.history/`).
 * A journal passed in the store's write options records every file a job writes; `commitChangeSet`
 * stores it as `.history/<id>.json`; `listChangeSets` is `memdir history`; `undoChangeSet` is
 * `memdir undo`. No static `node:crypto` import (hooks import the store).
 */
export {
  type CommitOptions,
  changeSetInfo,
  commitChangeSet,
  HISTORY_DIR,
  HISTORY_MAX_AGE_MS,
  HISTORY_MAX_SETS,
  historyDir,
  listChangeSets,
  newChangeSetId,
  readAllChangeSets,
  readChangeSet,
} from "./changeset.js";
export {
  bytesHash,
  createJournal,
  type Journal,
  type Journaled,
  type JournalOptions,
  trackedRemove,
  trackedWrite,
} from "./journal.js";
export { ID_RE as CHANGE_SET_ID, parseChangeSet } from "./parse.js";
export * from "./types.js";
export { type UndoConflict, type UndoOptions, type UndoResult, undoChangeSet } from "./undo.js";
