/**
 * The token arithmetic of the guard: request estimates, the daily-budget fit (clamping a call's
 * output to what is left of the day) and which failures are billed. Pure; `guard.ts` applies it
 * under the ledger lock (DESIGN.md §3.3, §7).
 */
import { estimateTokens } from "../../core/tokens.js";
import type { LlmErrorKind, LlmRequest } from "../types.js";

/**
 * A call is refused rather than clamped below this many output tokens (clamping is needed: with a small
 * daily budget such as 3000 and a per-call output cap of 4096 no call could otherwise be made).
 */
export const MIN_OUTPUT_TOKENS = 256;

/**
 * Failure kinds whose request the server may have processed and billed (a reply generated but not
 * received, or received but unreadable): the request's estimated input tokens are charged for them.
 * Refusals (rate_limit, auth, quota, overloaded, bad_request, network) are not charged.
 */
export const BILLED_FAILURE_KINDS: ReadonlySet<LlmErrorKind> = new Set(["timeout", "bad_response"]);

/**
 * Estimated input tokens of a request (core/tokens): system + every block of every message (text,
 * tool_use name + JSON input, tool_result content) + every tool's name, description and JSON schema.
 */
export function estimateRequestTokens(req: LlmRequest): number {
  let n = estimateTokens(req.system);
  for (const m of req.messages)
    for (const b of m.content) {
      if (b.type === "text") n += estimateTokens(b.text);
      else if (b.type === "tool_use") n += estimateTokens(b.name) + estimateTokens(JSON.stringify(b.input));
      else n += estimateTokens(b.content);
    }
  for (const t of req.tools)
    n +=
      estimateTokens(t.name) + estimateTokens(t.description) + estimateTokens(JSON.stringify(t.inputSchema));
  return n;
}

/** The outcome of fitting one call into the day: the output cap to send, or why it is refused. */
export type DayFit =
  | { ok: true; maxOutputTokens: number }
  | { ok: false; reason: "no_budget" | "input" | "output"; left: number };

/**
 * Fits a call into the daily budget (all counts in tokens). `left` = cap − spent − estimate.
 * Refused when cap ≤ 0 ("no_budget": 0 = never call), when the estimate alone exceeds cap − spent
 * ("input"), or when `maxOut` does not fit and `left` < MIN_OUTPUT_TOKENS ("output"). Otherwise
 * the output cap is min(maxOut, left): clamped to what is left of the day.
 */
export function fitDailyBudget(cap: number, spent: number, estimate: number, maxOut: number): DayFit {
  const left = cap - spent - estimate;
  if (cap <= 0) return { ok: false, reason: "no_budget", left };
  if (estimate > cap - spent) return { ok: false, reason: "input", left };
  if (maxOut <= left) return { ok: true, maxOutputTokens: maxOut };
  if (left < MIN_OUTPUT_TOKENS) return { ok: false, reason: "output", left };
  return { ok: true, maxOutputTokens: left };
}

/**
 * The message of a "budget" refusal for a DayFit that is not ok (counts in tokens). `spent` is the
 * settled spend and `reserved` what calls in flight hold (reserve.ts); the fit was made on their sum.
 */
export function dayRefusalText(
  fit: Extract<DayFit, { ok: false }>,
  cap: number,
  spent: number,
  estimate: number,
  reserved = 0,
): string {
  const used = reserved > 0 ? `${spent} spent + ${reserved} reserved by calls in flight` : `${spent} spent`;
  const why =
    fit.reason === "no_budget"
      ? "the daily token budget is 0"
      : fit.reason === "input"
        ? `${used} + ~${estimate} in > ${cap}`
        : `${used} + ~${estimate} in leaves ${fit.left} of ${cap} for output, under the minimum of ${MIN_OUTPUT_TOKENS}`;
  return `daily token budget reached: ${why}`;
}
