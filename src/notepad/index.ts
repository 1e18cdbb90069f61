/**
 * L2 notepad: `.memdir/notepad.md` with Priority Context / Working Memory / Manual, and the `<remember>`
 * tags that feed it (as in oh-my-claudecode). Sync and free of `yaml`/`zod`: PostToolUse uses it.
 */
export {
  DEFAULT_PREAMBLE,
  emptyNotepad,
  entryTimeMs,
  formatPriorityContext,
  MANUAL_HEADING,
  PRIORITY_HEADING,
  parseNotepad,
  serializeNotepad,
  WORKING_HEADING,
} from "./format.js";
export {
  addPriority,
  addWorkingMemory,
  NOTEPAD_LOCK_TIMEOUT_MS,
  PRIORITY_MAX_CHARS,
  pruneWorkingMemory,
  readNotepad,
  stamp,
  WORKING_MAX_AGE_MS,
} from "./notepad.js";
export { parseRememberTags } from "./tags.js";
export type { Notepad, NotepadEntry, RememberTags } from "./types.js";
