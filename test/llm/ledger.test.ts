/**
 * The token ledger (DESIGN.md §3.3): lenient reads, locked updates, the 31-day window, the breaker's
 * back-off table, and real child processes recording calls concurrently through the guard.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BREAKER_MESSAGE_CHARS,
  backoffMs,
  breakerStatus,
  closedBreaker,
  estimateRequestTokens,
  isForeignBreaker,
  readLedger,
  resetBreaker,
  spentToday,
  tripBreaker,
  updateLedger,
  utcDay,
} from "../../src/llm/ledger/index.js";
import { bundleForChildren, runChild } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const DAY = 86_400_000;
const MIN = 60_000;
const HOUR = 60 * MIN;
const T0 = Date.UTC(2026, 2, 1, 23, 59, 30); // 30 s before a UTC midnight

function record(file: string, nowMs: number, input: number, output: number): void {
  updateLedger(file, nowMs, (l) => {
    const key = utcDay(nowMs);
    const d = l.days[key] ?? { inputTokens: 0, outputTokens: 0, calls: 0, refused: 0 };
    d.inputTokens += input;
    d.outputTokens += output;
    d.calls++;
    l.days[key] = d;
  });
}

describe("ledger file", () => {
  it("starts empty, writes version 1 with UTC day keys, and reads back", () => {
    const file = join(tempDir(), "home", "ledger.json");
    expect(spentToday(file, T0)).toEqual({ inputTokens: 0, outputTokens: 0, calls: 0, refused: 0 });
    expect(breakerStatus(file, T0)).toEqual({ open: false, trips: 0 });
    record(file, T0, 100, 7);
    record(file, T0 + 29_000, 50, 3);
    record(file, T0 + 31_000, 1, 1); // next UTC day
    const raw = JSON.parse(readFileSync(file, "utf8"));
    expect(raw.version).toBe(1);
    expect(Object.keys(raw.days).sort()).toEqual(["2026-03-01", "2026-03-02"]);
    expect(raw.breaker).toEqual({ state: "closed", trips: 0 });
    expect(spentToday(file, T0)).toEqual({ inputTokens: 150, outputTokens: 10, calls: 2, refused: 0 });
    expect(spentToday(file, T0 + 60_000)).toEqual({ inputTokens: 1, outputTokens: 1, calls: 1, refused: 0 });
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("never throws on a corrupt file; the next update moves it to .corrupt and starts fresh", () => {
    const dir = tempDir();
    const file = join(dir, "ledger.json");
    writeFileSync(file, '{"version":1,"days":{"2026-03-01":{"inputTok');
    expect(readLedger(file).days).toEqual({});
    expect(spentToday(file, T0).calls).toBe(0);
    expect(breakerStatus(file, T0).open).toBe(false);
    record(file, T0, 10, 10);
    expect(readFileSync(`${file}.corrupt`, "utf8")).toContain('"inputTok');
    expect(spentToday(file, T0)).toMatchObject({ inputTokens: 10, calls: 1 });

    const asDir = join(dir, "dir-ledger.json");
    mkdirSync(asDir);
    expect(readLedger(asDir).version).toBe(1); // EISDIR on read: still no throw
  });

  it("reads wrong-shaped fields leniently", () => {
    const file = join(tempDir(), "ledger.json");
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        days: {
          "2026-03-01": { inputTokens: "9", outputTokens: -4, calls: 2 },
          junk: { calls: 5 },
          "2026-03-02": 3,
        },
        breaker: { state: "open", reason: "quota", untilMs: T0 + HOUR, trips: "x", message: "m".repeat(999) },
      }),
    );
    const l = readLedger(file);
    expect(l.days).toEqual({ "2026-03-01": { inputTokens: 0, outputTokens: 0, calls: 2, refused: 0 } });
    expect(l.breaker).toMatchObject({ state: "open", reason: "quota", untilMs: T0 + HOUR, trips: 1 });
    expect(l.breaker.message!.length).toBe(BREAKER_MESSAGE_CHARS);
    const status = breakerStatus(file, T0);
    expect(status).toMatchObject({ open: true, reason: "quota", untilMs: T0 + HOUR, trips: 1 });
    expect(breakerStatus(file, T0 + HOUR).open).toBe(false); // back-off over: the next call probes
  });

  it("drops days older than 31 days on update", () => {
    const file = join(tempDir(), "ledger.json");
    const now = Date.UTC(2026, 4, 10, 12);
    for (const ago of [40, 32, 31, 1]) record(file, now - ago * DAY, ago, 0);
    expect(Object.keys(readLedger(file).days).length).toBeGreaterThanOrEqual(2);
    record(file, now, 0, 0);
    const keys = Object.keys(readLedger(file).days).sort();
    expect(keys).toEqual([utcDay(now - 31 * DAY), utcDay(now - DAY), utcDay(now)]);
  });
});

describe("breaker back-off", () => {
  it("follows base × 2^(trips−1), capped per kind, and honours a longer Retry-After", () => {
    expect([1, 2, 3, 6, 7, 30].map((t) => backoffMs("rate_limit", t))).toEqual([
      MIN,
      2 * MIN,
      4 * MIN,
      32 * MIN,
      HOUR,
      HOUR,
    ]);
    expect([1, 2, 3].map((t) => backoffMs("overloaded", t))).toEqual([MIN, 2 * MIN, 4 * MIN]);
    expect([1, 2, 5, 6].map((t) => backoffMs("quota", t))).toEqual([HOUR, 2 * HOUR, 16 * HOUR, 24 * HOUR]);
    expect([1, 2, 3].map((t) => backoffMs("auth", t))).toEqual([6 * HOUR, 12 * HOUR, 24 * HOUR]);
    expect(backoffMs("rate_limit", 1, 5 * MIN)).toBe(5 * MIN);
    expect(backoffMs("rate_limit", 3, MIN)).toBe(4 * MIN);
    expect(backoffMs("rate_limit", 1, 5 * HOUR)).toBe(HOUR);
  });

  it("trips count up, keep ≤ 200 characters of the message, and reset when closed", () => {
    const once = tripBreaker(closedBreaker(), { kind: "rate_limit", message: "x".repeat(5000) }, T0);
    expect(once).toMatchObject({
      state: "open",
      reason: "rate_limit",
      openedAtMs: T0,
      untilMs: T0 + MIN,
      trips: 1,
    });
    expect(Array.from(once.message!)).toHaveLength(BREAKER_MESSAGE_CHARS);
    const twice = tripBreaker(once, { kind: "rate_limit", message: "again", retryAfterMs: 1000 }, T0 + MIN);
    expect(twice).toMatchObject({ untilMs: T0 + 3 * MIN, trips: 2 });
    expect("fingerprint" in twice).toBe(false);
  });

  it("keeps the fingerprint it tripped under, in the file too; foreign = open under another one", () => {
    const file = join(tempDir(), "ledger.json");
    updateLedger(file, T0, (l) => {
      l.breaker = tripBreaker(l.breaker, { kind: "auth", message: "401" }, T0, "anthropic|m|u|K|ab12");
    });
    expect(JSON.parse(readFileSync(file, "utf8")).breaker.fingerprint).toBe("anthropic|m|u|K|ab12");
    const b = readLedger(file).breaker;
    expect(b).toMatchObject({ state: "open", fingerprint: "anthropic|m|u|K|ab12", trips: 1 });
    expect(isForeignBreaker(b, "anthropic|m|u|K|ab12")).toBe(false);
    expect(isForeignBreaker(b, "anthropic|m|u|K|cd34")).toBe(true);
    expect(isForeignBreaker(b, undefined)).toBe(true);
    expect(isForeignBreaker(closedBreaker(), "other")).toBe(false);
    expect(breakerStatus(file, T0, "anthropic|m|u|K|cd34")).toEqual({ open: false, trips: 0 });
    expect(breakerStatus(file, T0, "anthropic|m|u|K|ab12")).toMatchObject({ open: true, reason: "auth" });
    expect(resetBreaker(file, T0)).toBe(true);
    expect(readLedger(file).breaker).toEqual({ state: "closed", trips: 0 });
  });
});

const CHILD = `
  const { guardProvider, updateLedger } = require(process.argv[2]);
  const [file, now, m] = [process.argv[3], Number(process.argv[4]), Number(process.argv[5])];
  const inner = { id: "offline", model: "child", async complete() {
    return { content: [{ type: "text", text: "ok" }], stopReason: "end_turn", usage: { inputTokens: 3, outputTokens: 2 }, model: "child" };
  } };
  const p = guardProvider(inner, { ledgerFile: file, maxTokensPerDay: 1e9, maxInputTokensPerCall: 1e6,
    maxOutputTokensPerCall: 100, now: () => now });
  (async () => {
    for (let i = 0; i < m; i++)
      await p.complete({ system: "s", messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }], tools: [], maxOutputTokens: 10 });
    process.stdout.write("done");
  })().catch((e) => { console.error(e); process.exit(1); });
`;

/**
 * argv: bundle, ledger file, now, calls, day cap, provider delay (ms). Makes the calls one after the
 * other through a slow provider that reports the worst case (the whole estimate billed, the whole
 * output cap generated); prints one JSON line per call: what was admitted, or the refusal.
 */
const SLOW_CHILD = `
  const { guardProvider, estimateRequestTokens } = require(process.argv[2]);
  const [file, now, m, cap, delay] = process.argv.slice(3).map((v, i) => (i === 0 ? v : Number(v)));
  const req = { system: "s", messages: [{ role: "user", content: [{ type: "text", text: "x".repeat(12000) }] }],
    tools: [], maxOutputTokens: 4096 };
  let admitted;
  const inner = { id: "offline", model: "slow", async complete(r) {
    admitted = { est: estimateRequestTokens(r), max: r.maxOutputTokens };
    await new Promise((ok) => setTimeout(ok, delay));
    return { content: [{ type: "text", text: "ok" }], stopReason: "end_turn", model: "slow",
      usage: { inputTokens: admitted.est, outputTokens: admitted.max } };
  } };
  const g = guardProvider(inner, { ledgerFile: file, maxTokensPerDay: cap, maxInputTokensPerCall: 1e6,
    maxOutputTokensPerCall: 1500, now: () => now });
  (async () => {
    for (let i = 0; i < m; i++) {
      try { await g.complete(req); process.stdout.write(JSON.stringify(admitted) + "\\n"); }
      catch (e) { if (e.kind !== "budget") throw e; process.stdout.write(JSON.stringify({ refused: e.message }) + "\\n"); }
    }
  })().catch((e) => { console.error(e); process.exit(1); });
`;

describe("concurrent processes", () => {
  let bundle: ReturnType<typeof bundleForChildren>;
  beforeAll(() => {
    bundle = bundleForChildren("llm/ledger/index.ts");
  });
  afterAll(() => bundle.cleanup());

  it("N processes × M guarded calls all count", async () => {
    const dir = tempDir();
    const file = join(dir, "ledger.json");
    const script = join(dir, "child.cjs");
    writeFileSync(script, CHILD);
    const N = 6;
    const M = 25;
    const runs = await Promise.all(
      Array.from({ length: N }, () => runChild(script, [bundle.file, file, String(T0), String(M)])),
    );
    for (const r of runs) expect(r, r.err).toMatchObject({ code: 0, out: "done" });
    // each call updates twice (admission + usage): 2·N·M locked read-modify-writes in total
    expect(spentToday(file, T0)).toEqual({
      inputTokens: 3 * N * M,
      outputTokens: 2 * N * M,
      calls: N * M,
      refused: 0,
    });
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it("N processes calling at once through a slow provider never admit more than the day's cap", async () => {
    const dir = tempDir();
    const file = join(dir, "ledger.json");
    const script = join(dir, "slow-child.cjs");
    writeFileSync(script, SLOW_CHILD);
    const est = estimateRequestTokens({
      system: "s",
      messages: [{ role: "user", content: [{ type: "text", text: "x".repeat(12000) }] }],
      tools: [],
      maxOutputTokens: 4096,
    });
    expect(est).toBeGreaterThan(3000);
    // Two full calls (est + 1500 each), then a third clamped to 500 output tokens, then nothing.
    const cap = 2 * (est + 1500) + est + 500;
    const N = 6;
    const M = 2;
    const runs = await Promise.all(
      Array.from({ length: N }, () =>
        runChild(script, [bundle.file, file, String(T0), String(M), String(cap), "1500"]),
      ),
    );
    for (const r of runs) expect(r.code, r.err).toBe(0);
    const lines = runs.flatMap((r) =>
      r.out
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l)),
    );
    expect(lines).toHaveLength(N * M);
    const admitted = lines.filter((l) => l.refused === undefined) as { est: number; max: number }[];
    const held = admitted.reduce((n, a) => n + a.est + a.max, 0);
    expect(held).toBeLessThanOrEqual(cap);
    expect(admitted.map((a) => a.max).sort((x, y) => x - y)).toEqual([500, 1500, 1500]);
    expect(lines.filter((l) => l.refused !== undefined)).toHaveLength(N * M - 3);
    expect(spentToday(file, T0)).toEqual({
      inputTokens: 3 * est,
      outputTokens: 3500,
      calls: 3,
      refused: N * M - 3,
    });
    expect(JSON.parse(readFileSync(file, "utf8")).days[utcDay(T0)].reserved).toBeUndefined();
  });
});
