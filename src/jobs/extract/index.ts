/**
 * L4 jobs/extract: the offline extraction job. `planExtraction` (pure engine) → `applyExtraction`
 * (store, user scope, project memory) → `runExtraction` (transcript cursor in, cursor out).
 */
export { type ApplyResult, applyExtraction, type ExtractionTarget } from "./apply.js";
export {
  cleanUserText,
  type ExtractionPlan,
  type PlanContext,
  type PlannedMemory,
  planExtraction,
  type RuleName,
  splitSentences,
} from "./engine/index.js";
export { type RunExtractionOptions, type RunExtractionResult, runExtraction } from "./run.js";
export {
  applyWithdrawal,
  type LoadedTopic,
  loadTopics,
  planWithdrawal,
  type WithdrawalResult,
  type WithdrawalStep,
} from "./withdraw.js";
