/**
 * The provider interface of the LLM layer (DESIGN.md §5 L3: `llm/` imports only `core/`; it knows
 * nothing about memory, tools are injected). One interface, four providers (anthropic,
 * openai-compatible, claude-cli, offline), one conformance suite (test/llm/conformance.test.ts).
 */

/** Provider ids as written in config (`llm.provider`) and in `MEMDIR_LLM=<provider>:<model>`. */
export const PROVIDER_IDS = ["offline", "anthropic", "openai-compatible", "claude-cli"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** A content block. Requests carry all three kinds; responses carry `text` and `tool_use` only. */
export type LlmBlock =
  | { type: "text"; text: string }
  | {
      type: "tool_use";
      /** Provider-assigned id, echoed by the matching `tool_result`. */
      id: string;
      name: string;
      /** The parsed input object ({} when the model's arguments were not a JSON object). */
      input: Record<string, unknown>;
      /** Set when the model's raw arguments could not be parsed as a JSON object (partial JSON, prose). */
      inputError?: string;
    }
  | { type: "tool_result"; toolUseId: string; content: string; isError?: boolean };

export interface LlmMessage {
  role: "user" | "assistant";
  content: LlmBlock[];
}

/** A tool offered to the model. `inputSchema` is a JSON Schema object (type "object"). */
export interface LlmTool {
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

export interface LlmRequest {
  system: string;
  messages: LlmMessage[];
  /** Tools the model may call; [] = none (the request then carries no tool definitions at all). */
  tools: LlmTool[];
  /** Cap on generated tokens for this call. */
  maxOutputTokens: number;
  /** Aborts the call (timeout, kill); the provider then throws LlmError "timeout". */
  signal?: AbortSignal;
}

/** Token counts as the provider reports them (estimated with core/tokens when it reports none). */
export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface LlmResponse {
  /** Text and tool_use blocks, in the model's order. */
  content: LlmBlock[];
  stopReason: "end_turn" | "tool_use" | "max_tokens" | "other";
  usage: LlmUsage;
  /** The model that answered (as the provider reports it). */
  model: string;
}

export interface LlmProvider {
  readonly id: ProviderId;
  readonly model: string;
  /**
   * One model call. Never retries on its own (the guard and the breaker decide).
   * @throws LlmError with a `kind` for every failure (HTTP status, process exit, unparseable reply).
   */
  complete(req: LlmRequest): Promise<LlmResponse>;
}

/**
 * Failure kinds. `rate_limit` (HTTP 429), `quota` (credit/usage limit reached), `auth` (401/403, missing
 * key) and `overloaded` (529/503) trip the circuit breaker; `budget` and `breaker_open` are raised by
 * the guard before any request is sent.
 */
export type LlmErrorKind =
  | "rate_limit"
  | "quota"
  | "auth"
  | "overloaded"
  | "timeout"
  | "network"
  | "bad_request"
  | "bad_response"
  | "budget"
  | "breaker_open";

/** Kinds that open the circuit breaker (never keep calling into a limit). */
export const BREAKER_KINDS: ReadonlySet<LlmErrorKind> = new Set([
  "rate_limit",
  "quota",
  "auth",
  "overloaded",
]);

export class LlmError extends Error {
  readonly kind: LlmErrorKind;
  readonly provider: ProviderId | "guard";
  /** HTTP status or process exit code, when there was one. */
  readonly status?: number;
  /** Server-requested wait (Retry-After), ms. */
  readonly retryAfterMs?: number;

  constructor(
    kind: LlmErrorKind,
    provider: ProviderId | "guard",
    message: string,
    extra: { status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = "LlmError";
    this.kind = kind;
    this.provider = provider;
    if (extra.status !== undefined) this.status = extra.status;
    if (extra.retryAfterMs !== undefined) this.retryAfterMs = extra.retryAfterMs;
  }
}

export const isLlmError = (e: unknown, kind?: LlmErrorKind): e is LlmError =>
  e instanceof LlmError && (kind === undefined || e.kind === kind);
