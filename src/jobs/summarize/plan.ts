/**
 * Plan step of a summary update (DESIGN.md §5: plan = data, apply writes it): scrub every section
 * again (model output included), fit the sections to the budget, and render the file. Pure.
 */
import { estimateTokens } from "../../core/tokens.js";
import { scrub } from "../../privacy/index.js";
import { fitSections } from "./budget.js";
import { renderFrontmatter, serializeSummary } from "./format.js";
import {
  SECTION_NAMES,
  type SessionSummary,
  type SummaryMeta,
  type SummarySections,
  TOTAL_MAX_TOKENS,
} from "./sections.js";

export interface SummaryPlan {
  /** The summary to write, sections fitted to the budget. */
  summary: SessionSummary;
  /** The file text (frontmatter + ten sections), at most TOTAL_MAX_TOKENS estimated tokens. */
  text: string;
  /** The `updates` count the file had when this was planned: apply refuses when it moved on. */
  previousUpdates: number;
}

/**
 * Plans the file for `sections` with the bookkeeping `meta` (`meta.updates` = the new count).
 * Sections are scrubbed (privacy `scrub`: `<private>` blocks and secrets never reach the file), then
 * fitted: each within 2,000 tokens, the whole file within 12,000.
 */
export function planSummary(
  sections: SummarySections,
  meta: SummaryMeta,
  previousUpdates: number,
): SummaryPlan {
  const scrubbed = {} as SummarySections;
  for (const n of SECTION_NAMES) scrubbed[n] = scrub(sections[n] ?? "").trim();
  const room = TOTAL_MAX_TOKENS - estimateTokens(renderFrontmatter(meta)) - 8;
  const summary: SessionSummary = { meta, sections: fitSections(scrubbed, room) };
  return { summary, text: serializeSummary(summary), previousUpdates };
}
