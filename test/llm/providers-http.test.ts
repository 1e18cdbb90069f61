/**
 * The HTTP providers' error table (issue 4), row by row against the scripted servers, plus what the
 * conformance suite cannot say for every provider: wire details of the request, OpenAI's malformed
 * tool arguments, the missing key, connection refused.
 */
import { inspect } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import {
  createProvider,
  NO_KEY_PLACEHOLDER,
  parseRetryAfter,
  toAnthropicBody,
  toOpenAIBody,
} from "../../src/llm/providers/index.js";
import type { LlmError, LlmRequest } from "../../src/llm/types.js";
import {
  type ScriptedReply,
  type ScriptedServer,
  startAnthropicServer,
  startOpenAIServer,
} from "../helpers/scripted-llm/index.js";

const KEY = "sk-proj-HTTPTEST0123456789abcdefghijSECRET";
const ask: LlmRequest = {
  system: "sys",
  messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
  tools: [],
  maxOutputTokens: 64,
};

async function failure(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (e) {
    return e as LlmError;
  }
  throw new Error("expected the call to fail");
}

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Row = [label: string, reply: ScriptedReply, kind: string, retryAfterMs?: number];
const DATE = "Wed, 21 Oct 2026 07:28:00 GMT";
const ROWS: Row[] = [
  [
    "429 Retry-After seconds",
    { error: { status: 429, message: "slow down" }, headers: { "retry-after": "7" } },
    "rate_limit",
    7000,
  ],
  [
    "429 retry-after-ms",
    { error: { status: 429, message: "slow down" }, headers: { "retry-after-ms": "1500" } },
    "rate_limit",
    1500,
  ],
  [
    "429 Retry-After HTTP date (against the Date header)",
    {
      error: { status: 429, message: "slow down" },
      headers: { date: DATE, "retry-after": "Wed, 21 Oct 2026 07:28:30 GMT" },
    },
    "rate_limit",
    30_000,
  ],
  ["429 without Retry-After", { error: { status: 429, message: "slow down" } }, "rate_limit", undefined],
  [
    "429 insufficient_quota (OpenAI)",
    {
      error: {
        status: 429,
        type: "insufficient_quota",
        code: "insufficient_quota",
        message: "You exceeded your current quota, please check your plan and billing details.",
      },
    },
    "quota",
  ],
  [
    "400 credit balance too low (Anthropic)",
    {
      error: {
        status: 400,
        type: "invalid_request_error",
        message: "Your credit balance is too low to access the Anthropic API. Please go to Plans & Billing.",
      },
    },
    "quota",
  ],
  [
    "403 usage limit",
    {
      error: {
        status: 403,
        type: "permission_error",
        message: "You have reached your specified API usage limits.",
      },
    },
    "quota",
  ],
  ["401", { error: { status: 401, type: "authentication_error", message: "invalid x-api-key" } }, "auth"],
  ["403", { error: { status: 403, type: "permission_error", message: "not allowed for this key" } }, "auth"],
  ["529", { error: { status: 529, type: "overloaded_error", message: "Overloaded" } }, "overloaded"],
  ["503", { error: { status: 503, message: "service unavailable" } }, "overloaded"],
  [
    "overloaded_error type on 500",
    { error: { status: 500, type: "overloaded_error", message: "Overloaded" } },
    "overloaded",
  ],
  [
    "400",
    { error: { status: 400, type: "invalid_request_error", message: "messages: field required" } },
    "bad_request",
  ],
  ["404", { error: { status: 404, type: "not_found_error", message: "model: nope" } }, "bad_request"],
  ["422", { error: { status: 422, message: "unprocessable" } }, "bad_request"],
  [
    "500 (a server fault, not a limit)",
    { error: { status: 500, type: "api_error", message: "Internal" } },
    "bad_response",
  ],
  ["200 of the wrong shape", { raw: { body: JSON.stringify({ ok: true }) } }, "bad_response"],
  ["200 HTML", { raw: { body: "<html>proxy login</html>", contentType: "text/html" } }, "bad_response"],
  ["200 broken JSON", { raw: { body: '{"id": "msg_1", "content": [' } }, "bad_response"],
];

const PROVIDERS = [
  ["anthropic", startAnthropicServer],
  ["openai-compatible", startOpenAIServer],
] as const;

describe.each(PROVIDERS)("%s error table", (id, start) => {
  it.each(ROWS)("%s", async (_label, reply, kind, retryAfterMs) => {
    server = await start();
    server.enqueue(reply);
    const p = createProvider({ provider: id, model: "m", baseUrl: server.url, apiKey: KEY, timeoutMs: 5000 });
    const e = await failure(p.complete(ask));
    expect(e.kind).toBe(kind);
    expect(e.retryAfterMs).toBe(retryAfterMs);
    if ("error" in reply) expect(e.status).toBe(reply.error.status);
    expect(server.requests.length).toBe(1);
  });

  it("redacts the key when the server echoes it", async () => {
    server = await start();
    server.enqueue({ error: { status: 401, message: `invalid key ${KEY} for org` } });
    const p = createProvider({ provider: id, model: "m", baseUrl: server.url, apiKey: KEY, timeoutMs: 5000 });
    const e = await failure(p.complete(ask));
    expect(e.kind).toBe("auth");
    expect(e.message).toContain("invalid key [redacted]");
    expect(inspect(e, { depth: 6 })).not.toContain(KEY);
  });

  it("maps connection refused to network", async () => {
    server = await start();
    const url = server.url;
    await server.close();
    server = undefined;
    const p = createProvider({ provider: id, model: "m", baseUrl: url, apiKey: KEY, timeoutMs: 5000 });
    const e = await failure(p.complete(ask));
    expect(e.kind).toBe("network");
    expect(e.message).toContain("ECONNREFUSED");
  });
});

describe("anthropic request", () => {
  it("maps system, messages, tool_use and tool_result (with is_error) to the Messages API", async () => {
    server = await startAnthropicServer();
    server.enqueue({ text: "ok", usage: { input: 1, output: 1 } });
    const p = createProvider({
      provider: "anthropic",
      model: "claude-x",
      baseUrl: server.url,
      apiKey: KEY,
      timeoutMs: 5000,
    });
    const tool = { name: "t", description: "d", inputSchema: { type: "object", properties: {} } };
    await p.complete({
      system: "be brief",
      tools: [tool],
      maxOutputTokens: 99,
      messages: [
        { role: "user", content: [{ type: "text", text: "go" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "t", input: { a: 1 } }] },
        {
          role: "user",
          content: [{ type: "tool_result", toolUseId: "toolu_1", content: "boom", isError: true }],
        },
      ],
    });
    const r = server.requests[0]!;
    expect(r.path).toBe("/v1/messages");
    expect(r.body).toEqual({
      model: "claude-x",
      max_tokens: 99,
      system: "be brief",
      tools: [{ name: "t", description: "d", input_schema: tool.inputSchema }],
      messages: [
        { role: "user", content: [{ type: "text", text: "go" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "t", input: { a: 1 } }] },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "boom", is_error: true }],
        },
      ],
    });
    expect(r.body).not.toHaveProperty("stream");
  });

  it("omits an empty system prompt and maps max_tokens / cache usage", async () => {
    expect(toAnthropicBody("m", { ...ask, system: "" })).not.toHaveProperty("system");
    server = await startAnthropicServer();
    server.enqueue({
      raw: {
        body: JSON.stringify({
          type: "message",
          model: "m2",
          content: [{ type: "text", text: "cut" }],
          stop_reason: "max_tokens",
          usage: {
            input_tokens: 5,
            cache_read_input_tokens: 100,
            cache_creation_input_tokens: 20,
            output_tokens: 64,
          },
        }),
      },
    });
    const p = createProvider({
      provider: "anthropic",
      model: "m",
      baseUrl: server.url,
      apiKey: KEY,
      timeoutMs: 5000,
    });
    const res = await p.complete(ask);
    expect(res.stopReason).toBe("max_tokens");
    expect(res.usage).toEqual({ inputTokens: 125, outputTokens: 64 });
  });

  it("fails with auth before sending anything when there is no key", async () => {
    server = await startAnthropicServer();
    const p = createProvider({ provider: "anthropic", model: "m", baseUrl: server.url, timeoutMs: 5000 });
    const e = await failure(p.complete(ask));
    expect(e.kind).toBe("auth");
    expect(server.requests.length).toBe(0);
  });
});

describe("openai-compatible request and reply", () => {
  it("puts tool results right after the calling assistant turn, flags errors, and maps tools", async () => {
    const body = toOpenAIBody(
      "qwen",
      {
        system: "sys",
        maxOutputTokens: 50,
        tools: [{ name: "t", description: "d", inputSchema: { type: "object" } }],
        messages: [
          { role: "user", content: [{ type: "text", text: "go" }] },
          {
            role: "assistant",
            content: [
              { type: "tool_use", id: "c1", name: "t", input: { a: 1 } },
              { type: "tool_use", id: "c2", name: "t", input: {} },
            ],
          },
          {
            role: "user",
            content: [
              { type: "tool_result", toolUseId: "c1", content: "one" },
              { type: "tool_result", toolUseId: "c2", content: "bad", isError: true },
            ],
          },
        ],
      },
      "http://127.0.0.1:11434/v1",
    );
    expect(body).toEqual({
      model: "qwen",
      max_tokens: 50,
      tools: [
        { type: "function", function: { name: "t", description: "d", parameters: { type: "object" } } },
      ],
      messages: [
        { role: "system", content: "sys" },
        { role: "user", content: "go" },
        {
          role: "assistant",
          content: null,
          tool_calls: [
            { id: "c1", type: "function", function: { name: "t", arguments: '{"a":1}' } },
            { id: "c2", type: "function", function: { name: "t", arguments: "{}" } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "one" },
        { role: "tool", tool_call_id: "c2", content: "[tool error] bad" },
      ],
    });
    expect(toOpenAIBody("gpt", ask, "https://api.openai.com/v1")).toMatchObject({
      max_completion_tokens: 64,
    });
    expect(toOpenAIBody("gpt", ask, "https://api.openai.com/v1")).not.toHaveProperty("max_tokens");
  });

  it.each([
    ["partial JSON", '{"name": "sty'],
    ["prose", "I will read the style file"],
    ["a JSON array", '["style.md"]'],
  ])("turns %s arguments into input {} plus inputError, without throwing", async (_l, raw) => {
    server = await startOpenAIServer();
    server.enqueue({
      toolCalls: [
        { name: "read_topic", rawArguments: raw },
        { name: "list_topics", input: {} },
      ],
    });
    const p = createProvider({
      provider: "openai-compatible",
      model: "m",
      baseUrl: server.url,
      timeoutMs: 5000,
    });
    const res = await p.complete({
      ...ask,
      tools: [{ name: "read_topic", description: "", inputSchema: {} }],
    });
    const [bad, good] = res.content;
    expect(bad).toMatchObject({ type: "tool_use", name: "read_topic", input: {} });
    expect(bad?.type === "tool_use" && bad.inputError).toMatch(/not (valid JSON|a JSON object)/);
    expect(good).toMatchObject({ type: "tool_use", name: "list_topics", input: {} });
    expect(good?.type === "tool_use" && good.inputError).toBeFalsy();
  });

  it("sends a placeholder key when none is configured (Ollama)", async () => {
    server = await startOpenAIServer();
    server.enqueue({ text: "hi", usage: { input: 1, output: 1 } });
    const p = createProvider({
      provider: "openai-compatible",
      model: "llama",
      baseUrl: server.url,
      timeoutMs: 5000,
    });
    await p.complete(ask);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${NO_KEY_PLACEHOLDER}`);
  });

  it("treats tool calls under finish_reason stop as tool_use (local servers)", async () => {
    server = await startOpenAIServer();
    server.enqueue({ toolCalls: [{ name: "list_topics", input: {} }], stop: "stop" });
    const p = createProvider({
      provider: "openai-compatible",
      model: "m",
      baseUrl: server.url,
      timeoutMs: 5000,
    });
    expect(
      (await p.complete({ ...ask, tools: [{ name: "list_topics", description: "", inputSchema: {} }] }))
        .stopReason,
    ).toBe("tool_use");
  });
});

describe("parseRetryAfter", () => {
  const h = (o: Record<string, string>) => new Headers(o);
  it("reads seconds, milliseconds and HTTP dates", () => {
    expect(parseRetryAfter(h({ "retry-after": "2" }))).toBe(2000);
    expect(parseRetryAfter(h({ "retry-after": "0.5" }))).toBe(500);
    expect(parseRetryAfter(h({ "retry-after-ms": "250", "retry-after": "9" }))).toBe(250);
    const at = "Wed, 21 Oct 2026 07:28:10 GMT";
    expect(parseRetryAfter(h({ "retry-after": at, date: DATE }))).toBe(10_000);
    // No Date header: measured against the injected clock; without one, unknown.
    expect(parseRetryAfter(h({ "retry-after": at }), () => Date.parse(DATE) + 4000)).toBe(6000);
    expect(parseRetryAfter(h({ "retry-after": at }))).toBeUndefined();
    expect(parseRetryAfter(h({ "retry-after": at, date: "Wed, 21 Oct 2026 07:29:00 GMT" }))).toBe(0);
    expect(parseRetryAfter(h({ "retry-after": "soon" }))).toBeUndefined();
    expect(parseRetryAfter(h({}))).toBeUndefined();
  });
});
