/**
 * Racing reclaimers (DESIGN.md §3.2 liveness): N real processes find the same dead holder's lock
 * at the same moment; exactly one may win. Children are released together through their stdin
 * and stay alive (holding what they won) until every child has answered.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readLockOwner } from "../../src/core/lock.js";
import { bundleForChildren } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const CHILD = `
  const { tryAcquireLock } = require(process.argv[1]);
  const lockPath = process.argv[2];
  const stale = process.argv[3] === "stale" ? { staleMs: 1000 } : {};
  process.stdout.write("ready\\n");
  process.stdin.once("data", () => {
    const h = tryAcquireLock(lockPath, stale);
    process.stdout.write((h ? "win" : "lose") + "\\n");
    process.stdin.on("end", () => process.exit(0));
  });
`;

interface Racer {
  child: ChildProcess;
  ready: Promise<void>;
  result: Promise<string>;
}

function startRacer(bundle: string, lockPath: string, mode: string): Racer {
  const child = spawn(process.execPath, ["-e", CHILD, bundle, lockPath, mode], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  let onReady!: () => void;
  let onResult!: (s: string) => void;
  const ready = new Promise<void>((r) => {
    onReady = r;
  });
  const result = new Promise<string>((r) => {
    onResult = r;
  });
  child.stdout!.on("data", (d) => {
    out += d;
    if (out.includes("ready\n")) onReady();
    const m = /ready\n(win|lose)\n/.exec(out);
    if (m) onResult(m[1]!);
  });
  return { child, ready, result };
}

async function deadPid(): Promise<number> {
  const c = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((r) => c.once("exit", r));
  return c.pid!;
}

async function race(bundle: string, lockPath: string, n: number, mode: string): Promise<number[]> {
  const racers = Array.from({ length: n }, () => startRacer(bundle, lockPath, mode));
  await Promise.all(racers.map((r) => r.ready));
  for (const r of racers) r.child.stdin!.write("go\n");
  const results = await Promise.all(racers.map((r) => r.result));
  const winners = racers.filter((_, i) => results[i] === "win").map((r) => r.child.pid!);
  const exits = racers.map((r) => new Promise((res) => r.child.once("exit", res)));
  for (const r of racers) r.child.stdin!.end();
  await Promise.all(exits);
  return winners;
}

describe("racing reclaimers", () => {
  let bundle: ReturnType<typeof bundleForChildren>;
  beforeAll(() => {
    bundle = bundleForChildren("core/lock.ts");
  });
  afterAll(() => bundle.cleanup());

  it("exactly one of 8 processes reclaims a dead holder's lock, 20 rounds in a row", {
    timeout: 180_000,
  }, async () => {
    const dir = tempDir();
    for (let round = 0; round < 20; round++) {
      const lockPath = join(dir, `round-${round}.lock`);
      writeFileSync(
        lockPath,
        JSON.stringify({ pid: await deadPid(), token: `dead-${round}`, acquiredAt: 0 }),
      );
      const winners = await race(bundle.file, lockPath, 8, "dead");
      expect(winners, `round ${round}`).toHaveLength(1);
      expect(readLockOwner(lockPath)?.pid).toBe(winners[0]);
    }
    // No reclaim guard or temp file is left behind.
    expect(readdirSync(dir).filter((f) => !f.endsWith(".lock"))).toEqual([]);
  });

  it("exactly one of 8 processes takes a free lock or a staleMs-expired one", {
    timeout: 180_000,
  }, async () => {
    const dir = tempDir();
    for (let round = 0; round < 5; round++) {
      const free = join(dir, `free-${round}.lock`);
      expect(await race(bundle.file, free, 8, "dead")).toHaveLength(1);
      const stale = join(dir, `stale-${round}.lock`);
      writeFileSync(stale, "{}");
      const { utimesSync } = await import("node:fs");
      utimesSync(stale, 1, 1);
      const winners = await race(bundle.file, stale, 8, "stale");
      expect(winners).toHaveLength(1);
      expect(readLockOwner(stale)?.pid).toBe(winners[0]);
    }
  });
});
