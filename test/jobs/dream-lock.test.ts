/**
 * The consolidation lock (seed 000 §24.6; issue 5 point 2) with real processes: racing acquirers,
 * holders killed with SIGKILL (dead PID reclaimed, prior mtime recovered) and with SIGTERM/SIGINT/
 * SIGHUP (rolled back by the signal handler), the 1-hour hold, and the single stat of
 * readLastConsolidatedAt. Children run a bundle of src/jobs/dream/lock.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPidAlive } from "../../src/core/lock.js";
import {
  HOLD_MS,
  installRollbackOnSignals,
  LOCK_FILE,
  PRIOR_FILE,
  readLastConsolidatedAt,
  recoverStaleConsolidationLock,
  tryAcquireConsolidationLock,
} from "../../src/jobs/dream/lock.js";
import { bundleForChildren } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const CHILD = `
  const fs = require("node:fs");
  const [bundle, mode, dir, arg] = process.argv.slice(1);
  if (mode === "stat-count") {
    const counts = {};
    for (const k of Object.keys(fs)) {
      if (typeof fs[k] !== "function" || !/Sync$/.test(k)) continue;
      const orig = fs[k];
      fs[k] = function (...a) { counts[k] = (counts[k] || 0) + 1; return orig.apply(this, a); };
    }
    const lock = require(bundle);
    for (const k of Object.keys(counts)) delete counts[k];
    const value = lock.readLastConsolidatedAt(dir);
    process.stdout.write(JSON.stringify({ value: value === undefined ? null : value, counts }) + "\\n");
    process.exit(0);
  }
  const lock = require(bundle);
  const acquire = () => lock.tryAcquireConsolidationLock(dir, { pid: process.pid, nowMs: Date.now() });
  const say = (r) => process.stdout.write(JSON.stringify(r.ok
    ? { win: true, prior: r.priorMtimeMs === undefined ? null : r.priorMtimeMs }
    : { win: false, holder: r.holderPid }) + "\\n");
  if (mode === "race") {
    process.stdout.write("ready\\n");
    process.stdin.once("data", () => {
      say(acquire());
      process.stdin.on("end", () => process.exit(0));
    });
  } else if (mode === "hold") {
    const r = acquire();
    if (r.ok && arg === "signals") lock.installRollbackOnSignals(r);
    process.stdout.write("ready\\n");
    say(r);
    setInterval(() => {}, 1000);
  }
`;

interface Child {
  child: ChildProcess;
  ready: Promise<void>;
  result: Promise<{ win: boolean; prior?: number | null; holder?: number }>;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function start(bundle: string, mode: string, dir: string, arg = ""): Child {
  const child = spawn(process.execPath, ["-e", CHILD, bundle, mode, dir, arg], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  let onReady!: () => void;
  let onResult!: (r: Child["result"] extends Promise<infer T> ? T : never) => void;
  const ready = new Promise<void>((r) => (onReady = r));
  const result = new Promise<Awaited<Child["result"]>>((r) => (onResult = r));
  const exit = new Promise<Awaited<Child["exit"]>>((r) =>
    child.once("exit", (code, signal) => r({ code, signal })),
  );
  child.stdout!.on("data", (d) => {
    out += d;
    if (out.includes("ready\n")) onReady();
    const m = /ready\n(\{.*\})\n/.exec(out);
    if (m) onResult(JSON.parse(m[1]!));
  });
  return { child, ready, result, exit };
}

async function deadPid(): Promise<number> {
  const c = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => c.once("exit", r));
  return c.pid!;
}

const DAY = 86_400_000;
const lockOf = (dir: string) => join(dir, LOCK_FILE);
const priorOf = (dir: string) => join(dir, PRIOR_FILE);
/** A finished lock (empty content) with mtime `ms`. */
function plantFinished(dir: string, ms: number, content = ""): void {
  writeFileSync(lockOf(dir), content);
  utimesSync(lockOf(dir), new Date(ms), new Date(ms));
}
const mtime = (dir: string) => Math.round(statSync(lockOf(dir)).mtimeMs);

describe("consolidation lock across processes", () => {
  let bundle: ReturnType<typeof bundleForChildren>;
  beforeAll(() => {
    bundle = bundleForChildren("jobs/dream/lock.ts");
  });
  afterAll(() => bundle.cleanup());

  it("exactly one of 6 racing processes wins, whatever the starting state", {
    timeout: 120_000,
  }, async () => {
    const priorMs = Date.now() - 2 * DAY;
    for (const state of ["none", "finished", "dead-in-progress", "dead-old-pid"] as const) {
      for (let round = 0; round < 3; round++) {
        const dir = tempDir();
        if (state === "finished") plantFinished(dir, priorMs);
        if (state === "dead-old-pid") plantFinished(dir, priorMs, String(await deadPid()));
        if (state === "dead-in-progress") {
          const pid = await deadPid();
          plantFinished(dir, Date.now() - 60_000, String(pid));
          writeFileSync(priorOf(dir), JSON.stringify({ pid, priorMtimeMs: priorMs }));
        }
        const racers = Array.from({ length: 6 }, () => start(bundle.file, "race", dir));
        await Promise.all(racers.map((r) => r.ready));
        for (const r of racers) r.child.stdin!.write("go\n");
        const results = await Promise.all(racers.map((r) => r.result));
        const winners = racers.filter((_, i) => results[i]!.win);
        const label = `${state} round ${round}`;
        expect(winners, label).toHaveLength(1);
        const winnerPid = winners[0]!.child.pid!;
        expect(readFileSync(lockOf(dir), "utf8"), label).toBe(String(winnerPid));
        expect(JSON.parse(readFileSync(priorOf(dir), "utf8")).pid, label).toBe(winnerPid);
        for (const r of results.filter((x) => !x.win)) expect(r.holder, label).toBe(winnerPid);
        const prior = results.find((x) => x.win)!.prior;
        expect(prior, label).toBe(state === "none" ? null : priorMs);
        for (const r of racers) r.child.stdin!.end();
        await Promise.all(racers.map((r) => r.exit));
      }
    }
  });

  for (const prior of ["a prior lock", "no prior lock"] as const) {
    it(`a holder killed with SIGKILL leaves a lock the next run reclaims (${prior})`, async () => {
      const dir = tempDir();
      const priorMs = Date.now() - 3 * DAY + 123;
      if (prior === "a prior lock") plantFinished(dir, priorMs);
      const holder = start(bundle.file, "hold", dir, "signals");
      expect((await holder.result).win).toBe(true);
      const pid = holder.child.pid!;
      // While it lives, nobody else gets the lock, and recovery leaves it alone.
      const busy = tryAcquireConsolidationLock(dir, { pid: process.pid, nowMs: Date.now() });
      expect(busy).toEqual({ ok: false, reason: "held", holderPid: pid });
      expect(recoverStaleConsolidationLock(dir, { pid: process.pid })).toEqual({
        recovered: false,
        reason: "holder-alive",
      });
      holder.child.kill("SIGKILL");
      expect((await holder.exit).signal).toBe("SIGKILL");
      // SIGKILL runs no handler: the lock still names the dead holder and is younger than 1 h.
      expect(readFileSync(lockOf(dir), "utf8")).toBe(String(pid));
      expect(Date.now() - mtime(dir)).toBeLessThan(HOLD_MS);
      const expectPrior = prior === "a prior lock" ? priorMs : undefined;
      expect(recoverStaleConsolidationLock(dir, { pid: process.pid })).toEqual({
        recovered: true,
        holderPid: pid,
        priorMtimeMs: expectPrior,
      });
      expect(readLastConsolidatedAt(dir)).toBe(expectPrior);
      expect(existsSync(priorOf(dir))).toBe(false);
      // The next run takes it, with the real last consolidation as its prior.
      const next = tryAcquireConsolidationLock(dir, { pid: process.pid, nowMs: Date.now() });
      expect(next.ok && next.priorMtimeMs).toBe(prior === "a prior lock" ? priorMs : undefined);
    });
  }

  it("the next run reclaims a SIGKILLed holder's lock directly (recovery inside acquire)", async () => {
    const dir = tempDir();
    const priorMs = Date.now() - 2 * DAY + 7;
    plantFinished(dir, priorMs);
    const holder = start(bundle.file, "hold", dir);
    expect((await holder.result).win).toBe(true);
    holder.child.kill("SIGKILL");
    await holder.exit;
    const nowMs = Date.now();
    const r = tryAcquireConsolidationLock(dir, { pid: process.pid, nowMs });
    expect(r.ok && r.priorMtimeMs).toBe(priorMs);
    expect(readFileSync(lockOf(dir), "utf8")).toBe(String(process.pid));
    expect(mtime(dir)).toBe(nowMs);
    if (r.ok) r.rollback();
    expect(readLastConsolidatedAt(dir)).toBe(priorMs);
  });

  for (const [sig, code] of [
    ["SIGTERM", 143],
    ["SIGINT", 130],
    ["SIGHUP", 129],
  ] as const) {
    it(`a holder killed with ${sig} rolls the mtime back exactly and exits ${code}`, async () => {
      const dir = tempDir();
      const priorMs = Date.now() - 5 * DAY + 999;
      plantFinished(dir, priorMs);
      const holder = start(bundle.file, "hold", dir, "signals");
      expect((await holder.result).win).toBe(true);
      expect(mtime(dir)).not.toBe(priorMs);
      holder.child.kill(sig);
      expect(await holder.exit).toEqual({ code, signal: null });
      expect(readLastConsolidatedAt(dir)).toBe(priorMs);
      expect(existsSync(priorOf(dir))).toBe(false);
    });
  }

  it("a holder killed with SIGTERM removes the lock when there was none", async () => {
    const dir = tempDir();
    const holder = start(bundle.file, "hold", dir, "signals");
    expect((await holder.result).win).toBe(true);
    expect(existsSync(lockOf(dir))).toBe(true);
    holder.child.kill("SIGTERM");
    expect((await holder.exit).code).toBe(143);
    expect(existsSync(lockOf(dir))).toBe(false);
    expect(existsSync(priorOf(dir))).toBe(false);
    expect(readLastConsolidatedAt(dir)).toBeUndefined();
  });

  it("a live holder blocks for exactly 1 hour after the mtime, then no longer", async () => {
    const dir = tempDir();
    const sleeper = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      const t = Date.now() - 10 * DAY + 42;
      plantFinished(dir, t, String(sleeper.pid));
      expect(isPidAlive(sleeper.pid)).toBe(true);
      expect(tryAcquireConsolidationLock(dir, { pid: process.pid, nowMs: t + HOLD_MS - 1 })).toEqual({
        ok: false,
        reason: "held",
        holderPid: sleeper.pid,
      });
      expect(mtime(dir)).toBe(t); // a refusal writes nothing
      const r = tryAcquireConsolidationLock(dir, { pid: process.pid, nowMs: t + HOLD_MS });
      expect(r.ok && r.priorMtimeMs).toBe(t);
      expect(mtime(dir)).toBe(t + HOLD_MS);
      // Success: content emptied (finished), mtime = the release time.
      if (r.ok) r.release(t + HOLD_MS + 5_000);
      expect(readFileSync(lockOf(dir), "utf8")).toBe("");
      expect(readLastConsolidatedAt(dir)).toBe(t + HOLD_MS + 5_000);
    } finally {
      sleeper.kill("SIGKILL");
    }
  });

  it("readLastConsolidatedAt does one stat and nothing else", async () => {
    const dir = tempDir();
    const count = async () => {
      const c = start(bundle.file, "stat-count", dir);
      let out = "";
      c.child.stdout!.on("data", (d) => (out += d));
      await c.exit;
      return JSON.parse(out.trim()) as { value: number | null; counts: Record<string, number> };
    };
    expect(await count()).toEqual({ value: null, counts: { statSync: 1 } });
    plantFinished(dir, 1_700_000_000_123);
    expect(await count()).toEqual({ value: 1_700_000_000_123, counts: { statSync: 1 } });
  });
});

describe("consolidation lock states (one process)", () => {
  const T = 1_800_000_000_000;

  it("release empties the content, sets the mtime and frees the lock; release and rollback are idempotent", () => {
    const dir = tempDir();
    const r = tryAcquireConsolidationLock(dir, { pid: process.pid, nowMs: T });
    if (!r.ok) throw new Error("expected the lock");
    expect(r.priorMtimeMs).toBeUndefined();
    expect(JSON.parse(readFileSync(priorOf(dir), "utf8"))).toEqual({ pid: process.pid, priorMtimeMs: null });
    r.release();
    expect(readLastConsolidatedAt(dir)).toBe(T); // default: the acquire time, as in the seed
    expect(readFileSync(lockOf(dir), "utf8")).toBe("");
    expect(existsSync(priorOf(dir))).toBe(false);
    r.rollback(); // after release: nothing
    r.release(T + 99);
    expect(readLastConsolidatedAt(dir)).toBe(T);
    // A finished lock holds nobody, even 1 ms later and with our own (alive) PID asking.
    const again = tryAcquireConsolidationLock(dir, { pid: process.pid, nowMs: T + 1 });
    expect(again.ok && again.priorMtimeMs).toBe(T);
  });

  it("a holder taken over after 1 h cannot release or roll back the new holder's lock", () => {
    const dir = tempDir();
    const a = tryAcquireConsolidationLock(dir, { pid: 4242, nowMs: T, isAlive: () => true });
    const b = tryAcquireConsolidationLock(dir, { pid: 4343, nowMs: T + HOLD_MS, isAlive: () => true });
    if (!a.ok || !b.ok) throw new Error("both should win, one hour apart");
    expect(b.priorMtimeMs).toBeUndefined(); // the taken-over dream never finished: its prior carries over
    a.rollback();
    a.release(T + 5);
    expect(readFileSync(lockOf(dir), "utf8")).toBe("4343");
    expect(readLastConsolidatedAt(dir)).toBe(T + HOLD_MS);
    expect(JSON.parse(readFileSync(priorOf(dir), "utf8")).pid).toBe(4343);
    b.rollback();
    expect(existsSync(lockOf(dir))).toBe(false);
  });

  it("recovery leaves finished locks alone, including Claude Code's PID-only ones, and drops orphan sidecars", () => {
    const dir = tempDir();
    const dead = () => false;
    expect(recoverStaleConsolidationLock(dir, { pid: 1, isAlive: dead })).toEqual({
      recovered: false,
      reason: "not-in-progress",
    });
    plantFinished(dir, T - DAY, "31337"); // Claude Code leaves its PID after a successful dream
    expect(recoverStaleConsolidationLock(dir, { pid: 1, isAlive: dead })).toEqual({
      recovered: false,
      reason: "not-in-progress",
    });
    expect(readLastConsolidatedAt(dir)).toBe(T - DAY);
    // A sidecar whose PID no longer holds the lock (crash between sidecar and PID write).
    writeFileSync(priorOf(dir), JSON.stringify({ pid: 777, priorMtimeMs: 5 }));
    expect(recoverStaleConsolidationLock(dir, { pid: 1, isAlive: dead })).toEqual({
      recovered: false,
      reason: "orphan-sidecar-removed",
    });
    expect(existsSync(priorOf(dir))).toBe(false);
    expect(readLastConsolidatedAt(dir)).toBe(T - DAY);
    expect(readFileSync(lockOf(dir), "utf8")).toBe("31337");
  });

  it("installRollbackOnSignals adds one listener per signal and removes them", () => {
    const before = ["SIGINT", "SIGTERM", "SIGHUP"].map((s) => process.listenerCount(s));
    const uninstall = installRollbackOnSignals({ rollback() {} }, () => {});
    expect(["SIGINT", "SIGTERM", "SIGHUP"].map((s) => process.listenerCount(s))).toEqual(
      before.map((n) => n + 1),
    );
    uninstall();
    expect(["SIGINT", "SIGTERM", "SIGHUP"].map((s) => process.listenerCount(s))).toEqual(before);
  });
});
