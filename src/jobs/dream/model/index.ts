/**
 * L4 jobs/dream/model: the model-driven dream. The phased prompt
 * (orient, gather, consolidate, prune and index; modes prune and reflect), the sandboxed agent loop
 * with memory tools only, and the staged operations as a DreamPlan (engine "model") that
 * `applyDreamPlan` writes later. Nothing here writes to the memory dirs.
 */
export {
  buildDreamPrompt,
  type DreamGathered,
  GATHER_CAPS,
  HEADROOM_TOKENS,
} from "./gather.js";
export {
  callsFromMessages,
  deletionKind,
  type PlanMeta,
  planFromStagedOps,
  REASON_MAX,
  rewriteKind,
  type StagedCall,
} from "./plan.js";
export { DREAM_ANSWER_SHAPE, type DreamAnswer, dreamSystemPrompt, parseDreamAnswer } from "./prompt.js";
export { type ModelDreamOptions, type ModelDreamResult, runModelDream } from "./run.js";
