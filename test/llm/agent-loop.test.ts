/**
 * The agent loop against scripted providers (objects implementing LlmProvider that return scripted
 * responses; the real providers have their own conformance suite).
 */
import { describe, expect, it } from "vitest";
import { codePointLength } from "../../src/core/text.js";
import { type AgentTool, type FinalCheck, runAgentLoop } from "../../src/llm/agent/index.js";
import {
  type LlmBlock,
  LlmError,
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
} from "../../src/llm/types.js";

type Step = LlmResponse | Error | ((req: LlmRequest) => LlmResponse);

function scripted(steps: Step[]): { provider: LlmProvider; requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  const provider: LlmProvider = {
    id: "offline",
    model: "scripted",
    async complete(req) {
      const { signal: _signal, ...rest } = req;
      requests.push(structuredClone(rest)); // throws if a tool's `run` function were sent
      const step = steps.shift();
      if (step === undefined) throw new Error("script exhausted");
      if (step instanceof Error) throw step;
      return typeof step === "function" ? step(req) : step;
    },
  };
  return { provider, requests };
}

const reply = (content: LlmBlock[], inputTokens = 100, outputTokens = 20): LlmResponse => ({
  content,
  stopReason: content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn",
  usage: { inputTokens, outputTokens },
  model: "scripted",
});
const say = (text: string): LlmResponse => reply([{ type: "text", text }]);
let ids = 0;
const use = (name: string, input: Record<string, unknown> = {}, inputError?: string): LlmBlock => ({
  type: "tool_use",
  id: `tu_${++ids}`,
  name,
  input,
  ...(inputError !== undefined ? { inputError } : {}),
});

const jsonCheck: FinalCheck<{ saved: number }> = (text) => {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the reply is not JSON" };
  }
  const saved = (v as { saved?: unknown }).saved;
  return typeof saved === "number"
    ? { ok: true, value: { saved } }
    : { ok: false, reason: '"saved" must be a number' };
};

function recorder(): { tool: AgentTool; calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  const tool: AgentTool = {
    name: "save_memory",
    description: "Save one memory",
    inputSchema: { type: "object", properties: { title: { type: "string" } }, required: ["title"] },
    run(input) {
      calls.push(input);
      if (typeof input.title !== "string") return { content: '"title" is required', invalidInput: true };
      return { content: `saved ${input.title}` };
    },
  };
  return { tool, calls };
}

const base = { system: "You extract memories.", prompt: "Here is the session.", maxOutputTokens: 500 };
const toolResults = (m: { content: LlmBlock[] } | undefined) =>
  (m?.content ?? []).filter((b): b is Extract<LlmBlock, { type: "tool_result" }> => b.type === "tool_result");

describe("runAgentLoop", () => {
  it("runs tool_use blocks in order, returns their results in one user message, then checks the final text", async () => {
    const { tool, calls } = recorder();
    const a = use("save_memory", { title: "a" });
    const b = use("save_memory", { title: "b" });
    const { provider, requests } = scripted([
      reply([{ type: "text", text: "Saving." }, a, b], 300, 40),
      reply(
        [
          { type: "text", text: '{"saved":' },
          { type: "text", text: " 2}" },
        ],
        500,
        10,
      ),
    ]);
    const r = await runAgentLoop({ ...base, provider, tools: [tool], finalCheck: jsonCheck });
    expect(r.outcome).toBe("final");
    expect(r.value).toEqual({ saved: 2 });
    expect(r.turns).toBe(2);
    expect(r.usage).toEqual({ inputTokens: 800, outputTokens: 50 });
    expect(calls).toEqual([{ title: "a" }, { title: "b" }]);
    expect(r.invalid).toEqual([]);
    expect(requests).toHaveLength(2);
    const second = requests[1]!;
    expect(second.system).toBe(base.system);
    expect(second.tools).toEqual([
      { name: tool.name, description: tool.description, inputSchema: tool.inputSchema },
    ]);
    expect(second.maxOutputTokens).toBe(500);
    expect(second.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    const results = toolResults(second.messages[2]);
    expect(second.messages[2]!.content).toHaveLength(2);
    expect(results.map((x) => [x.toolUseId, x.content, x.isError])).toEqual([
      [(a as { id: string }).id, "saved a", false],
      [(b as { id: string }).id, "saved b", false],
    ]);
    expect(r.messages).toHaveLength(4);
    expect(r.toolCalls.map((c) => c.isError)).toEqual([false, false]);
  });

  it("never runs an unknown tool; the first one is retried with the list of real tools", async () => {
    const { tool, calls } = recorder();
    const { provider, requests } = scripted([
      reply([use("Bash", { command: "rm -rf /" })]),
      say('{"saved":0}'),
    ]);
    const r = await runAgentLoop({ ...base, provider, tools: [tool], finalCheck: jsonCheck });
    expect(r.outcome).toBe("final");
    expect(calls).toEqual([]);
    expect(r.invalid).toEqual(['unknown tool "Bash"']);
    const [res] = toolResults(requests[1]!.messages[2]);
    expect(res!.isError).toBe(true);
    expect(res!.content).toContain('no tool named "Bash"');
    expect(res!.content).toContain("save_memory");
    expect(r.toolCalls).toEqual([{ name: "Bash", input: { command: "rm -rf /" }, isError: true }]);
  });

  it("ends with invalid_output on the second invalid reply (bad input, then unknown tool)", async () => {
    const { tool, calls } = recorder();
    const { provider, requests } = scripted([
      reply([use("save_memory", {}, "Unexpected end of JSON input")]),
      reply([use("delete_everything")]),
      say('{"saved":1}'),
    ]);
    const r = await runAgentLoop({ ...base, provider, tools: [tool], finalCheck: jsonCheck });
    expect(r.outcome).toBe("invalid_output");
    expect(requests).toHaveLength(2);
    expect(r.turns).toBe(2);
    expect(calls).toEqual([]);
    expect(r.invalid).toHaveLength(2);
    expect(r.invalid[0]).toContain("Unexpected end of JSON input");
    const [res] = toolResults(requests[1]!.messages[2]);
    expect(res!.content).toContain("not a JSON object");
    expect(res!.content).toContain(JSON.stringify(tool.inputSchema)); // says what is expected
  });

  it("counts a ToolOutcome with invalidInput as invalid output, once per reply", async () => {
    const { tool, calls } = recorder();
    const { provider, requests } = scripted([
      reply([use("save_memory", { name: "x" }), use("nope"), use("save_memory", { title: "ok" })]),
      say('{"saved":1}'),
    ]);
    const r = await runAgentLoop({ ...base, provider, tools: [tool], finalCheck: jsonCheck });
    expect(r.outcome).toBe("final"); // three problems in ONE reply = the first invalid output only
    expect(r.invalid).toHaveLength(2);
    expect(calls).toEqual([{ name: "x" }, { title: "ok" }]);
    const results = toolResults(requests[1]!.messages[2]);
    expect(results.map((x) => x.isError)).toEqual([true, true, false]);
    expect(results[0]!.content).toContain('"title" is required');
    expect(results[0]!.content).toContain("Expected");
  });

  it("retries a final answer that fails finalCheck once, then gives invalid_output", async () => {
    const { tool } = recorder();
    const { provider, requests } = scripted([
      say("I saved two memories."),
      say('{"saved":"two"}'),
      say('{"saved":2}'),
    ]);
    const r = await runAgentLoop({ ...base, provider, tools: [tool], finalCheck: jsonCheck });
    expect(r.outcome).toBe("invalid_output");
    expect(requests).toHaveLength(2);
    const retry = requests[1]!.messages[2]!;
    expect(retry.role).toBe("user");
    expect(retry.content).toEqual([
      {
        type: "text",
        text: expect.stringMatching(/^Your reply was not valid: the reply is not JSON\. Reply again with /),
      },
    ]);
    expect(r.invalid).toEqual([
      "final answer rejected: the reply is not JSON",
      'final answer rejected: "saved" must be a number',
    ]);

    const ok = scripted([say("nope"), say('{"saved":3}')]);
    const r2 = await runAgentLoop({ ...base, provider: ok.provider, tools: [], finalCheck: jsonCheck });
    expect(r2).toMatchObject({ outcome: "final", value: { saved: 3 }, turns: 2 });
    expect(ok.requests[0]!.tools).toEqual([]);
  });

  it("turns a throwing tool into an error tool_result with the message only, not invalid output", async () => {
    const boom: AgentTool = {
      name: "read_file",
      description: "Read a file",
      inputSchema: { type: "object" },
      run() {
        throw new Error("EACCES: permission denied, open '/secret'");
      },
    };
    const { provider, requests } = scripted([
      reply([use("read_file", { path: "/secret" })]),
      reply([use("read_file")]),
      say('{"saved":0}'),
    ]);
    const r = await runAgentLoop({ ...base, provider, tools: [boom], finalCheck: jsonCheck });
    expect(r.outcome).toBe("final"); // two failing tool turns did not end the loop
    expect(r.invalid).toEqual([]);
    const [res] = toolResults(requests[1]!.messages[2]);
    expect(res!.isError).toBe(true);
    expect(res!.content).toContain("EACCES: permission denied");
    expect(res!.content).not.toMatch(/\n\s+at /); // no stack
    expect(r.toolCalls.map((c) => c.isError)).toEqual([true, true]);
  });

  it("ends on a provider LlmError without appending it to the conversation (claude-mem #3888)", async () => {
    const { tool } = recorder();
    const limit = new LlmError("quota", "anthropic", "You've hit your weekly limit · resets Mon 9am", {
      status: 429,
    });
    const { provider, requests } = scripted([
      reply([use("save_memory", { title: "a" })]),
      limit,
      say('{"saved":1}'),
    ]);
    const r = await runAgentLoop({ ...base, provider, tools: [tool], finalCheck: jsonCheck });
    expect(r.outcome).toBe("error");
    expect(r.error).toBe(limit);
    expect(requests).toHaveLength(2);
    expect(r.turns).toBe(1);
    expect(JSON.stringify(r.messages)).not.toContain("weekly limit");
    expect(r.messages).toHaveLength(3); // prompt, assistant tool_use, tool_result: nothing after
  });

  it("wraps a non-LlmError throw as bad_response", async () => {
    const { provider } = scripted([new TypeError("Cannot read properties of undefined (reading 'content')")]);
    const r = await runAgentLoop({ ...base, provider, tools: [], finalCheck: jsonCheck });
    expect(r.outcome).toBe("error");
    expect(r.error).toBeInstanceOf(LlmError);
    expect(r.error!.kind).toBe("bad_response");
    expect(r.error!.message).toContain("Cannot read properties");
    expect(r.messages).toHaveLength(1);
  });

  it("stops at maxTurns (default 5, clamped to 5)", async () => {
    const { tool } = recorder();
    const forever = () => reply([use("save_memory", { title: "again" })]);
    for (const [maxTurns, expected] of [
      [undefined, 5],
      [9, 5],
      [2, 2],
    ] as const) {
      const { provider, requests } = scripted(Array.from({ length: 20 }, () => forever));
      const r = await runAgentLoop({
        ...base,
        provider,
        tools: [tool],
        finalCheck: jsonCheck,
        ...(maxTurns ? { maxTurns } : {}),
      });
      expect(r.outcome).toBe("max_turns");
      expect(requests).toHaveLength(expected);
      expect(r.turns).toBe(expected);
      expect(r.toolCalls).toHaveLength(expected);
    }
  });

  it("caps every tool result with head + tail elision", async () => {
    const head = "HEAD-".repeat(10);
    const tail = "-TAIL".repeat(10);
    const big: AgentTool = {
      name: "read_file",
      description: "Read a file",
      inputSchema: { type: "object" },
      run: () => ({ content: head + "한".repeat(200_000) + tail }),
    };
    for (const cap of [undefined, 300]) {
      const { provider, requests } = scripted([reply([use("read_file")]), say('{"saved":0}')]);
      const r = await runAgentLoop({
        ...base,
        provider,
        tools: [big],
        finalCheck: jsonCheck,
        ...(cap ? { maxToolResultChars: cap } : {}),
      });
      expect(r.outcome).toBe("final");
      const [res] = toolResults(requests[1]!.messages[2]);
      expect(codePointLength(res!.content)).toBeLessThanOrEqual(cap ?? 8000);
      expect(codePointLength(res!.content)).toBeGreaterThan((cap ?? 8000) - 5);
      expect(res!.content.startsWith(head)).toBe(true);
      expect(res!.content.endsWith(tail)).toBe(true);
      expect(res!.content).toMatch(/characters elided/);
    }
  });

  it("makes no call when the signal is already aborted", async () => {
    const { provider, requests } = scripted([say('{"saved":0}')]);
    const ctl = new AbortController();
    ctl.abort();
    const r = await runAgentLoop({ ...base, provider, tools: [], finalCheck: jsonCheck, signal: ctl.signal });
    expect(r.outcome).toBe("error");
    expect(r.error!.kind).toBe("timeout");
    expect(requests).toHaveLength(0);
  });

  it("treats a finalCheck that throws as a rejected answer", async () => {
    const { provider } = scripted([say("x"), say("y")]);
    const r = await runAgentLoop({
      ...base,
      provider,
      tools: [],
      finalCheck: () => {
        throw new Error("schema exploded");
      },
    });
    expect(r.outcome).toBe("invalid_output");
    expect(r.invalid[0]).toContain("schema exploded");
  });
});
