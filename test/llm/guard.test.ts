/**
 * The guard: budgets refuse before any request, the circuit breaker stops every request during the
 * back-off and lets exactly one probe through afterwards (claude-mem #2315/#3888). Injected clock.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedClock } from "../../src/core/clock.js";
import { runAgentLoop } from "../../src/llm/agent/index.js";
import {
  breakerStatus,
  estimateRequestTokens,
  fitDailyBudget,
  type GuardOptions,
  guardProvider,
  MIN_OUTPUT_TOKENS,
  PROBE_STALE_MS,
  RESERVATION_STALE_MS,
  type Reservation,
  readLedger,
  reservedTokens,
  resetBreaker,
  spentToday,
  utcDay,
} from "../../src/llm/ledger/index.js";
import {
  isLlmError,
  LlmError,
  type LlmErrorKind,
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
} from "../../src/llm/types.js";
import { tempDir } from "../helpers/tmp.js";

const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2026, 5, 15, 10);

type Step = LlmResponse | Error;

/** A provider answering from a script; `next` may be set at any time; `requests` is what reached it. */
function scripted(steps: Step[] = []) {
  const requests: LlmRequest[] = [];
  const waiting: (() => void)[] = [];
  const provider: LlmProvider = {
    id: "anthropic",
    model: "scripted",
    async complete(req) {
      const { signal: _s, ...rest } = req;
      requests.push(structuredClone(rest));
      if (hold) await new Promise<void>((r) => waiting.push(r));
      const step = steps.shift() ?? ok();
      if (step instanceof Error) throw step;
      return step;
    },
  };
  let hold = false;
  return {
    provider,
    requests,
    steps,
    holdCalls(on: boolean) {
      hold = on;
    },
    releaseAll() {
      for (const r of waiting.splice(0)) r();
    },
  };
}

const ok = (text = '{"saved":0}', inputTokens = 100, outputTokens = 50): LlmResponse => ({
  content: [{ type: "text", text }],
  stopReason: "end_turn",
  usage: { inputTokens, outputTokens },
  model: "scripted",
});
const req = (text = "hello", maxOutputTokens = 100): LlmRequest => ({
  system: "sys",
  messages: [{ role: "user", content: [{ type: "text", text }] }],
  tools: [],
  maxOutputTokens,
});

function setup(steps: Step[] = [], opts: Partial<GuardOptions> = {}) {
  const file = opts.ledgerFile ?? join(tempDir(), "ledger.json");
  const clock = fixedClock(T0);
  const events: [string, Record<string, unknown>][] = [];
  const s = scripted(steps);
  const guarded = guardProvider(s.provider, {
    ledgerFile: file,
    maxTokensPerDay: 100_000,
    maxInputTokensPerCall: 10_000,
    maxOutputTokensPerCall: 1_000,
    now: clock.now,
    onEvent: (kind, data) => events.push([kind, data]),
    ...opts,
  });
  const kindOf = async (r: LlmRequest = req()): Promise<string> => {
    try {
      await guarded.complete(r);
      return "ok";
    } catch (e) {
      return isLlmError(e) ? e.kind : `other: ${String(e)}`;
    }
  };
  return { file, clock, events, guarded, kindOf, ...s };
}

const names = (events: [string, unknown][]) => events.map(([k]) => k);

describe("budgets", () => {
  it("refuses without calling the provider once the day's budget is reached, and records it", async () => {
    const g = setup([ok("a", 600, 200)], { maxTokensPerDay: 1000 });
    expect(await g.kindOf(req("hi", 100))).toBe("ok");
    expect(await g.kindOf(req("hi", 300))).toBe("budget"); // 800 spent + ~2 in + 300 out > 1000
    expect(g.requests).toHaveLength(1);
    expect(spentToday(g.file, T0)).toEqual({ inputTokens: 600, outputTokens: 200, calls: 1, refused: 1 });
    const reached = g.events.find(([k]) => k === "llm_budget_reached");
    expect(reached?.[1]).toMatchObject({ scope: "day", spent: 800, cap: 1000 });
    expect(await g.kindOf(req("hi", 10))).toBe("ok"); // a smaller call still fits
    g.clock.advance(24 * HOUR); // a new UTC day
    expect(await g.kindOf(req("hi", 300))).toBe("ok");
    expect(g.requests).toHaveLength(3);
  });

  it("maxTokensPerDay 0 means no calls at all", async () => {
    const g = setup([], { maxTokensPerDay: 0 });
    expect(await g.kindOf()).toBe("budget");
    expect(g.requests).toHaveLength(0);
    expect(spentToday(g.file, T0).refused).toBe(1);
  });

  it("refuses a request whose estimated input exceeds the per-call cap", async () => {
    const g = setup([], { maxInputTokensPerCall: 500 });
    const big = req("x".repeat(4000));
    expect(estimateRequestTokens(big)).toBeGreaterThan(500);
    expect(await g.kindOf(big)).toBe("budget");
    expect(g.requests).toHaveLength(0);
    expect(g.events[0]).toEqual(["llm_budget_reached", expect.objectContaining({ scope: "call", cap: 500 })]);
  });

  it("estimates system, every block kind and the tool schemas", () => {
    const base = req("");
    const n0 = estimateRequestTokens(base);
    const withTool = {
      ...base,
      tools: [{ name: "t", description: "d".repeat(400), inputSchema: { type: "object" } }],
    };
    expect(estimateRequestTokens(withTool)).toBeGreaterThanOrEqual(n0 + 100);
    const withBlocks: LlmRequest = {
      ...base,
      messages: [
        {
          role: "assistant",
          content: [{ type: "tool_use", id: "1", name: "t", input: { q: "日本語のテキスト" } }],
        },
        { role: "user", content: [{ type: "tool_result", toolUseId: "1", content: "y".repeat(800) }] },
      ],
    };
    expect(estimateRequestTokens(withBlocks)).toBeGreaterThanOrEqual(n0 + 8 + 200);
  });

  it("clamps maxOutputTokens to the per-call cap", async () => {
    const g = setup([], { maxOutputTokensPerCall: 256 });
    await g.guarded.complete(req("hi", 4096));
    await g.guarded.complete(req("hi", 64));
    expect(g.requests.map((r) => r.maxOutputTokens)).toEqual([256, 64]);
  });
});

describe("circuit breaker", () => {
  it("a 429 trips it: no request reaches the provider until the back-off ends, then exactly one probe", async () => {
    const limit = new LlmError("rate_limit", "anthropic", "429 Too Many Requests: rate limit reached", {
      status: 429,
    });
    const g = setup([limit]);
    await expect(g.guarded.complete(req())).rejects.toBe(limit);
    expect(g.events.find(([k]) => k === "llm_breaker_tripped")?.[1]).toMatchObject({
      kind: "rate_limit",
      until: T0 + MIN,
      trips: 1,
    });
    expect(breakerStatus(g.file, T0)).toMatchObject({ open: true, reason: "rate_limit", untilMs: T0 + MIN });
    expect(breakerStatus(g.file, T0).message).toContain("rate limit reached");
    for (const dt of [0, 1, 30_000, MIN - 1]) {
      g.clock.set(T0 + dt);
      expect(await g.kindOf()).toBe("breaker_open");
    }
    expect(g.requests).toHaveLength(1);
    expect(spentToday(g.file, T0)).toMatchObject({ calls: 1, refused: 4 });
    expect(names(g.events)).toContain("llm_breaker_open");

    g.clock.set(T0 + MIN);
    g.holdCalls(true);
    const calls = [g.kindOf(), g.kindOf(), g.kindOf()]; // concurrent, after the back-off
    await new Promise((r) => setTimeout(r, 50));
    expect(g.requests).toHaveLength(2); // the 429, then exactly one probe
    g.holdCalls(false);
    g.releaseAll();
    expect((await Promise.all(calls)).sort()).toEqual(["breaker_open", "breaker_open", "ok"]);
    expect(breakerStatus(g.file, T0 + MIN)).toEqual({ open: false, trips: 0 });
    expect(readLedger(g.file).breaker).toEqual({ state: "closed", trips: 0 });
    expect(await Promise.all([g.kindOf(), g.kindOf()])).toEqual(["ok", "ok"]);
  });

  it("a failed probe re-opens it with the next back-off", async () => {
    const e1 = new LlmError("overloaded", "anthropic", "529 overloaded", { status: 529 });
    const e2 = new LlmError("overloaded", "anthropic", "529 overloaded", { status: 529 });
    const g = setup([e1, e2]);
    expect(await g.kindOf()).toBe("overloaded");
    g.clock.set(T0 + MIN);
    expect(await g.kindOf()).toBe("overloaded"); // the probe
    expect(breakerStatus(g.file, T0 + MIN)).toMatchObject({ open: true, trips: 2, untilMs: T0 + 3 * MIN });
    g.clock.set(T0 + 3 * MIN - 1);
    expect(await g.kindOf()).toBe("breaker_open");
    g.clock.set(T0 + 3 * MIN);
    expect(await g.kindOf()).toBe("ok");
    expect(g.requests).toHaveLength(3);
  });

  it("honours Retry-After", async () => {
    const g = setup([
      new LlmError("rate_limit", "anthropic", "slow down", { status: 429, retryAfterMs: 5 * MIN }),
    ]);
    expect(await g.kindOf()).toBe("rate_limit");
    g.clock.set(T0 + MIN);
    expect(await g.kindOf()).toBe("breaker_open");
    g.clock.set(T0 + 5 * MIN - 1);
    expect(await g.kindOf()).toBe("breaker_open");
    g.clock.set(T0 + 5 * MIN);
    expect(await g.kindOf()).toBe("ok");
    expect(g.requests).toHaveLength(2);
  });

  it("auth opens it for 6 hours; quota for 1 hour", async () => {
    const g = setup([new LlmError("auth", "anthropic", "401 invalid x-api-key", { status: 401 })]);
    expect(await g.kindOf()).toBe("auth");
    g.clock.set(T0 + 6 * HOUR - 1);
    expect(await g.kindOf()).toBe("breaker_open");
    expect(breakerStatus(g.file, g.clock.now())).toMatchObject({
      open: true,
      reason: "auth",
      untilMs: T0 + 6 * HOUR,
    });
    g.clock.set(T0 + 6 * HOUR);
    expect(await g.kindOf()).toBe("ok");

    const q = setup([new LlmError("quota", "anthropic", "credit balance too low", { status: 400 })]);
    expect(await q.kindOf()).toBe("quota");
    expect(breakerStatus(q.file, T0).untilMs).toBe(T0 + HOUR);
  });

  it("other errors do not trip it; a failed probe that is not a limit frees the probe slot", async () => {
    const g = setup([
      new LlmError("timeout", "anthropic", "timed out"),
      new LlmError("rate_limit", "anthropic", "429"),
      new LlmError("network", "anthropic", "ECONNRESET"),
    ]);
    expect(await g.kindOf()).toBe("timeout");
    expect(breakerStatus(g.file, T0).open).toBe(false);
    expect(await g.kindOf()).toBe("rate_limit");
    g.clock.set(T0 + MIN);
    expect(await g.kindOf()).toBe("network"); // the probe failed without a limit signal
    expect(await g.kindOf()).toBe("ok"); // so the next call probes at once, and closes it
    expect(breakerStatus(g.file, T0 + MIN)).toEqual({ open: false, trips: 0 });
    expect(spentToday(g.file, T0).calls).toBe(4);
  });

  it("a probe whose process died is replaced after PROBE_STALE_MS", async () => {
    const g = setup([new LlmError("rate_limit", "anthropic", "429")]);
    expect(await g.kindOf()).toBe("rate_limit");
    g.clock.set(T0 + MIN);
    g.holdCalls(true);
    void g.kindOf(); // never settles: stands for a process killed mid-probe
    void g.kindOf();
    await new Promise((r) => setTimeout(r, 50));
    expect(g.requests).toHaveLength(2);
    g.holdCalls(false);
    expect(await g.kindOf()).toBe("breaker_open");
    g.clock.set(T0 + MIN + PROBE_STALE_MS - 1);
    expect(await g.kindOf()).toBe("breaker_open");
    g.clock.set(T0 + MIN + PROBE_STALE_MS);
    expect(await g.kindOf()).toBe("ok");
    expect(g.requests).toHaveLength(3);
    expect(breakerStatus(g.file, g.clock.now()).open).toBe(false);
  });

  it("concurrent calls failing with the same 429 trip it once", async () => {
    const g = setup([
      new LlmError("rate_limit", "anthropic", "429 a"),
      new LlmError("rate_limit", "anthropic", "429 b"),
    ]);
    g.holdCalls(true);
    const both = Promise.all([g.kindOf(), g.kindOf()]);
    while (g.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    g.releaseAll();
    expect(await both).toEqual(["rate_limit", "rate_limit"]);
    expect(breakerStatus(g.file, T0)).toMatchObject({ open: true, trips: 1, untilMs: T0 + MIN });
    expect(names(g.events).filter((k) => k === "llm_breaker_tripped")).toHaveLength(1);
  });

  it("stores a scrubbed message of at most 200 characters", async () => {
    const secret = "sk-ant-api03-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
    const g = setup([new LlmError("auth", "anthropic", `invalid key ${secret} ${"z".repeat(1000)}`)], {
      scrub: (t) => t.replaceAll(/sk-ant-[\w-]+/g, "[REDACTED]"),
    });
    expect(await g.kindOf()).toBe("auth");
    const msg = breakerStatus(g.file, T0).message!;
    expect(msg).not.toContain(secret);
    expect(msg).toContain("[REDACTED]");
    expect(Array.from(msg).length).toBeLessThanOrEqual(200);
  });

  it("fails closed when the ledger cannot be written", async () => {
    const dir = tempDir();
    const notADir = join(dir, "file");
    writeFileSync(notADir, "x");
    const g = setup([], { ledgerFile: join(notADir, "ledger.json") });
    expect(await g.kindOf()).toBe("budget");
    expect(g.requests).toHaveLength(0);
    expect(names(g.events)).toContain("llm_ledger_error");
  });
});

describe("errors never reach a conversation (claude-mem #3888)", () => {
  it("neither the loop's messages nor the next call carry the limit text", async () => {
    const text = "You've hit your weekly limit · resets Monday";
    const g = setup([new LlmError("quota", "anthropic", text, { status: 429 })]);
    const check = (t: string) =>
      t.startsWith("{") ? { ok: true as const, value: t } : { ok: false as const, reason: "not JSON" };
    const run = () =>
      runAgentLoop({
        provider: g.guarded,
        system: "sys",
        prompt: "extract",
        tools: [],
        maxOutputTokens: 100,
        finalCheck: check,
      });
    const first = await run();
    expect(first.outcome).toBe("error");
    expect(first.error!.kind).toBe("quota");
    expect(JSON.stringify(first.messages)).not.toContain("weekly limit");

    const refused = await run(); // still within the back-off: refused before any request
    expect(refused.outcome).toBe("error");
    expect(refused.error!.kind).toBe("breaker_open");
    expect(g.requests).toHaveLength(1);

    g.clock.set(T0 + HOUR);
    const second = await run();
    expect(second.outcome).toBe("final");
    expect(g.requests).toHaveLength(2);
    expect(JSON.stringify(g.requests[1])).not.toContain("weekly limit");
    expect(JSON.stringify(second.messages)).not.toContain("weekly limit");
  });
});

describe("failed calls that may have been billed (timeout, bad_response)", () => {
  it("charge the request's estimated input tokens; refusals are charged nothing", async () => {
    const big = req("word ".repeat(2000), 500);
    const est = estimateRequestTokens(big);
    expect(est).toBeGreaterThan(1000);
    const g = setup([
      new LlmError("timeout", "anthropic", "timed out after 120 s"),
      new LlmError("bad_response", "anthropic", "unparseable reply"),
    ]);
    expect(await g.kindOf(big)).toBe("timeout");
    expect(spentToday(g.file, T0)).toEqual({ inputTokens: est, outputTokens: 0, calls: 1, refused: 0 });
    expect(await g.kindOf(big)).toBe("bad_response");
    expect(spentToday(g.file, T0)).toEqual({ inputTokens: 2 * est, outputTokens: 0, calls: 2, refused: 0 });

    const unbilled: LlmErrorKind[] = ["rate_limit", "auth", "quota", "overloaded", "bad_request", "network"];
    for (const kind of unbilled) {
      const u = setup([new LlmError(kind, "anthropic", `failed: ${kind}`)]);
      expect(await u.kindOf(big)).toBe(kind);
      expect(spentToday(u.file, T0), kind).toEqual({ inputTokens: 0, outputTokens: 0, calls: 1, refused: 0 });
    }
  });

  it("the charge counts against the daily budget", async () => {
    const big = req("word ".repeat(2000), 300);
    const est = estimateRequestTokens(big);
    // uncharged, the second call would have est + 255 ≥ 300 output tokens left; charged, 255 < 256
    const g = setup([new LlmError("timeout", "anthropic", "timed out")], { maxTokensPerDay: 2 * est + 255 });
    expect(await g.kindOf(big)).toBe("timeout");
    expect(await g.kindOf(big)).toBe("budget");
    expect(g.requests).toHaveLength(1);
    expect(g.events.find(([k]) => k === "llm_budget_reached")?.[1]).toMatchObject({ spent: est, left: 255 });
  });
});

describe("breaker fingerprint (provider|model|baseUrl|key env|key hash)", () => {
  const auth = () => new LlmError("auth", "anthropic", "401 invalid x-api-key", { status: 401 });

  it("an open breaker of another configuration is treated as closed; a success there closes it", async () => {
    const a = setup([auth()], { fingerprint: "anthropic|m|u|KEY|aaaa" });
    expect(await a.kindOf()).toBe("auth");
    expect(readLedger(a.file).breaker).toMatchObject({
      state: "open",
      fingerprint: "anthropic|m|u|KEY|aaaa",
    });
    expect(await a.kindOf()).toBe("breaker_open");
    expect(breakerStatus(a.file, T0)).toMatchObject({ open: true, reason: "auth" });
    expect(breakerStatus(a.file, T0, "anthropic|m|u|KEY|aaaa")).toMatchObject({ open: true, reason: "auth" });
    expect(breakerStatus(a.file, T0, "anthropic|m|u|KEY|bbbb")).toEqual({ open: false, trips: 0 });

    const b = setup([], { ledgerFile: a.file, fingerprint: "anthropic|m|u|KEY|bbbb" }); // a new key
    expect(await b.kindOf()).toBe("ok");
    expect(b.requests).toHaveLength(1);
    expect(readLedger(a.file).breaker).toEqual({ state: "closed", trips: 0 });
    expect(names(b.events)).toContain("llm_breaker_closed");
    expect(await a.kindOf()).toBe("ok"); // the success overwrote the state for everyone
    expect(a.requests).toHaveLength(2);
  });

  it("a limit error under the new configuration overwrites it with a fresh back-off", async () => {
    const a = setup([auth()], { fingerprint: "A" });
    expect(await a.kindOf()).toBe("auth");
    const b = setup(
      [
        new LlmError("rate_limit", "openai-compatible", "429"),
        new LlmError("rate_limit", "openai-compatible", "429"),
      ],
      {
        ledgerFile: a.file,
        fingerprint: "B",
      },
    );
    a.clock.set(T0 + 5 * MIN);
    b.clock.set(T0 + 5 * MIN);
    b.holdCalls(true); // two calls admitted under A's breaker, both failing: one trip
    const both = Promise.all([b.kindOf(), b.kindOf()]);
    while (b.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    b.releaseAll();
    expect(await both).toEqual(["rate_limit", "rate_limit"]);
    expect(readLedger(a.file).breaker).toMatchObject({
      state: "open",
      reason: "rate_limit",
      fingerprint: "B",
      trips: 1, // not A's trips + 1
      untilMs: T0 + 6 * MIN,
    });
    b.holdCalls(false);
    expect(await b.kindOf()).toBe("breaker_open");
    expect(await a.kindOf()).toBe("ok"); // A is now the other configuration
    expect(readLedger(a.file).breaker.state).toBe("closed");
  });

  it("a non-limit failure under another configuration leaves the breaker as it was", async () => {
    const a = setup([auth()], { fingerprint: "A" });
    expect(await a.kindOf()).toBe("auth");
    const before = readLedger(a.file).breaker;
    const b = setup([new LlmError("network", "anthropic", "ECONNRESET")], {
      ledgerFile: a.file,
      fingerprint: "B",
    });
    expect(await b.kindOf()).toBe("network");
    expect(readLedger(a.file).breaker).toEqual(before);
    expect(await a.kindOf()).toBe("breaker_open");
  });

  it("a guard without a fingerprint differs from a stored one (and the same rule the other way)", async () => {
    const a = setup([auth()], { fingerprint: "A" });
    expect(await a.kindOf()).toBe("auth");
    const none = setup([auth()], { ledgerFile: a.file });
    expect(await none.kindOf()).toBe("auth"); // let through, tripped again without a fingerprint
    expect(readLedger(a.file).breaker).toMatchObject({ state: "open", trips: 1 });
    expect(readLedger(a.file).breaker.fingerprint).toBeUndefined();
    expect(await none.kindOf()).toBe("breaker_open");
    expect(await a.kindOf()).toBe("ok");
  });

  it("resetBreaker closes it under the lock and says whether it was open", async () => {
    const g = setup([auth()], { fingerprint: "A" });
    expect(resetBreaker(g.file, T0)).toBe(false);
    expect(await g.kindOf()).toBe("auth");
    expect(await g.kindOf()).toBe("breaker_open");
    expect(resetBreaker(g.file, T0)).toBe(true);
    expect(readLedger(g.file).breaker).toEqual({ state: "closed", trips: 0 });
    expect(spentToday(g.file, T0)).toMatchObject({ calls: 1, refused: 1 }); // the day is kept
    expect(resetBreaker(g.file, T0)).toBe(false);
    expect(await g.kindOf()).toBe("ok");

    const missing = join(tempDir(), "none", "ledger.json");
    expect(resetBreaker(missing, T0)).toBe(false);
    expect(existsSync(missing)).toBe(false);
  });
});

describe("a small daily budget clamps the output instead of refusing every call", () => {
  const r = req("summarise this", 4096);
  const est = estimateRequestTokens(r);

  it("3000 a day with a 4096 per-call output cap: the call goes, clamped to the day's remainder", async () => {
    const g = setup([ok("a", 100, 50)], { maxTokensPerDay: 3000, maxOutputTokensPerCall: 4096 });
    expect(await g.kindOf(r)).toBe("ok");
    expect(g.requests[0]!.maxOutputTokens).toBe(3000 - est);
    expect(await g.kindOf(r)).toBe("ok");
    expect(g.requests[1]!.maxOutputTokens).toBe(3000 - 150 - est);
  });

  it(`refuses at ${MIN_OUTPUT_TOKENS - 1} output tokens left, sends exactly ${MIN_OUTPUT_TOKENS}`, async () => {
    expect(MIN_OUTPUT_TOKENS).toBe(256);
    const yes = setup([ok("a", 1000, 200)], {
      maxTokensPerDay: 1200 + est + 256,
      maxOutputTokensPerCall: 4096,
    });
    expect(await yes.kindOf(req("x", 10))).toBe("ok"); // spends 1200
    expect(await yes.kindOf(r)).toBe("ok");
    expect(yes.requests[1]!.maxOutputTokens).toBe(256);

    const no = setup([ok("a", 1000, 200)], {
      maxTokensPerDay: 1200 + est + 255,
      maxOutputTokensPerCall: 4096,
    });
    expect(await no.kindOf(req("x", 10))).toBe("ok");
    expect(await no.kindOf(r)).toBe("budget");
    expect(no.requests).toHaveLength(1);
    expect(spentToday(no.file, T0).refused).toBe(1);
    expect(no.events.find(([k]) => k === "llm_budget_reached")?.[1]).toMatchObject({
      scope: "day",
      left: 255,
    });
    expect(await no.kindOf(req("summarise this", 255))).toBe("ok"); // asks no more than is left: not clamped
    expect(no.requests[1]!.maxOutputTokens).toBe(255);
  });

  it("refuses when the estimate alone exceeds what is left; 0 still means never", async () => {
    const g = setup([], { maxTokensPerDay: est - 1, maxOutputTokensPerCall: 4096 });
    expect(await g.kindOf(r)).toBe("budget");
    const zero = setup([], { maxTokensPerDay: 0 });
    expect(await zero.kindOf(req("hi", 1))).toBe("budget");
    expect(g.requests.length + zero.requests.length).toBe(0);
  });

  it("fitDailyBudget: clamp, the 255/256 edge, input and zero budgets", () => {
    expect(fitDailyBudget(3000, 0, 100, 4096)).toEqual({ ok: true, maxOutputTokens: 2900 });
    expect(fitDailyBudget(3000, 0, 100, 500)).toEqual({ ok: true, maxOutputTokens: 500 });
    expect(fitDailyBudget(1000, 644, 100, 4096)).toEqual({ ok: true, maxOutputTokens: 256 });
    expect(fitDailyBudget(1000, 645, 100, 4096)).toEqual({ ok: false, reason: "output", left: 255 });
    expect(fitDailyBudget(1000, 645, 100, 255)).toEqual({ ok: true, maxOutputTokens: 255 });
    expect(fitDailyBudget(1000, 900, 101, 10)).toEqual({ ok: false, reason: "input", left: -1 });
    expect(fitDailyBudget(1000, 1200, 1, 10)).toMatchObject({ ok: false, reason: "input" });
    expect(fitDailyBudget(0, 0, 1, 10)).toMatchObject({ ok: false, reason: "no_budget" });
  });
});

describe("reservations: calls in flight hold their estimate + output cap (tester finding)", () => {
  const r = req("x".repeat(12000), 4096); // ~3000 input tokens
  const est = estimateRequestTokens(r);
  const reservedOf = (file: string, at = T0): Reservation[] | undefined =>
    JSON.parse(readFileSync(file, "utf8")).days[utcDay(at)]?.reserved;

  it("4 calls admitted at once against 4000 a day: one goes (clamped), three are refused", async () => {
    const g = setup([], { maxTokensPerDay: 4000, maxOutputTokensPerCall: 4096 });
    g.steps.push(ok("a", est, 4000 - est));
    g.holdCalls(true);
    const all = Promise.all([g.kindOf(r), g.kindOf(r), g.kindOf(r), g.kindOf(r)]);
    while (g.requests.length < 1) await new Promise((res) => setTimeout(res, 5));
    expect(g.requests[0]!.maxOutputTokens).toBe(4000 - est);
    expect(reservedOf(g.file)).toEqual([{ id: expect.any(String), tokens: 4000, atMs: T0 }]);
    g.releaseAll();
    expect((await all).sort()).toEqual(["budget", "budget", "budget", "ok"]);
    expect(g.requests).toHaveLength(1);
    expect(spentToday(g.file, T0)).toEqual({
      inputTokens: est,
      outputTokens: 4000 - est,
      calls: 1,
      refused: 3,
    });
    expect(reservedOf(g.file)).toBeUndefined(); // released: the file is as before reservations
    const refusal = g.events.find(([k]) => k === "llm_budget_reached")?.[1];
    expect(refusal).toMatchObject({ scope: "day", spent: 0, reserved: 4000 });
  });

  it("a call settling with less than it reserved frees the difference", async () => {
    const g = setup([ok("a", 100, 50)], { maxTokensPerDay: 2 * est + 600, maxOutputTokensPerCall: 300 });
    g.holdCalls(true);
    const first = g.kindOf(r);
    while (g.requests.length < 1) await new Promise((res) => setTimeout(res, 5));
    g.holdCalls(false);
    expect(await g.kindOf(r)).toBe("ok"); // est + 300 held + est + 300 asked = exactly the cap
    expect(await g.kindOf(r)).toBe("budget"); // the held call still counts
    g.releaseAll();
    expect(await first).toBe("ok");
    expect(await g.kindOf(r)).toBe("ok"); // 2 × 150 spent: room for est + 300 again
    expect(reservedOf(g.file)).toBeUndefined();
  });

  it("a failed call releases its reservation; a billed failure is charged its estimate", async () => {
    const g = setup(
      [new LlmError("timeout", "anthropic", "timed out"), new LlmError("network", "anthropic", "reset")],
      {
        maxTokensPerDay: 100_000,
      },
    );
    expect(await g.kindOf(r)).toBe("timeout");
    expect(await g.kindOf(r)).toBe("network");
    expect(spentToday(g.file, T0)).toEqual({ inputTokens: est, outputTokens: 0, calls: 2, refused: 0 });
    expect(reservedOf(g.file)).toBeUndefined();
  });

  it(`a reservation whose process died stops counting after ${RESERVATION_STALE_MS / MIN} minutes`, async () => {
    expect(RESERVATION_STALE_MS).toBe(15 * MIN);
    const g = setup([], { maxTokensPerDay: 4000, maxOutputTokensPerCall: 4096 });
    g.holdCalls(true);
    void g.kindOf(r); // never settles: stands for a job killed mid-call
    while (g.requests.length < 1) await new Promise((res) => setTimeout(res, 5));
    g.holdCalls(false);
    expect(await g.kindOf(r)).toBe("budget");
    g.clock.set(T0 + RESERVATION_STALE_MS - 1);
    expect(await g.kindOf(r)).toBe("budget");
    expect(reservedOf(g.file)).toHaveLength(1);
    g.clock.set(T0 + RESERVATION_STALE_MS);
    expect(await g.kindOf(r)).toBe("ok");
    expect(g.requests).toHaveLength(2);
    expect(reservedOf(g.file)).toBeUndefined(); // the stale one was dropped, the new one released
  });

  it("reads a ledger without `reserved` (older files) and drops malformed or stale entries", async () => {
    const file = join(tempDir(), "ledger.json");
    const day = { inputTokens: 1000, outputTokens: 0, calls: 1, refused: 0 };
    writeFileSync(
      file,
      JSON.stringify({ version: 1, days: { [utcDay(T0)]: day }, breaker: { state: "closed" } }),
    );
    expect(reservedTokens(readLedger(file).days[utcDay(T0)], T0)).toBe(0);
    const g = setup([ok("a", 10, 10)], { ledgerFile: file, maxTokensPerDay: 1000 + est + 256 });
    expect(await g.kindOf(req("x".repeat(12000), 256))).toBe("ok");
    expect(JSON.parse(readFileSync(file, "utf8")).days[utcDay(T0)]).toEqual({
      inputTokens: 1010,
      outputTokens: 10,
      calls: 2,
      refused: 0,
    });

    const reserved = [
      { id: "live", tokens: 700, atMs: T0 - 60_000 },
      { id: "stale", tokens: 5000, atMs: T0 - RESERVATION_STALE_MS },
      { id: "bad", tokens: "9" },
      { id: "neg", tokens: -5, atMs: T0 },
      3,
    ];
    writeFileSync(
      file,
      JSON.stringify({ version: 1, days: { [utcDay(T0)]: { ...day, reserved } }, breaker: {} }),
    );
    const parsed = readLedger(file).days[utcDay(T0)];
    expect(parsed?.reserved?.map((x) => x.id)).toEqual(["live", "stale"]);
    expect(reservedTokens(parsed, T0)).toBe(700);
    expect(spentToday(file, T0)).toEqual(day); // settled spend only
    const h = setup([], { ledgerFile: file, maxTokensPerDay: 1000 + 700 + est + 256 });
    h.holdCalls(true);
    void h.kindOf(req("x".repeat(12000), 4096)); // clamped to exactly 256: the live one counts
    while (h.requests.length < 1) await new Promise((res) => setTimeout(res, 5));
    expect(h.requests[0]!.maxOutputTokens).toBe(256);
    expect(reservedOf(file)?.map((x) => x.id)).toEqual(["live", expect.any(String)]);
  });
});
