/**
 * The OpenAI-compatible chat completions provider (`openai` 6.49 `chat.completions.create` against
 * any `/v1` base: Ollama, LM Studio, vLLM, OpenAI), `maxRetries: 0`. The SDK is imported lazily.
 */
import { uniqueSuffix } from "../../core/unique.js";
import { type LlmBlock, LlmError, type LlmProvider, type LlmRequest, type LlmResponse } from "../types.js";
import { count, fixStopReason, type ProviderSpec, parseToolArguments, usageOrEstimate } from "./common.js";
import { mapSdkError, type SdkErrorClasses } from "./http-errors.js";

type Json = Record<string, unknown>;

/** Sent when no key is configured (Ollama, LM Studio): the SDK refuses to build a client without one. */
export const NO_KEY_PLACEHOLDER = "memdir-no-key";
const DEFAULT_BASE = "https://api.openai.com/v1";

/**
 * The chat completions body for `req` (exported for tests). Tool results become `role: "tool"`
 * messages placed right after the assistant turn that called them (the protocol requires it); an
 * error result is prefixed "[tool error]" (the protocol has no error flag). `tools: []` sends no
 * `tools` field. api.openai.com gets `max_completion_tokens` (its reasoning models refuse
 * `max_tokens`); other servers get `max_tokens`, which Ollama, LM Studio and vLLM all read.
 */
export function toOpenAIBody(model: string, req: LlmRequest, baseUrl: string): Json {
  const messages: Json[] = [];
  if (req.system !== "") messages.push({ role: "system", content: req.system });
  for (const m of req.messages) {
    const text = m.content
      .filter((b): b is Extract<LlmBlock, { type: "text" }> => b.type === "text")
      .map((b) => b.text)
      .join("\n\n");
    if (m.role === "assistant") {
      const calls = m.content.flatMap((b) =>
        b.type === "tool_use"
          ? [{ id: b.id, type: "function", function: { name: b.name, arguments: JSON.stringify(b.input) } }]
          : [],
      );
      const msg: Json = { role: "assistant", content: text === "" ? null : text };
      if (calls.length > 0) msg.tool_calls = calls;
      messages.push(msg);
      continue;
    }
    for (const b of m.content)
      if (b.type === "tool_result")
        messages.push({
          role: "tool",
          tool_call_id: b.toolUseId,
          content: b.isError ? `[tool error] ${b.content}` : b.content,
        });
    if (text !== "" || !m.content.some((b) => b.type === "tool_result"))
      messages.push({ role: "user", content: text });
  }
  const body: Json = { model, messages };
  if (/^https?:\/\/api\.openai\.com(\/|$)/.test(baseUrl)) body.max_completion_tokens = req.maxOutputTokens;
  else body.max_tokens = req.maxOutputTokens;
  if (req.tools.length > 0)
    body.tools = req.tools.map((t) => ({
      type: "function",
      function: { name: t.name, description: t.description, parameters: t.inputSchema },
    }));
  return body;
}

const STOP: Record<string, LlmResponse["stopReason"]> = {
  stop: "end_turn",
  tool_calls: "tool_use",
  function_call: "tool_use",
  length: "max_tokens",
};

/**
 * Reads a chat completion. Tool-call arguments that are not a JSON object give `input: {}` plus
 * `inputError` (never a throw). Throws LlmError `bad_response` when there is no `choices[0].message`.
 */
export function fromOpenAIReply(raw: unknown, req: LlmRequest, fallbackModel: string): LlmResponse {
  const r = raw as Json | null;
  const choice = (r && typeof r === "object" && Array.isArray(r.choices) ? r.choices[0] : undefined) as
    | Json
    | undefined;
  const msg = choice?.message as Json | undefined;
  if (!msg || typeof msg !== "object")
    throw new LlmError(
      "bad_response",
      "openai-compatible",
      "openai-compatible: the reply has no choices[0].message",
    );
  const content: LlmBlock[] = [];
  if (typeof msg.content === "string" && msg.content !== "")
    content.push({ type: "text", text: msg.content });
  for (const call of Array.isArray(msg.tool_calls) ? (msg.tool_calls as Json[]) : []) {
    const fn = call?.function as Json | undefined;
    if (!fn || typeof fn.name !== "string") continue;
    const { input, inputError } = parseToolArguments(fn.arguments);
    const id = typeof call.id === "string" && call.id !== "" ? call.id : `call_${uniqueSuffix()}`;
    content.push({ type: "tool_use", id, name: fn.name, input, ...(inputError ? { inputError } : {}) });
  }
  const u = (r?.usage ?? {}) as Json;
  return {
    content,
    stopReason: fixStopReason(STOP[String(choice?.finish_reason)] ?? "other", content),
    usage: usageOrEstimate(
      { inputTokens: count(u.prompt_tokens) ?? 0, outputTokens: count(u.completion_tokens) ?? 0 },
      req,
      content,
    ),
    model: typeof r?.model === "string" && r.model ? r.model : fallbackModel,
  };
}

interface ChatClient {
  chat: {
    completions: { create(body: Json, opts: { signal?: AbortSignal; timeout: number }): Promise<unknown> };
  };
}

/**
 * An LlmProvider for an OpenAI-compatible server at `spec.baseUrl` (default api.openai.com/v1).
 * Without `spec.apiKey` a placeholder key is sent. Errors: see `mapSdkError`.
 */
export function openAICompatibleProvider(spec: ProviderSpec): LlmProvider {
  const baseUrl = spec.baseUrl ?? DEFAULT_BASE;
  const ctx = {
    provider: "openai-compatible" as const,
    apiKey: spec.apiKey,
    nowMs: spec.nowMs,
    timeoutMs: spec.timeoutMs,
  };
  let client: Promise<{ c: ChatClient; sdk: SdkErrorClasses }> | undefined;
  const load = async () => {
    const mod = await import("openai");
    // Every option explicit, so the SDK reads no OPENAI_* variable from the environment.
    const c = new mod.default({
      apiKey: spec.apiKey || NO_KEY_PLACEHOLDER,
      adminAPIKey: null,
      baseURL: baseUrl,
      organization: null,
      project: null,
      maxRetries: 0,
      timeout: spec.timeoutMs,
      logLevel: "off",
    }) as unknown as ChatClient;
    return { c, sdk: mod as unknown as SdkErrorClasses };
  };
  return {
    id: "openai-compatible",
    model: spec.model,
    async complete(req) {
      if (req.signal?.aborted)
        throw new LlmError("timeout", "openai-compatible", "openai-compatible: the call was aborted");
      client ??= load();
      const { c, sdk } = await client;
      let raw: unknown;
      try {
        raw = await c.chat.completions.create(toOpenAIBody(spec.model, req, baseUrl), {
          ...(req.signal ? { signal: req.signal } : {}),
          timeout: spec.timeoutMs,
        });
      } catch (e) {
        throw mapSdkError(e, { ...ctx, sdk });
      }
      return fromOpenAIReply(raw, req, spec.model);
    },
  };
}
