/**
 * L4 jobs/dream/offline: the deterministic dream planner used with no model.
 * Pure: the caller reads the memory dirs and daily logs; `planOfflineDream`
 * returns a `DreamPlan` (plan/types.ts) that the apply step writes. `compactIndex` is exported so the
 * apply step can recompute MEMORY.md under the lock from what is on disk at apply time.
 */

export {
  type CompactIndexOptions,
  type CompactIndexResult,
  compactIndex,
  INDEX_OVERFLOW_FILE,
  indexOverflowTopic,
  indexSize,
  toIndexTopics,
} from "./compact-index.js";
export { type ConflictKind, tokensConflict, unitConflicts } from "./conflict.js";
export type { Superseded } from "./contradictions.js";
export { duplicateCheck, dupScore } from "./duplicates.js";
export { isRedundantLine } from "./fold.js";
export { recencyOf } from "./orient.js";
export { planOfflineDream } from "./plan.js";
export { topicConflicts } from "./subject.js";
export { factTokens, factUnits } from "./tokens.js";
export type { OfflineDreamInput, OfflineLogDraft, OfflineTopicInput } from "./types.js";
