/** The offline provider and the factory's configuration errors. */
import { describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import { createProvider, offlineProvider } from "../../src/llm/providers/index.js";
import { LlmError, type LlmRequest, type ProviderId } from "../../src/llm/types.js";

const ask: LlmRequest = {
  system: "",
  messages: [{ role: "user", content: [{ type: "text", text: "one two three four five six seven eight" }] }],
  tools: [],
  maxOutputTokens: 10,
};

describe("offlineProvider", () => {
  it("wraps a thrown error as bad_response with the original as cause; LlmErrors pass through", async () => {
    const boom = new Error("rule crashed");
    const e = await offlineProvider(() => {
      throw boom;
    })
      .complete(ask)
      .then(
        () => undefined,
        (x: unknown) => x as LlmError,
      );
    if (!e) throw new Error("expected a failure");
    expect([e.kind, e.provider, e.cause]).toEqual(["bad_response", "offline", boom]);
    const own = new LlmError("budget", "guard", "over budget");
    await expect(
      offlineProvider(() => {
        throw own;
      }).complete(ask),
    ).rejects.toBe(own);
  });

  it("estimates zero usage and keeps reported usage; model defaults to 'rules'", async () => {
    const p = offlineProvider(() => ({
      content: [{ type: "text", text: "a short answer" }],
      stopReason: "end_turn",
      usage: { inputTokens: 0, outputTokens: 0 },
      model: "",
    }));
    const res = await p.complete(ask);
    expect(res.model).toBe("rules");
    expect(res.usage.inputTokens).toBeGreaterThanOrEqual(10); // 39 ASCII characters → 10 tokens
    expect(res.usage.outputTokens).toBeGreaterThanOrEqual(4);
    const kept = await offlineProvider(() => ({
      content: [],
      stopReason: "end_turn",
      usage: { inputTokens: 3, outputTokens: 1 },
      model: "engine-v2",
    })).complete(ask);
    expect([kept.usage, kept.model]).toEqual([{ inputTokens: 3, outputTokens: 1 }, "engine-v2"]);
  });

  it("fails with timeout on an already aborted signal without calling the responder", async () => {
    let called = 0;
    const p = offlineProvider(() => {
      called++;
      return { content: [], stopReason: "end_turn", usage: { inputTokens: 1, outputTokens: 1 }, model: "r" };
    });
    const e = await p.complete({ ...ask, signal: AbortSignal.abort() }).then(
      () => undefined,
      (x: unknown) => x as LlmError,
    );
    expect([e?.kind, called]).toEqual(["timeout", 0]);
  });
});

describe("createProvider", () => {
  it.each([
    [{ provider: "offline" as ProviderId, model: "rules", timeoutMs: 1000 }, /needs a responder/],
    [{ provider: "gemini" as ProviderId, model: "x", timeoutMs: 1000 }, /unknown LLM provider/],
    [{ provider: "anthropic" as ProviderId, model: "x", timeoutMs: 0 }, /timeout/],
  ])("refuses a bad spec with BAD_CONFIG (%#)", (spec, re) => {
    let err: unknown;
    try {
      createProvider(spec);
    } catch (e) {
      err = e;
    }
    expect(isMemdirError(err, "BAD_CONFIG")).toBe(true);
    expect((err as Error).message).toMatch(re);
  });

  it("builds every provider id without loading or contacting anything", () => {
    for (const id of ["anthropic", "openai-compatible", "claude-cli"] as const) {
      const p = createProvider({ provider: id, model: "m", timeoutMs: 1000 });
      expect([p.id, p.model]).toEqual([id, "m"]);
    }
  });
});
