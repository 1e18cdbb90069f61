/**
 * L4 jobs/summarize: session memory, the rolling session summary.
 * `<stateRoot>/summaries/<session-id>.md`: a small frontmatter (bookkeeping) and ten fixed sections.
 * trigger (pure: when) → offline engine or model (what) → plan (pure: scrub, budget, render) → apply
 * (lock, re-read, atomic write). `read.ts` is light enough for the SessionStart hook to import alone.
 */
export { type ApplyOutcome, applySummaryPlan } from "./apply.js";
export { bodyTokens, fitSections, shrinkSection } from "./budget.js";
export { parseSummary, renderBody, serializeSummary } from "./format.js";
export {
  type ModelUpdateOptions,
  type ModelUpdateResult,
  parseModelReply,
  renderMessages,
  updateSummaryWithModel,
} from "./model.js";
export { buildOfflineSections, type OfflineOptions } from "./offline/index.js";
export { planSummary, type SummaryPlan } from "./plan.js";
export { readSummaryFile, sessionSummaryForPrompt, summaryForPrompt, summaryPath } from "./read.js";
export {
  type PreparedUpdate,
  planPrepared,
  prepareSummaryUpdate,
  runSummaryUpdate,
  type SummaryRunOptions,
  type SummaryRunResult,
} from "./run.js";
export {
  COMPRESSION_ORDER,
  emptySections,
  IMPORTANCE_ORDER,
  SECTION_MAX_TOKENS,
  SECTION_NAMES,
  type SectionName,
  type SessionSummary,
  type SummaryMeta,
  type SummarySections,
  TOTAL_MAX_TOKENS,
} from "./sections.js";
export {
  DEFAULT_SESSION_MEMORY_CONFIG,
  decideUpdate,
  observeSlice,
  type SessionMemoryConfig,
  type TriggerDecision,
  type TriggerObservation,
  usageTokens,
} from "./trigger.js";
