import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import {
  acquireLockSync,
  isPidAlive,
  OWNERLESS_STALE_MS,
  readLockOwner,
  tryAcquireLock,
  withLockSync,
} from "../../src/core/lock.js";
import { bundleForChildren } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

/** The pid of a process that has exited (spawned, waited for). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  const pid = child.pid!;
  await new Promise((r) => child.once("exit", r));
  // The pid is not reused this fast in practice; make sure the probe agrees before relying on it.
  expect(() => process.kill(pid, 0)).toThrow(expect.objectContaining({ code: "ESRCH" }));
  return pid;
}

function plant(path: string, content: string, ageMs = 0): void {
  writeFileSync(path, content);
  if (ageMs > 0) {
    const t = (Date.now() - ageMs) / 1000;
    utimesSync(path, t, t);
  }
}

const sleepers: ChildProcess[] = [];
/** A live process of ours that idles until killed. */
function livePid(): number {
  const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  sleepers.push(child);
  return child.pid!;
}
afterAll(() => {
  for (const c of sleepers) c.kill("SIGKILL");
});

describe("isPidAlive", () => {
  it("our own pid is alive, an exited child's pid is dead", async () => {
    expect(isPidAlive(process.pid)).toBe(true);
    expect(isPidAlive(await deadPid())).toBe(false);
  });

  it("a missing or invalid pid counts as alive (backward compatible)", () => {
    for (const v of [undefined, null, "123", 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, {}]) {
      expect(isPidAlive(v)).toBe(true);
    }
  });

  it("EPERM (another user's process) counts as alive", () => {
    const probe = `
      const { isPidAlive } = require(process.argv[1]);
      const target = Number(process.argv[2]);
      if (process.getuid() === 0) process.setuid(65534);
      let raw;
      try { process.kill(target, 0); raw = "ok"; } catch (e) { raw = e.code; }
      process.stdout.write(JSON.stringify({ uid: process.getuid(), raw, alive: isPidAlive(target) }));
    `;
    const b = bundleForChildren("core/lock.ts");
    try {
      // Target: this (root-or-not) test process; the probe drops to uid 65534 when it can, so the
      // kernel answers EPERM. When the suite does not run as root, pid 1 belongs to root: EPERM too.
      const target = process.getuid?.() === 0 ? process.pid : 1;
      const r = spawnSync(process.execPath, ["-e", probe, b.file, String(target)], { encoding: "utf8" });
      expect(r.status, r.stderr).toBe(0);
      const out = JSON.parse(r.stdout) as { uid: number; raw: string; alive: boolean };
      expect(out.uid).not.toBe(0);
      expect(out.raw).toBe("EPERM");
      expect(out.alive).toBe(true);
    } finally {
      b.cleanup();
    }
  });
});

describe("tryAcquireLock", () => {
  it("takes a free lock, refuses a second taker, and is free again after release", () => {
    const path = join(tempDir(), "sub", "x.lock");
    const h = tryAcquireLock(path);
    expect(h).toBeDefined();
    expect(readLockOwner(path)).toMatchObject({ pid: process.pid, token: h!.token });
    expect(tryAcquireLock(path)).toBeUndefined();
    h!.release();
    h!.release(); // twice is safe
    expect(existsSync(path)).toBe(false);
    const h2 = tryAcquireLock(path);
    expect(h2).toBeDefined();
    h2!.release();
  });

  it("reclaims a lock whose holder is dead", async () => {
    const path = join(tempDir(), "dead.lock");
    const pid = await deadPid();
    plant(path, JSON.stringify({ pid, token: "old", acquiredAt: 1 }));
    const h = tryAcquireLock(path);
    expect(h).toBeDefined();
    expect(readLockOwner(path)).toMatchObject({ pid: process.pid, token: h!.token });
    expect(existsSync(`${path}.reclaim`)).toBe(false);
  });

  it("reclaims a legacy lock whose content is a bare dead pid", async () => {
    const path = join(tempDir(), "legacy.lock");
    plant(path, `${await deadPid()}\n`);
    expect(tryAcquireLock(path)).toBeDefined();
  });

  it("an empty lock file (its creator died before writing its pid) is reclaimed after OWNERLESS_STALE_MS, not before", () => {
    const dir = tempDir();
    const path = join(dir, "x.lock");
    plant(path, "");
    expect(tryAcquireLock(path)).toBeUndefined(); // fresh: its creator may be writing it right now
    plant(path, "", OWNERLESS_STALE_MS + 500);
    const h = tryAcquireLock(path);
    expect(h).toBeDefined();
    expect(readLockOwner(path)?.pid).toBe(process.pid);
    h!.release();
  });

  it("respects a live holder", () => {
    const path = join(tempDir(), "live.lock");
    plant(path, JSON.stringify({ pid: livePid(), token: "t" }));
    expect(tryAcquireLock(path)).toBeUndefined();
    expect(readLockOwner(path)?.token).toBe("t");
  });

  it("treats a holder the probe reports as alive (e.g. EPERM) as alive", async () => {
    const path = join(tempDir(), "eperm.lock");
    const pid = await deadPid();
    plant(path, JSON.stringify({ pid, token: "t" }));
    expect(tryAcquireLock(path, { isAlive: () => true })).toBeUndefined();
    expect(tryAcquireLock(path)).toBeDefined();
  });

  it("treats a missing or invalid pid as alive unless the lock is older than staleMs", () => {
    const dir = tempDir();
    // (An empty file is a creator that died mid-create: see the OWNERLESS_STALE_MS test.)
    const contents = ["{}", '{"pid":"12"}', '{"pid":-4}', '{"pid":2.5}', "not json"];
    contents.forEach((c, i) => {
      const path = join(dir, `${i}.lock`);
      plant(path, c, 60_000);
      expect(tryAcquireLock(path), `content ${JSON.stringify(c)}`).toBeUndefined();
      expect(tryAcquireLock(path, { staleMs: 120_000 })).toBeUndefined();
      expect(tryAcquireLock(path, { staleMs: 30_000 })).toBeDefined();
    });
  });

  it("staleMs overrides a live pid", () => {
    const path = join(tempDir(), "old.lock");
    plant(path, JSON.stringify({ pid: process.pid, token: "t" }), 5_000);
    expect(tryAcquireLock(path, { staleMs: 10_000 })).toBeUndefined();
    expect(tryAcquireLock(path, { staleMs: 1_000 })).toBeDefined();
  });

  it("backs off while another reclaimer holds a fresh guard, and clears a guard left by a dead reclaimer", async () => {
    const path = join(tempDir(), "g.lock");
    plant(path, JSON.stringify({ pid: await deadPid(), token: "old" }));
    plant(`${path}.reclaim`, "{}");
    expect(tryAcquireLock(path)).toBeUndefined();
    plant(`${path}.reclaim`, "{}", 20_000);
    expect(tryAcquireLock(path)).toBeDefined();
  });

  it("release leaves a lock that someone else has taken over", () => {
    const path = join(tempDir(), "r.lock");
    const h = tryAcquireLock(path)!;
    plant(path, JSON.stringify({ pid: process.pid, token: "someone-else" }));
    h.release();
    expect(readLockOwner(path)?.token).toBe("someone-else");
  });

  it("writes the pid given in options", () => {
    const path = join(tempDir(), "p.lock");
    const pid = livePid();
    const h = tryAcquireLock(path, { pid })!;
    expect(readLockOwner(path)?.pid).toBe(pid);
    h.release();
  });
});

describe("acquireLockSync / withLockSync", () => {
  it("times out with LOCK_TIMEOUT naming the holder", () => {
    const path = join(tempDir(), "t.lock");
    const pid = livePid();
    plant(path, JSON.stringify({ pid, token: "t", acquiredAt: Date.UTC(2026, 0, 2) }));
    let err: unknown;
    try {
      acquireLockSync(path, { timeoutMs: 50 });
    } catch (e) {
      err = e;
    }
    expect(isMemdirError(err, "LOCK_TIMEOUT")).toBe(true);
    expect(String((err as Error).message)).toContain(`held by pid ${pid} since 2026-01-02T00:00:00.000Z`);
  });

  it("withLockSync releases when fn throws", () => {
    const path = join(tempDir(), "w.lock");
    expect(() =>
      withLockSync(path, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(existsSync(path)).toBe(false);
    expect(withLockSync(path, () => 42)).toBe(42);
  });

  describe("across processes", () => {
    let bundle: ReturnType<typeof bundleForChildren>;
    beforeAll(() => {
      bundle = bundleForChildren("core/lock.ts");
    });
    afterAll(() => bundle.cleanup());

    it("serializes read-modify-write of a counter between 4 processes (no lost update)", async () => {
      const dir = tempDir();
      const counter = join(dir, "counter");
      writeFileSync(counter, "0");
      const code = `
        const fs = require("node:fs");
        const { withLockSync } = require(process.argv[1]);
        const [lock, file] = [process.argv[2], process.argv[3]];
        for (let i = 0; i < 50; i++) {
          withLockSync(lock, () => {
            const n = Number(fs.readFileSync(file, "utf8"));
            fs.writeFileSync(file, String(n + 1));
          }, { timeoutMs: 30000 });
        }
      `;
      const runs = Array.from({ length: 4 }, () => {
        const c = spawn(process.execPath, ["-e", code, bundle.file, join(dir, "c.lock"), counter], {
          stdio: ["ignore", "ignore", "pipe"],
        });
        let err = "";
        c.stderr!.on("data", (d) => {
          err += d;
        });
        return new Promise<void>((res, rej) =>
          c.once("exit", (status) => (status === 0 ? res() : rej(new Error(err)))),
        );
      });
      await Promise.all(runs);
      expect(readFileSync(counter, "utf8")).toBe("200");
    });
  });
});
