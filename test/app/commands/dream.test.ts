/**
 * `memdir dream` through the real bin (dist/memdir.cjs) as separate processes (issue 5 "what must be
 * shown"): two dreams started at once (exactly one consolidates, the other records a `lock` skip);
 * a holder killed with SIGKILL leaves a lock the next run reclaims; SIGTERM and `memdir dream
 * --kill` roll the lock's mtime back. A slow scripted model (Anthropic wire protocol on 127.0.0.1)
 * keeps the dream running long enough to be caught in the act.
 */
import { type ChildProcess, spawn } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BIN } from "../../helpers/bin.js";
import { TEST_API_KEY } from "../../helpers/scripted-llm/harness.js";
import { type ScriptedServer, startAnthropicServer } from "../../helpers/scripted-llm/index.js";
import { tempDir } from "../../helpers/tmp.js";

const servers: ScriptedServer[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill("SIGKILL");
  for (const s of servers.splice(0)) await s.close();
});

const TOPIC = (name: string, desc: string, body: string) =>
  `---\nname: ${name}\ndescription: ${desc}\ntype: project\n---\n${body}\n`;

async function setup(o: { model?: boolean } = {}) {
  const home = tempDir("memdir-dream-cli-");
  const project = join(home, "project");
  const memoryDir = join(home, "memory");
  mkdirSync(project, { recursive: true });
  mkdirSync(memoryDir, { recursive: true });
  mkdirSync(join(home, ".memdir"), { recursive: true });
  writeFileSync(
    join(memoryDir, "deploy.md"),
    TOPIC("deploy", "Deploys go out on Fridays", "Deploys go out on Fridays."),
  );
  writeFileSync(
    join(memoryDir, "ci.md"),
    TOPIC("ci", "CI runs on GitHub Actions", "CI runs on GitHub Actions."),
  );
  let server: ScriptedServer | undefined;
  const config: Record<string, unknown> = { harnessLoadsMemoryMd: false };
  if (o.model) {
    server = await startAnthropicServer();
    servers.push(server);
    config.llm = { provider: "anthropic", baseUrl: server.url, model: "scripted-1", timeoutMs: 60_000 };
  }
  writeFileSync(join(home, ".memdir", "config.json"), JSON.stringify(config));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith("MEMDIR_") && !k.startsWith("CLAUDE") && !k.startsWith("ANTHROPIC"))
      env[k] = v;
  Object.assign(env, {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_MEMORY_DIR: memoryDir,
    CLAUDE_PROJECT_DIR: project,
    ANTHROPIC_API_KEY: TEST_API_KEY,
  });
  const start = (args: string[]) => {
    const p = spawn(process.execPath, [BIN, ...args], { env, stdio: ["ignore", "pipe", "pipe"] });
    children.push(p);
    let out = "";
    let err = "";
    p.stdout!.on("data", (d) => (out += d));
    p.stderr!.on("data", (d) => (err += d));
    const done = new Promise<{
      code: number | null;
      signal: NodeJS.Signals | null;
      out: string;
      err: string;
    }>((r) => p.on("close", (code, signal) => r({ code, signal, out, err })));
    return { p, done };
  };
  const run = (args: string[]) => start(args).done;
  const lockFile = join(memoryDir, ".consolidate-lock");
  const setLastConsolidated = (ms: number) => {
    writeFileSync(lockFile, "");
    utimesSync(lockFile, ms / 1000, ms / 1000);
  };
  const events = () =>
    existsSync(join(home, ".memdir", "logs", "events.jsonl"))
      ? readFileSync(join(home, ".memdir", "logs", "events.jsonl"), "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as Record<string, unknown>)
      : [];
  /** Resolves once `pid` holds the lock with a dream in progress (content = pid, sidecar present) and waits on the model. */
  const whenHolding = async (pid: number) => {
    for (let i = 0; i < 400; i++) {
      const content = existsSync(lockFile) ? readFileSync(lockFile, "utf8").trim() : "";
      if (content === String(pid) && existsSync(`${lockFile}.prior`) && (server?.requests.length ?? 1) > 0)
        return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`process ${pid} never took the consolidation lock`);
  };
  const slowNothing = (delayMs: number) =>
    server!.enqueue({ text: '{"status":"nothing","notes":"all consolidated"}', delayMs });
  return {
    home,
    memoryDir,
    lockFile,
    server,
    start,
    run,
    setLastConsolidated,
    events,
    whenHolding,
    slowNothing,
  };
}

const mtime = (f: string) => Math.round(statSync(f).mtimeMs);

describe("memdir dream as processes", () => {
  it("`memdir dream` with no flag consolidates now; `--gated` waits for the gates; `--force` is still accepted", async () => {
    const s = await setup();
    const hourAgo = Date.now() - 3_600_000;
    s.setLastConsolidated(hourAgo);
    const gated = await s.run(["dream", "--gated", "--json"]);
    expect(gated.code, gated.err).toBe(0);
    expect(JSON.parse(gated.out)).toMatchObject({ status: "skipped", reason: "time" });
    expect(Math.abs(mtime(s.lockFile) - hourAgo)).toBeLessThan(5); // untouched
    const now = await s.run(["dream", "--json"]);
    expect(now.code, now.err).toBe(0);
    expect(JSON.parse(now.out).status).toBe("done");
    expect(mtime(s.lockFile)).toBeGreaterThan(hourAgo + 1000); // stamped: the next gated run waits 24 h
    const forced = await s.run(["dream", "--force", "--json"]);
    expect(JSON.parse(forced.out).status).toBe("done");
    const both = await s.run(["dream", "--gated", "--force"]);
    expect(both.code).not.toBe(0);
    expect(both.err).toMatch(/cannot be used with option '--force'/);
    // A dry run prints the plan whatever the gates say: asking for both is refused, not half-honoured.
    const preview = await s.run(["dream", "--gated", "--dry-run"]);
    expect(preview.code).not.toBe(0);
    expect(preview.err).toMatch(/cannot be used with option '--dry-run'/);
    const text = await s.run(["dream", "--gated"]);
    expect(text.out).toMatch(/run `memdir dream` \(without --gated\) to consolidate now/);
  });

  it("two dreams started at once (no flag): exactly one consolidates, the other records a lock skip", async () => {
    const s = await setup({ model: true });
    s.slowNothing(1500);
    s.slowNothing(1500);
    const [a, b] = await Promise.all([s.run(["dream", "--json"]), s.run(["dream", "--json"])]);
    const outs = [a, b].map((r) => {
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out) as { status: string; reason?: string };
    });
    expect(outs.map((o) => o.status).sort()).toEqual(["done", "skipped"]);
    expect(outs.find((o) => o.status === "skipped")!.reason).toBe("lock");
    expect(s.server!.requests).toHaveLength(1); // only the holder asked the model
    const ev = s.events();
    expect(ev.filter((e) => e.kind === "dream_skipped" && e.reason === "lock")).toHaveLength(1);
    expect(ev.filter((e) => e.kind === "dream_completed")).toHaveLength(1);
  });

  it("a holder killed with SIGKILL leaves a lock that the next run reclaims (dead PID)", async () => {
    const s = await setup({ model: true });
    const prior = Date.now() - 48 * 3_600_000;
    s.setLastConsolidated(prior);
    s.slowNothing(30_000);
    const first = s.start(["dream", "--force"]);
    await s.whenHolding(first.p.pid!);
    first.p.kill("SIGKILL");
    expect((await first.done).signal).toBe("SIGKILL");
    expect(readFileSync(s.lockFile, "utf8").trim()).toBe(String(first.p.pid)); // stale: nobody rolled back
    s.slowNothing(0);
    const second = await s.run(["dream", "--force", "--json"]);
    expect(second.code, second.err).toBe(0);
    expect(JSON.parse(second.out).status).toBe("done");
    expect(readFileSync(s.lockFile, "utf8")).toBe(""); // released by the second run
    expect(mtime(s.lockFile)).toBeGreaterThan(prior);
  });

  it("SIGTERM rolls the lock's mtime back to the last real consolidation", async () => {
    const s = await setup({ model: true });
    const prior = Math.floor((Date.now() - 30 * 3_600_000) / 1000) * 1000;
    s.setLastConsolidated(prior);
    s.slowNothing(30_000);
    const d = s.start(["dream", "--force"]);
    await s.whenHolding(d.p.pid!);
    d.p.kill("SIGTERM");
    const r = await d.done;
    expect(r.code).toBe(143);
    expect(mtime(s.lockFile)).toBe(prior);
    expect(existsSync(`${s.lockFile}.prior`)).toBe(false);
  });

  it("`memdir dream --kill` stops the running dream and rolls its lock back; with none running it says so", async () => {
    const s = await setup({ model: true });
    expect((await s.run(["dream", "--kill"])).out).toMatch(/no dream is running/);
    s.slowNothing(30_000);
    const d = s.start(["dream", "--force"]);
    await s.whenHolding(d.p.pid!);
    const k = await s.run(["dream", "--kill"]);
    expect(k.code, k.err).toBe(0);
    expect(k.out).toMatch(new RegExp(`dream ${d.p.pid} stopped; its lock was rolled back`));
    expect((await d.done).code).toBe(143);
    expect(existsSync(s.lockFile)).toBe(false); // never consolidated before: the lock file goes
  });

  it("SIGTERM while the plan is being applied: the change in hand finishes, what was written is one undoable change set, the lock rolls back", async () => {
    const s = await setup();
    const files = () => readdirSync(s.memoryDir).filter((f) => f.endsWith(".md") && f !== "MEMORY.md");
    // 150 pairs of exact duplicates: 150 merges, each a locked, fsynced replace and delete.
    for (let i = 0; i < 150; i++) {
      const text = TOPIC(
        `svc-${i}`,
        `Service ${i} is deployed by the ${i}th pipeline`,
        `Service ${i} is deployed by the ${i}th pipeline.`,
      );
      writeFileSync(join(s.memoryDir, `svc-${i}.md`), text);
      writeFileSync(join(s.memoryDir, `svc-${i}-copy.md`), text);
    }
    const prior = Math.floor((Date.now() - 30 * 3_600_000) / 1000) * 1000;
    s.setLastConsolidated(prior);
    const before = files().length;
    const d = s.start(["dream", "--force"]);
    for (let i = 0; i < 2000 && files().length === before && d.p.exitCode === null; i++)
      await new Promise((r) => setTimeout(r, 5));
    d.p.kill("SIGTERM");
    const r = await d.done;
    expect(r.code, r.err).toBe(143);
    const left = files().length;
    expect(left).toBeLessThan(before); // some merges were applied...
    expect(left).toBeGreaterThan(before - 150); // ...but not all of them
    expect(mtime(s.lockFile)).toBe(prior);
    const history = JSON.parse((await s.run(["history", "--json"])).out);
    expect(history.changeSets[0].kind).toBe("dream");
    const undo = await s.run(["undo"]);
    expect(undo.code, undo.err).toBe(0);
    expect(files().length).toBe(before);
  });
});
