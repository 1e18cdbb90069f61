/** Helpers shared by the providers: usage estimates, tool-argument parsing, the provider spec. */
import { estimateTokens } from "../../core/tokens.js";
import type { LlmBlock, LlmRequest, LlmResponse, LlmUsage, ProviderId } from "../types.js";

/** A function that answers a request without a model (the rule engine in jobs/ injects one). */
export type OfflineResponder = (req: LlmRequest) => LlmResponse | Promise<LlmResponse>;

/** What `createProvider` needs. The app fills it from config + environment (llm/ reads no env itself). */
export interface ProviderSpec {
  provider: ProviderId;
  model: string;
  /** anthropic: the API origin (`https://api.anthropic.com` when absent); openai-compatible: the `/v1` base. */
  baseUrl?: string;
  /** The API key (never written into any error message or log). */
  apiKey?: string;
  /** claude-cli: the `claude` executable (default "claude", looked up on `env.PATH`). */
  claudePath?: string;
  /** claude-cli: the child's environment base (`MEMDIR_JOB=1` is added). */
  env?: Record<string, string | undefined>;
  /** Per-call time limit, ms. */
  timeoutMs: number;
  /** offline: the responder. */
  offline?: OfflineResponder;
  /** The clock, for Retry-After dates on responses without a Date header (optional). */
  nowMs?: () => number;
}

function blockText(b: LlmBlock): string {
  if (b.type === "text") return b.text;
  if (b.type === "tool_use") return `${b.name} ${JSON.stringify(b.input)}`;
  return b.content;
}

/** Estimated input tokens of a request (system, messages, tool definitions) with core/tokens. */
export function estimateInputTokens(req: LlmRequest): number {
  let n = estimateTokens(req.system);
  for (const m of req.messages) for (const b of m.content) n += estimateTokens(blockText(b));
  for (const t of req.tools)
    n += estimateTokens(`${t.name} ${t.description} ${JSON.stringify(t.inputSchema)}`);
  return n;
}

/**
 * `reported` when the provider gave non-zero counts, else estimates from the request and the reply
 * (core/tokens; a provider that reports nothing must not look free to the budget).
 */
export function usageOrEstimate(
  reported: Partial<LlmUsage> | undefined,
  req: LlmRequest,
  content: LlmBlock[],
): LlmUsage {
  const inRep = reported?.inputTokens ?? 0;
  const outRep = reported?.outputTokens ?? 0;
  if (inRep > 0 || outRep > 0) return { inputTokens: Math.max(0, inRep), outputTokens: Math.max(0, outRep) };
  let out = 0;
  for (const b of content) out += estimateTokens(blockText(b));
  return { inputTokens: estimateInputTokens(req), outputTokens: out };
}

/** A finite non-negative number, else undefined. */
export function count(v: unknown): number | undefined {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined;
}

/**
 * Parses a tool call's raw arguments. A JSON object → `{input}`; anything else (partial JSON, prose,
 * an array) → `{input: {}, inputError}` (never throws: the agent loop reports it back to the model).
 */
export function parseToolArguments(raw: unknown): { input: Record<string, unknown>; inputError?: string } {
  if (raw && typeof raw === "object" && !Array.isArray(raw)) return { input: raw as Record<string, unknown> };
  if (typeof raw !== "string")
    return { input: {}, inputError: `arguments are ${typeof raw}, not a JSON object` };
  if (raw.trim() === "") return { input: {} };
  try {
    const v = JSON.parse(raw) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) return { input: v as Record<string, unknown> };
    return { input: {}, inputError: `arguments are not a JSON object: ${raw.slice(0, 200)}` };
  } catch (e) {
    return {
      input: {},
      inputError: `arguments are not valid JSON (${(e as Error).message}): ${raw.slice(0, 200)}`,
    };
  }
}

/** `tool_use` when the reply holds a tool call (some local servers say "stop" anyway), else `stop`. */
export function fixStopReason(
  stop: LlmResponse["stopReason"],
  content: LlmBlock[],
): LlmResponse["stopReason"] {
  if (stop !== "max_tokens" && content.some((b) => b.type === "tool_use")) return "tool_use";
  return stop;
}
