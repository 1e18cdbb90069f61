/** Applying a dream plan through the store's hash-guarded writes. */
export {
  type AppliedChange,
  applyDreamPlan,
  type DreamApplyOptions,
  type DreamApplyResult,
} from "./apply.js";
export { applyIndexBudget, type IndexStepResult, LIVE_EDIT_WARNING } from "./index-step.js";
