/**
 * The provider conformance suite: the same cases over all four providers, against real wire-protocol
 * servers (node:http), a real stand-in `claude` process, and a scripted offline responder.
 */
import { inspect } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type LlmError, type LlmRequest, PROVIDER_IDS, type ProviderId } from "../../src/llm/types.js";
import {
  type Harness,
  type ScriptedFailure,
  startHarness,
  TEST_API_KEY,
} from "../helpers/scripted-llm/harness.js";
import { tempDir } from "../helpers/tmp.js";

const TOOLS = [
  {
    name: "read_topic",
    description: "Read one memory topic file",
    inputSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
  },
  {
    name: "list_topics",
    description: "List the memory topic files",
    inputSchema: { type: "object", properties: {} },
  },
];

const ask = (text: string, extra: Partial<LlmRequest> = {}): LlmRequest => ({
  system: "You keep notes.",
  messages: [{ role: "user", content: [{ type: "text", text }] }],
  tools: [],
  maxOutputTokens: 256,
  ...extra,
});

async function failure(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (e) {
    return e as LlmError;
  }
  throw new Error("expected the call to fail");
}

const EXPECTED: Record<ScriptedFailure, string> = {
  rate_limit: "rate_limit",
  auth: "auth",
  quota: "quota",
  overloaded: "overloaded",
  bad_request: "bad_request",
  malformed: "bad_response",
};

describe.each(PROVIDER_IDS.map((id) => [id]))("provider %s", (id: ProviderId) => {
  let h: Harness;
  beforeEach(async () => {
    const home = tempDir("memdir-home-");
    h = await startHarness(id, tempDir("memdir-llm-"), { PATH: process.env.PATH, HOME: home });
  });
  afterEach(async () => {
    await h.close();
  });

  it("returns a plain text reply with stop reason, usage and model", async () => {
    h.text("Noted: tabs, not spaces.", { input: 17, output: 6 }, { model: "model-that-answered" });
    const res = await h.provider().complete(ask("remember: tabs"));
    expect(res.content).toEqual([{ type: "text", text: "Noted: tabs, not spaces." }]);
    expect(res.stopReason).toBe("end_turn");
    expect(res.usage).toEqual({ inputTokens: 17, outputTokens: 6 });
    expect(res.model).toBe("model-that-answered");
    expect(h.requestCount()).toBe(1);
  });

  it("estimates usage the provider does not report", async () => {
    h.text("A reply of some length to count.", { input: 0, output: 0 });
    const res = await h.provider().complete(ask("a question with several words in it"));
    expect(res.usage.inputTokens).toBeGreaterThan(0);
    expect(res.usage.outputTokens).toBeGreaterThan(0);
  });

  it("round-trips a tool call: tool_use parsed, tool_result sent back in the wire format", async () => {
    const p = h.provider();
    h.toolCalls([{ name: "read_topic", input: { name: "style.md" } }], { input: 40, output: 9 });
    const first = await p.complete(ask("what is our style?", { tools: TOOLS }));
    expect(first.stopReason).toBe("tool_use");
    const use = first.content.find((b) => b.type === "tool_use");
    if (use?.type !== "tool_use") throw new Error("no tool_use block");
    expect(use.name).toBe("read_topic");
    expect(use.input).toEqual({ name: "style.md" });
    expect(use.id).toMatch(/\S/);
    expect(use.inputError).toBeUndefined();
    expect(h.toolDefs(0)).toEqual(["read_topic", "list_topics"]);

    h.text("Tabs.", { input: 60, output: 2 });
    const second = await p.complete(
      ask("what is our style?", {
        tools: TOOLS,
        messages: [
          { role: "user", content: [{ type: "text", text: "what is our style?" }] },
          { role: "assistant", content: first.content },
          {
            role: "user",
            content: [{ type: "tool_result", toolUseId: use.id, content: "Use tabs (team rule)." }],
          },
        ],
      }),
    );
    expect(second.content).toEqual([{ type: "text", text: "Tabs." }]);
    expect(h.toolResult(1, use.id)).toBe("Use tabs (team rule).");
  });

  it("parses two tool calls in one reply, in order, with distinct ids", async () => {
    h.toolCalls([
      { name: "list_topics", input: {} },
      { name: "read_topic", input: { name: "a.md" } },
    ]);
    const res = await h.provider().complete(ask("look around", { tools: TOOLS }));
    const uses = res.content.filter((b) => b.type === "tool_use");
    expect(uses.map((b) => (b.type === "tool_use" ? [b.name, b.input] : null))).toEqual([
      ["list_topics", {}],
      ["read_topic", { name: "a.md" }],
    ]);
    const ids = uses.map((b) => (b.type === "tool_use" ? b.id : ""));
    expect(new Set(ids).size).toBe(2);
    expect(res.stopReason).toBe("tool_use");
  });

  it("sends no tool definitions when the request has no tools", async () => {
    h.text("ok", { input: 3, output: 1 });
    await h.provider().complete(ask("no tools here"));
    expect(h.toolDefs(0)).toBeNull();
  });

  describe("error kinds (exactly one request per failed call)", () => {
    it.each(Object.keys(EXPECTED) as ScriptedFailure[])("%s", async (f) => {
      // offline: the rule engine has no HTTP status, login or quota; only "malformed" applies.
      if (!h.scriptError(f)) return;
      const e = await failure(h.provider().complete(ask("hi")));
      expect(e.name).toBe("LlmError");
      expect(e.kind).toBe(EXPECTED[f]);
      expect(e.provider).toBe(id);
      expect(h.requestCount()).toBe(1);
      if (f === "rate_limit" && id !== "claude-cli") expect(e.retryAfterMs).toBe(7000);
      // claude -p reports no Retry-After: its rate-limit text carries no wait.
      expect(inspect(e, { depth: 6 })).not.toContain(TEST_API_KEY);
    });
  });

  it("times out on a reply slower than timeoutMs", async () => {
    // offline: the provider takes no timeoutMs (the rule engine is synchronous); the signal case covers it.
    if (id === "offline") return;
    // The stand-in claude is a Node process: give it time to start and record the call first.
    const timeoutMs = id === "claude-cli" ? 1500 : 300;
    h.text("too late", { input: 1, output: 1 }, { delayMs: 8000 });
    const t0 = performance.now();
    const e = await failure(h.provider({ timeoutMs }).complete(ask("hi")));
    expect(e.kind).toBe("timeout");
    expect(performance.now() - t0).toBeLessThan(timeoutMs + 4000);
    expect(h.requestCount()).toBe(1);
  });

  it("stops when the AbortSignal fires", async () => {
    h.text("too late", { input: 1, output: 1 }, { delayMs: 8000 });
    const ac = new AbortController();
    const call = failure(h.provider().complete(ask("hi", { signal: ac.signal })));
    for (let i = 0; i < 500 && h.requestCount() === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const t0 = performance.now();
    ac.abort();
    const e = await call;
    expect(e.kind).toBe("timeout");
    expect(performance.now() - t0).toBeLessThan(4000);
    expect(h.requestCount()).toBe(1);
  });

  it("sends the API key but never shows it in an error", async () => {
    h.text("ok", { input: 1, output: 1 });
    await h.provider().complete(ask("hi"));
    const sent = h.sentKey(0);
    // claude-cli and offline send no key (the user's login / no network): nothing to check but the errors.
    if (sent !== null) expect(sent).toBe(TEST_API_KEY);
    for (const f of ["auth", "bad_request", "rate_limit"] as const) {
      if (!h.scriptError(f)) continue;
      const e = await failure(h.provider().complete(ask("hi")));
      expect(`${e.message} ${inspect(e, { depth: 6 })}`).not.toContain(TEST_API_KEY);
    }
  });
});
