/**
 * project/ (L2): `project-memory.json` (DESIGN.md §3.2): the detected stack, package manager and
 * commands, and what tool calls taught (hot paths, commands that worked, facts from extraction).
 * All sync. PostToolUse only appends to a pending log (`logToolUse`); `foldToolLog` folds it in.
 */

export { MAX_COMMAND_CHARS, normalizeCommand } from "./commands.js";
export { detectProject } from "./detect.js";
export {
  capByUse,
  hotPathOf,
  IGNORED_SEGMENTS,
  learnFromToolUse,
  MAX_COMMANDS,
  MAX_HOT_PATHS,
  RECENT_MS,
} from "./learn.js";
export { foldToolLog, logToolUse, pendingLogPath } from "./learn-log.js";
export {
  addProjectFacts,
  DETECT_TTL_MS,
  MAX_FACT_CHARS,
  MAX_FACTS,
  normalizeProjectMemory,
  readProjectMemory,
  updateProjectMemory,
} from "./memory.js";
export { SUMMARY_LIMITS, summarizeProjectMemory } from "./summary.js";
export type * from "./types.js";
