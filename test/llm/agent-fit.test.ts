/**
 * Tool results shortened to fit the per-call input cap (tester finding: 30 memories read in turn 1
 * made turn 2 ~46k tokens against a cap of 8k; the guard refused it and the job fell back offline).
 * In-test providers; the guard and the loop share estimateRequestTokens.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../src/core/clock.js";
import { codePointLength } from "../../src/core/text.js";
import {
  type AgentTool,
  fitNewestToolResults,
  MIN_FITTED_RESULT_CHARS,
  runAgentLoop,
} from "../../src/llm/agent/index.js";
import { estimateRequestTokens, guardProvider } from "../../src/llm/ledger/index.js";
import type { LlmBlock, LlmProvider, LlmRequest, LlmResponse } from "../../src/llm/types.js";
import { tempDir } from "../helpers/tmp.js";

type ToolResult = Extract<LlmBlock, { type: "tool_result" }>;

/** A memory body of exactly `n` code points with a recognisable head and tail. */
const body = (name: string, n: number): string => {
  const head = `HEAD<${name}>`;
  const tail = `<${name}>TAIL`;
  return head + "lorem ipsum ".repeat(n).slice(0, n - head.length - tail.length) + tail;
};

/** A memory_read tool over `files` (name → content). */
function reader(files: Record<string, string>): AgentTool {
  return {
    name: "memory_read",
    description: "Read one memory file",
    inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
    run: (input) => ({ content: files[String(input.path)] ?? "no such file" }),
  };
}

/** Turn 1 reads every file at once; turn 2 reads `again` (if any); then the final answer. */
function reading(paths: string[], again: string[] = []) {
  const requests: LlmRequest[] = [];
  const turns: LlmBlock[][] = [paths, again]
    .filter((p) => p.length > 0)
    .map((p) =>
      p.map((path, i) => ({ type: "tool_use", id: `r${path}${i}`, name: "memory_read", input: { path } })),
    );
  turns.push([{ type: "text", text: '{"saved":0}' }]);
  const provider: LlmProvider = {
    id: "offline",
    model: "reader",
    async complete(req): Promise<LlmResponse> {
      const { signal: _s, ...rest } = req;
      requests.push(structuredClone(rest));
      const content = turns.shift() ?? [{ type: "text", text: '{"saved":0}' }];
      return { content, stopReason: "end_turn", usage: { inputTokens: 1, outputTokens: 1 }, model: "reader" };
    },
  };
  return { provider, requests };
}

const check = (t: string) =>
  t.startsWith("{") ? { ok: true as const, value: t } : { ok: false as const, reason: "no" };
const base = { system: "You extract memories.", prompt: "Here is the session.", maxOutputTokens: 500 };
const results = (m: { content: LlmBlock[] } | undefined): ToolResult[] =>
  (m?.content ?? []).filter((b): b is ToolResult => b.type === "tool_result");

describe("maxInputTokens: tool results shortened before the next call", () => {
  const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`m${i}.md`, body(`m${i}`, 6000)]));
  const paths = Object.keys(files);

  it("30 memories of 6000 characters read at once: turn 2 fits 8000 tokens, head and tail kept, noted", async () => {
    const unfitted = reading(paths);
    const plain = await runAgentLoop({
      ...base,
      provider: unfitted.provider,
      tools: [reader(files)],
      finalCheck: check,
    });
    expect(plain.shortened).toBe(0);
    expect(estimateRequestTokens(unfitted.requests[1]!)).toBeGreaterThan(40_000); // the tester's case

    const { provider, requests } = reading(paths);
    const r = await runAgentLoop({
      ...base,
      provider,
      tools: [reader(files)],
      finalCheck: check,
      maxInputTokens: 8000,
    });
    expect(r.outcome).toBe("final");
    expect(r.shortened).toBe(30);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toEqual(unfitted.requests[0]); // the first call is never touched
    const second = requests[1]!;
    expect(estimateRequestTokens(second)).toBeLessThanOrEqual(8000);
    expect(estimateRequestTokens(second)).toBeGreaterThan(7000); // shortened to fit, not far below
    const rs = results(second.messages[2]);
    expect(rs).toHaveLength(30);
    const lengths = rs.map((x) => codePointLength(x.content));
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(1); // same fraction each
    rs.forEach((x, i) => {
      expect(x.content.startsWith(`HEAD<m${i}>`)).toBe(true);
      expect(x.content.endsWith(`<m${i}>TAIL`)).toBe(true);
      expect(x.content).toMatch(/…\[\d+ characters elided\]…/);
    });
    const note = second.messages[2]!.content.at(-1)!;
    expect(note).toMatchObject({ type: "text" });
    expect((note as { text: string }).text).toContain("30 tool results were shortened");
    expect((note as { text: string }).text).toContain("8000 input tokens");
    expect(r.messages[2]).toEqual(second.messages[2]); // the conversation is the one sent
  });

  it("the guard with the same per-call cap now admits turn 2 instead of refusing it", async () => {
    const guarded = (maxInputTokens?: number) => {
      const { provider, requests } = reading(paths);
      const g = guardProvider(provider, {
        ledgerFile: join(tempDir(), "ledger.json"),
        maxTokensPerDay: 1_000_000,
        maxInputTokensPerCall: 8000,
        maxOutputTokensPerCall: 1000,
        now: fixedClock(Date.UTC(2026, 5, 1)).now,
      });
      const opts = { ...base, provider: g, tools: [reader(files)], finalCheck: check };
      return {
        requests,
        run: runAgentLoop(maxInputTokens === undefined ? opts : { ...opts, maxInputTokens }),
      };
    };
    const before = guarded();
    const refused = await before.run;
    expect(refused.outcome).toBe("error");
    expect(refused.error?.kind).toBe("budget");
    expect(before.requests).toHaveLength(1);
    const after = guarded(8000);
    expect((await after.run).outcome).toBe("final");
    expect(after.requests).toHaveLength(2);
  });

  it("shrinks proportionally, leaves results under 200 characters whole, and only the newest message", async () => {
    const mixed = { "a.md": body("a", 2000), "b.md": body("b", 8000), "s.md": "short memory" };
    const { provider, requests } = reading(["a.md", "b.md", "s.md"], ["a.md"]);
    const r = await runAgentLoop({
      ...base,
      provider,
      tools: [reader(mixed)],
      finalCheck: check,
      maxInputTokens: 1500,
      maxToolResultChars: 20_000,
    });
    expect(r.outcome).toBe("final");
    const [a, b, s] = results(requests[1]!.messages[2]);
    expect(s!.content).toBe("short memory");
    const fa = codePointLength(a!.content) / 2000;
    const fb = codePointLength(b!.content) / 8000;
    expect(fa).toBeLessThan(1);
    expect(Math.abs(fa - fb)).toBeLessThan(0.01);
    expect(estimateRequestTokens(requests[1]!)).toBeLessThanOrEqual(1500);
    // turn 3: turn 2 already filled the cap, so the re-read of a.md (the newest message) goes down
    // to the floor; turn 2's results stay as they were sent
    expect(requests[2]!.messages[2]).toEqual(requests[1]!.messages[2]);
    expect(codePointLength(results(requests[2]!.messages[4])[0]!.content)).toBe(MIN_FITTED_RESULT_CHARS);
    expect(r.shortened).toBe(3); // a and b in turn 2, a in turn 3
  });

  it("never cuts below 200 code points: a request that cannot fit is sent at the floor", async () => {
    const many = Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`n${i}.md`, body(`n${i}`, 1000)]));
    const { provider, requests } = reading(Object.keys(many));
    const r = await runAgentLoop({
      ...base,
      provider,
      tools: [reader(many)],
      finalCheck: check,
      maxInputTokens: 1000,
    });
    expect(r.outcome).toBe("final");
    const rs = results(requests[1]!.messages[2]);
    expect(rs.map((x) => codePointLength(x.content))).toEqual(Array(60).fill(MIN_FITTED_RESULT_CHARS));
    expect(rs.every((x, i) => x.content.startsWith(`HEAD<n${i}>`) && x.content.endsWith(`<n${i}>TAIL`))).toBe(
      true,
    );
    expect(estimateRequestTokens(requests[1]!)).toBeGreaterThan(1000); // the guard decides
  });

  it("fitNewestToolResults leaves a fitting request, or a last message without tool results, alone", () => {
    const req: LlmRequest = {
      system: "s",
      tools: [],
      maxOutputTokens: 10,
      messages: [{ role: "user", content: [{ type: "text", text: "x".repeat(40_000) }] }],
    };
    expect(fitNewestToolResults(req, 100)).toEqual({ message: req.messages[0], shortened: 0 });
    const small: LlmRequest = {
      ...req,
      messages: [
        { role: "user", content: [{ type: "tool_result", toolUseId: "1", content: "y".repeat(4000) }] },
      ],
    };
    expect(fitNewestToolResults(small, 5000).shortened).toBe(0);
    expect(fitNewestToolResults(small, 500).shortened).toBe(1);
  });
});
