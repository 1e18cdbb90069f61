/**
 * Section and file budgets (Claude Code's: 2,000 tokens per section, 12,000 in all; tokens as
 * core/tokens estimates them). Over the total, sections are compressed in COMPRESSION_ORDER (least
 * important first), never below their floor. Pure.
 */
import { cutToTokens, estimateTokens } from "../../core/tokens.js";
import { renderBody } from "./format.js";
import {
  CHRONOLOGICAL,
  COMPRESSION_ORDER,
  SECTION_FLOOR_TOKENS,
  SECTION_MAX_TOKENS,
  type SectionName,
  type SummarySections,
  TOTAL_MAX_TOKENS,
} from "./sections.js";

const isItem = (line: string) => /^\s*[-*] /.test(line);

function dropNote(n: number, chronological: boolean): string {
  return `- (${n} ${chronological ? "older" : "more"} entr${n === 1 ? "y" : "ies"} dropped to fit the budget)`;
}

/**
 * `text` within `maxTokens`: list items are dropped first (the oldest in chronological sections, the
 * last in ranked ones) and a note says how many; then, if the rest is still too long, the text is cut
 * at the budget with "…". Returns `text` unchanged when it fits.
 */
export function shrinkSection(name: SectionName, text: string, maxTokens: number): string {
  if (estimateTokens(text) <= maxTokens) return text;
  const chronological = CHRONOLOGICAL.has(name);
  const lines = text.split("\n");
  const items = lines.map((l, i) => (isItem(l) ? i : -1)).filter((i) => i >= 0);
  const dropped = new Set<number>();
  const render = () => {
    const kept = lines.filter((_, i) => !dropped.has(i));
    if (dropped.size === 0) return kept.join("\n");
    const note = dropNote(dropped.size, chronological);
    // The note stands where the dropped items were: before the kept ones, or after them.
    const at = chronological ? kept.findIndex(isItem) : kept.length;
    kept.splice(at < 0 ? kept.length : at, 0, note);
    return kept.join("\n");
  };
  let out = text;
  // One item at a time: estimates are linear and the lists are short (a few hundred lines at most).
  const order = chronological ? items : [...items].reverse();
  for (const i of order) {
    if (estimateTokens(out) <= maxTokens) break;
    dropped.add(i);
    out = render();
  }
  if (estimateTokens(out) <= maxTokens) return out;
  return `${cutToTokens(out, Math.max(0, maxTokens - 1)).trimEnd()}…`;
}

/** Tokens of the rendered body (headings included). */
export function bodyTokens(sections: SummarySections): number {
  return estimateTokens(renderBody(sections));
}

/**
 * Every section within `sectionMax` and the rendered body within `totalMax` (defaults: 2,000 / 12,000
 * tokens). Compresses in COMPRESSION_ORDER, each section to what the overshoot requires but not below
 * SECTION_FLOOR_TOKENS; the floors add up to 3,800 tokens, so any `totalMax` ≥ 4,500 is always met.
 * Returns a new object.
 */
export function fitSections(
  sections: SummarySections,
  totalMax: number = TOTAL_MAX_TOKENS,
  sectionMax: number = SECTION_MAX_TOKENS,
): SummarySections {
  const out = { ...sections };
  for (const n of COMPRESSION_ORDER) out[n] = shrinkSection(n, out[n].trim(), sectionMax);
  for (let pass = 0; pass < 2; pass++) {
    for (const n of COMPRESSION_ORDER) {
      const excess = bodyTokens(out) - totalMax;
      if (excess <= 0) return out;
      const floor = pass === 0 ? SECTION_FLOOR_TOKENS[n] : Math.floor(SECTION_FLOOR_TOKENS[n] / 4);
      const target = Math.max(floor, estimateTokens(out[n]) - excess);
      out[n] = shrinkSection(n, out[n], target);
    }
  }
  return out;
}
