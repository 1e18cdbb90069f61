/**
 * Fitting a turn's tool results into the per-call input cap (unfitted, a model that read 30
 * memories in turn 1 made turn 2's request ~46k tokens against a cap of 8k; the guard refused it,
 * the job fell back offline and the first call's tokens were wasted). Only the newest user message
 * is shortened: the earlier ones were fitted when they were the newest.
 */
import { codePointLength, elideMiddle } from "../../core/text.js";
import { estimateRequestTokens } from "../ledger/budget.js";
import type { LlmBlock, LlmMessage, LlmRequest } from "../types.js";

/** A shortened tool result keeps at least this many code points (shorter ones are left whole). */
export const MIN_FITTED_RESULT_CHARS = 200;
/** Rounds of shrinking before every result is cut to MIN_FITTED_RESULT_CHARS. */
const MAX_ROUNDS = 12;

type ToolResult = Extract<LlmBlock, { type: "tool_result" }>;

/** The note appended (as a text block) to a message whose tool results were shortened. */
export const fittedNote = (count: number, maxInputTokens: number): string =>
  `Note: ${count} tool result${count === 1 ? " was" : "s were"} shortened (the middle elided) to fit this request within ${maxInputTokens} input tokens. Work with what is shown, or read fewer or smaller items per turn if you need the elided parts.`;

/**
 * When the request's estimate (estimateRequestTokens, tokens) exceeds `maxInputTokens`, shrinks the
 * tool_result blocks of its last message (a user message) proportionally — each cut by the same
 * fraction of its code points, head + tail kept (core/text elideMiddle), none below
 * MIN_FITTED_RESULT_CHARS — and appends a text block saying so (fittedNote), until the estimate fits
 * or every result is at that floor (the request may then still be too large: the guard decides).
 * Returns the last message to send (the same object when nothing was shortened) and how many
 * results were shortened. Pure; never throws.
 */
export function fitNewestToolResults(
  req: LlmRequest,
  maxInputTokens: number,
): { message: LlmMessage | undefined; shortened: number } {
  const last = req.messages.at(-1);
  const unchanged = { message: last, shortened: 0 };
  if (last?.role !== "user" || estimateRequestTokens(req) <= maxInputTokens) return unchanged;
  const lengths = last.content.map((b) => (b.type === "tool_result" ? codePointLength(b.content) : 0));
  const cuttable = lengths.filter((n) => n > MIN_FITTED_RESULT_CHARS).length;
  if (cuttable === 0) return unchanged;
  const note: LlmBlock = { type: "text", text: fittedNote(cuttable, maxInputTokens) };

  const build = (fraction: number): LlmMessage => ({
    role: last.role,
    content: [
      ...last.content.map((b, i): LlmBlock => {
        const len = lengths[i] ?? 0;
        if (b.type !== "tool_result" || len <= MIN_FITTED_RESULT_CHARS) return b;
        const keep = Math.max(MIN_FITTED_RESULT_CHARS, Math.floor(len * fraction));
        return keep >= len ? b : ({ ...b, content: elideMiddle(b.content, keep) } satisfies ToolResult);
      }),
      note,
    ],
  });
  const estimate = (m: LlmMessage): { total: number; results: number } => {
    const total = estimateRequestTokens({ ...req, messages: [...req.messages.slice(0, -1), m] });
    const results = estimateRequestTokens({ system: "", tools: [], maxOutputTokens: 0, messages: [m] });
    return { total, results };
  };

  let fraction = 1;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const m = build(fraction);
    const { total, results } = estimate(m);
    if (total <= maxInputTokens) return { message: m, shortened: cuttable };
    // Cut the results' share by what is still over, a little more each round (markers cost tokens).
    const over = total - maxInputTokens;
    const next = results > over ? (fraction * (results - over)) / results : 0;
    fraction = Math.min(next, fraction * 0.95);
    if (fraction <= 0) break;
  }
  return { message: build(0), shortened: cuttable };
}
