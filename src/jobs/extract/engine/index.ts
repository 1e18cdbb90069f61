/** The offline (rule-based) extraction engine: pure, no I/O. */
export { planExtraction } from "./plan.js";
export { cleanUserText, splitSentences } from "./sentences.js";
export type { ExtractionPlan, PlanContext, PlannedMemory, RuleName } from "./types.js";
