/**
 * One test harness per provider, so the conformance suite runs the same cases over all four: each
 * scripts replies in a protocol-neutral form and reads back, from what was really sent (HTTP request
 * bodies, the stand-in claude's argv/stdin, the offline responder's argument), the tool definitions
 * and the tool results of request `i`.
 */
import { createProvider } from "../../../src/llm/providers/index.js";
import type { LlmProvider, LlmRequest, LlmResponse, ProviderId } from "../../../src/llm/types.js";
import { startAnthropicServer } from "./anthropic.js";
import { type FakeClaude, type FakeClaudeReply, installFakeClaude } from "./fake-claude.js";
import type { ScriptedReply, ScriptedServer, ScriptedToolCall } from "./http.js";
import { startOpenAIServer } from "./openai.js";

export const TEST_API_KEY = "sk-ant-api03-CONFORMANCE0123456789abcdefSECRET";

/** Failures a harness can script; `null` from `scriptError` = the protocol cannot express it. */
export type ScriptedFailure = "rate_limit" | "auth" | "quota" | "overloaded" | "bad_request" | "malformed";

export interface Harness {
  id: ProviderId;
  provider(opts?: { timeoutMs?: number }): LlmProvider;
  text(
    text: string,
    usage: { input: number; output: number },
    opts?: { delayMs?: number; model?: string },
  ): void;
  toolCalls(calls: ScriptedToolCall[], usage?: { input: number; output: number }): void;
  /** Scripts a failure; returns false when the protocol cannot express it. */
  scriptError(f: ScriptedFailure): boolean;
  requestCount(): number;
  /** Tool names offered in request `i`, or null when it carried no tool definitions at all. */
  toolDefs(i: number): string[] | null;
  /** The tool result for `toolUseId` as request `i` carried it (content text), or undefined. */
  toolResult(i: number, toolUseId: string): string | undefined;
  /** The credential as request `i` carried it (header value), or null when the protocol has none. */
  sentKey(i: number): string | null;
  close(): Promise<void>;
}

type Body = { messages?: Record<string, unknown>[]; tools?: Record<string, unknown>[] };

const errorRows: Record<ScriptedFailure, ScriptedReply> = {
  rate_limit: {
    error: { status: 429, message: "Number of requests has exceeded your rate limit" },
    headers: { "retry-after": "7" },
  },
  auth: { error: { status: 401, message: "invalid x-api-key" } },
  quota: {
    error: {
      status: 400,
      message: "Your credit balance is too low to access the Anthropic API.",
      code: "insufficient_quota",
    },
  },
  overloaded: { error: { status: 529, type: "overloaded_error", message: "Overloaded" } },
  bad_request: { error: { status: 400, message: "max_tokens: field required" } },
  malformed: { raw: { body: JSON.stringify({ hello: "not a completion" }) } },
};

async function httpHarness(id: "anthropic" | "openai-compatible"): Promise<Harness> {
  const server: ScriptedServer =
    id === "anthropic" ? await startAnthropicServer() : await startOpenAIServer();
  const body = (i: number) => server.requests[i]?.body as Body;
  return {
    id,
    provider: (o) =>
      createProvider({
        provider: id,
        model: "m-1",
        baseUrl: server.url,
        apiKey: TEST_API_KEY,
        timeoutMs: o?.timeoutMs ?? 10_000,
      }),
    text: (text, usage, o) => server.enqueue({ text, usage, ...o }),
    toolCalls: (calls, usage) => server.enqueue({ toolCalls: calls, ...(usage ? { usage } : {}) }),
    scriptError(f) {
      server.enqueue(errorRows[f]);
      return true;
    },
    requestCount: () => server.requests.length,
    toolDefs(i) {
      const tools = body(i)?.tools;
      if (tools === undefined) return null;
      return tools.map((t) => String(id === "anthropic" ? t.name : (t.function as { name: string }).name));
    },
    toolResult(i, toolUseId) {
      for (const m of body(i)?.messages ?? []) {
        if (id === "openai-compatible" && m.role === "tool" && m.tool_call_id === toolUseId)
          return String(m.content);
        if (id === "anthropic" && Array.isArray(m.content))
          for (const b of m.content as Record<string, unknown>[])
            if (b.type === "tool_result" && b.tool_use_id === toolUseId) return String(b.content);
      }
      return undefined;
    },
    sentKey(i) {
      const h = server.requests[i]?.headers ?? {};
      return h["x-api-key"] ?? h.authorization?.replace(/^Bearer /, "") ?? "";
    },
    close: () => server.close(),
  };
}

function cliHarness(dir: string, env: Record<string, string | undefined>): Harness {
  const fake: FakeClaude = installFakeClaude(dir);
  const call = (i: number) => fake.calls()[i];
  const cliErrors: Record<ScriptedFailure, FakeClaudeReply> = {
    rate_limit: {
      isError: true,
      result: 'API Error: 429 {"type":"error","error":{"type":"rate_limit_error","message":"rate limited"}}',
    },
    auth: { isError: true, result: "Invalid API key · Please run /login" },
    quota: { isError: true, result: "Credit balance is too low" },
    overloaded: {
      isError: true,
      result: 'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    },
    bad_request: {
      isError: true,
      result:
        'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"bad model"}}',
    },
    malformed: { stdout: "this is not JSON\n" },
  };
  return {
    id: "claude-cli",
    provider: (o) =>
      createProvider({
        provider: "claude-cli",
        model: "m-1",
        env: fake.env(env),
        timeoutMs: o?.timeoutMs ?? 10_000,
      }),
    text: (text, usage, o) =>
      fake.enqueue({ result: text, usage: { input_tokens: usage.input, output_tokens: usage.output }, ...o }),
    toolCalls: (calls, usage) =>
      fake.enqueue({
        result: JSON.stringify({ tool_calls: calls.map((c) => ({ name: c.name, input: c.input ?? {} })) }),
        ...(usage ? { usage: { input_tokens: usage.input, output_tokens: usage.output } } : {}),
      }),
    scriptError(f) {
      fake.enqueue(cliErrors[f]);
      return true;
    },
    requestCount: () => fake.calls().length,
    toolDefs(i) {
      const c = call(i);
      if (!c) return null;
      const system = c.argv[c.argv.indexOf("--system-prompt") + 1] ?? "";
      if (!system.includes('"tool_calls"')) return null;
      return [...system.matchAll(/^### (\S+)$/gm)].map((m) => m[1]!);
    },
    toolResult(i, toolUseId) {
      const stdin = call(i)?.stdin ?? "";
      const at = stdin.indexOf(` call ${toolUseId}]\n`);
      if (at < 0) return undefined;
      const rest = stdin.slice(at + ` call ${toolUseId}]\n`.length);
      return rest.split(/\n\n(?:###|\[)/)[0]!.replace(/\n+$/, "");
    },
    sentKey: () => null, // claude -p uses the user's own login: memdir passes no key
    close: async () => {},
  };
}

function offlineHarness(): Harness {
  const queue: ((req: LlmRequest, n: number) => LlmResponse | Promise<LlmResponse>)[] = [];
  const seen: LlmRequest[] = [];
  const responder = (req: LlmRequest) => {
    seen.push(req);
    const next = queue.shift();
    if (!next) throw new Error("offline harness: no reply queued");
    return next(req, seen.length);
  };
  return {
    id: "offline",
    provider: () =>
      createProvider({ provider: "offline", model: "rules", timeoutMs: 10_000, offline: responder }),
    text: (text, usage, o) =>
      queue.push(async () => {
        if (o?.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
        return {
          content: [{ type: "text", text }],
          stopReason: "end_turn",
          usage: { inputTokens: usage.input, outputTokens: usage.output },
          model: o?.model ?? "rules",
        };
      }),
    toolCalls: (calls, usage) =>
      queue.push((_req, n) => ({
        content: calls.map((c, i) => ({
          type: "tool_use",
          id: c.id ?? `off_${n}_${i}`,
          name: c.name,
          input: c.input ?? {},
        })),
        stopReason: "tool_use",
        usage: { inputTokens: usage?.input ?? 0, outputTokens: usage?.output ?? 0 },
        model: "rules",
      })),
    scriptError(f) {
      // The rule engine has no HTTP status, login or quota: only a broken reply can happen offline.
      if (f !== "malformed") return false;
      queue.push(() => ({ nonsense: true }) as unknown as LlmResponse);
      return true;
    },
    requestCount: () => seen.length,
    toolDefs: (i) => (seen[i] && seen[i].tools.length > 0 ? seen[i].tools.map((t) => t.name) : null),
    toolResult(i, toolUseId) {
      for (const m of seen[i]?.messages ?? [])
        for (const b of m.content)
          if (b.type === "tool_result" && b.toolUseId === toolUseId) return b.content;
      return undefined;
    },
    sentKey: () => null, // no network, no key
    close: async () => {},
  };
}

/** The harness for `id`; claude-cli writes its stand-in into `dir` and runs it with `env` (PATH, HOME). */
export async function startHarness(
  id: ProviderId,
  dir: string,
  env: Record<string, string | undefined>,
): Promise<Harness> {
  if (id === "anthropic" || id === "openai-compatible") return httpHarness(id);
  if (id === "claude-cli") return cliHarness(dir, env);
  return offlineHarness();
}
