/**
 * The Anthropic Messages API provider (`@anthropic-ai/sdk` 1.14 `messages.create`, no streaming,
 * `maxRetries: 0`: the guard decides on retries). The SDK is imported lazily on the first call, so
 * importing llm/ costs nothing.
 */
import { type LlmBlock, LlmError, type LlmProvider, type LlmRequest, type LlmResponse } from "../types.js";
import { count, fixStopReason, type ProviderSpec, parseToolArguments, usageOrEstimate } from "./common.js";
import { mapSdkError, type SdkErrorClasses } from "./http-errors.js";

type Json = Record<string, unknown>;

/**
 * The Messages API body for `req` (exported for tests). `tools: []` sends no `tools` field, so a call
 * without tools cannot reach any tool.
 */
export function toAnthropicBody(model: string, req: LlmRequest): Json {
  const body: Json = {
    model,
    max_tokens: req.maxOutputTokens,
    messages: req.messages.map((m) => ({ role: m.role, content: m.content.map(toWireBlock) })),
  };
  if (req.system !== "") body.system = req.system;
  if (req.tools.length > 0)
    body.tools = req.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: t.inputSchema,
    }));
  return body;
}

function toWireBlock(b: LlmBlock): Json {
  if (b.type === "text") return { type: "text", text: b.text };
  if (b.type === "tool_use") return { type: "tool_use", id: b.id, name: b.name, input: b.input };
  const r: Json = { type: "tool_result", tool_use_id: b.toolUseId, content: b.content };
  if (b.isError) r.is_error = true;
  return r;
}

const STOP: Record<string, LlmResponse["stopReason"]> = {
  end_turn: "end_turn",
  stop_sequence: "end_turn",
  tool_use: "tool_use",
  max_tokens: "max_tokens",
};

/**
 * Reads a Messages API reply. Throws LlmError `bad_response` when it is not a message object with a
 * `content` array (a proxy's HTML page, a JSON error with status 200, …).
 */
export function fromAnthropicReply(raw: unknown, req: LlmRequest, fallbackModel: string): LlmResponse {
  const msg = raw as Json | null;
  if (!msg || typeof msg !== "object" || !Array.isArray(msg.content))
    throw new LlmError("bad_response", "anthropic", "anthropic: the reply is not a Messages API message");
  const content: LlmBlock[] = [];
  for (const b of msg.content as Json[]) {
    if (b?.type === "text" && typeof b.text === "string") content.push({ type: "text", text: b.text });
    else if (b?.type === "tool_use" && typeof b.id === "string" && typeof b.name === "string") {
      const { input, inputError } = parseToolArguments(b.input);
      content.push({
        type: "tool_use",
        id: b.id,
        name: b.name,
        input,
        ...(inputError ? { inputError } : {}),
      });
    }
    // thinking / redacted_thinking / server-tool blocks carry nothing the caller uses.
  }
  const u = (msg.usage ?? {}) as Json;
  const inputTokens =
    (count(u.input_tokens) ?? 0) +
    (count(u.cache_creation_input_tokens) ?? 0) +
    (count(u.cache_read_input_tokens) ?? 0);
  return {
    content,
    stopReason: fixStopReason(STOP[String(msg.stop_reason)] ?? "other", content),
    usage: usageOrEstimate({ inputTokens, outputTokens: count(u.output_tokens) ?? 0 }, req, content),
    model: typeof msg.model === "string" && msg.model ? msg.model : fallbackModel,
  };
}

interface MessagesClient {
  messages: {
    create(body: Json, opts: { signal?: AbortSignal; timeout: number }): Promise<unknown>;
  };
}

/**
 * An LlmProvider for the Anthropic Messages API. A missing `spec.apiKey` fails every call with
 * LlmError `auth` before anything is sent. Errors: see `mapSdkError`.
 */
export function anthropicProvider(spec: ProviderSpec): LlmProvider {
  let client: Promise<{ c: MessagesClient; sdk: SdkErrorClasses }> | undefined;
  const ctx = {
    provider: "anthropic" as const,
    apiKey: spec.apiKey,
    nowMs: spec.nowMs,
    timeoutMs: spec.timeoutMs,
  };
  const load = async () => {
    const mod = await import("@anthropic-ai/sdk");
    const c = new mod.default({
      apiKey: spec.apiKey,
      // Explicit, so the SDK never falls back to ANTHROPIC_BASE_URL from the environment.
      baseURL: spec.baseUrl ?? "https://api.anthropic.com",
      maxRetries: 0,
      timeout: spec.timeoutMs,
      logLevel: "off",
    }) as unknown as MessagesClient;
    return { c, sdk: mod as unknown as SdkErrorClasses };
  };
  return {
    id: "anthropic",
    model: spec.model,
    async complete(req) {
      if (!spec.apiKey)
        throw new LlmError(
          "auth",
          "anthropic",
          "anthropic: no API key (set ANTHROPIC_API_KEY or llm.apiKeyEnv)",
        );
      if (req.signal?.aborted) throw new LlmError("timeout", "anthropic", "anthropic: the call was aborted");
      client ??= load();
      const { c, sdk } = await client;
      let raw: unknown;
      try {
        raw = await c.messages.create(toAnthropicBody(spec.model, req), {
          ...(req.signal ? { signal: req.signal } : {}),
          timeout: spec.timeoutMs,
        });
      } catch (e) {
        throw mapSdkError(e, { ...ctx, sdk });
      }
      return fromAnthropicReply(raw, req, spec.model);
    },
  };
}
