/**
 * The hook bundles of the build (scripts/build.mjs): `memdir hook <Event> [--harness h]` runs
 * `dist/hooks/<h>/<Event>.cjs`, which holds that event's handler and that harness's adapter only. Each
 * captured stdin of each real CLI (test/fixtures/hooks/) goes through the bin and through the bundle of
 * every harness and event (`dist/hook.cjs`), each in a fresh sandbox: the same stdout, no log line
 * about a module missing from a bundle, and the event's own bundle is the one the bin ran (its V8 code
 * cache is the one written).
 */

import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { allAdapters } from "../../src/adapters/registry.js";
import { BIN, runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "hooks");
const HOOK_ALL = join(dirname(BIN), "hook.cjs");
const adapters = await allAdapters();

function sandbox() {
  const home = tempDir("memdir-bundles-");
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  const env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_NO_JOBS: "1",
  };
  const log = () => {
    try {
      return readFileSync(join(home, ".memdir", "logs", "memdir.log"), "utf8");
    } catch {
      return "";
    }
  };
  const caches = () => {
    try {
      return readdirSync(join(home, ".memdir", "cache", "v8"));
    } catch {
      return [];
    }
  };
  return { home, project, env, log, caches };
}

describe.each(adapters.map((a) => [a.name, a] as const))("%s hook bundles", (name, adapter) => {
  const dir = join(FIXTURES, name);
  const handled = readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .filter((f) => adapter.hookEvents.includes(f.replace(/\.json$/, "").split("-")[0] ?? ""));

  it.each(handled)("%s: its own bundle, the same stdout as dist/hook.cjs", (file) => {
    const event = file.replace(/\.json$/, "").split("-")[0] as string;
    const args = ["hook", event, "--harness", name];
    const run = (via: "bin" | "all") => {
      const s = sandbox();
      const input = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
      const stdin = JSON.stringify({ ...input, cwd: s.project, transcript_path: join(s.home, "t.jsonl") });
      const r =
        via === "bin"
          ? runBin(args, stdin, s.env)
          : spawnSync(process.execPath, [HOOK_ALL, ...args], {
              input: stdin,
              env: { PATH: process.env.PATH ?? "", ...s.env },
              encoding: "utf8",
            });
      expect(r.status, `${via}: ${r.stderr}`).toBe(0);
      return { stdout: r.stdout, log: s.log(), caches: s.caches() };
    };
    const own = run("bin");
    const all = run("all");
    expect(own.log).not.toMatch(/not in the hook bundle/);
    expect(own.log).not.toMatch(/"level":"error"/);
    expect(
      own.caches.some((f) => f.startsWith(`hooks-${name}-${event}-`)),
      own.caches.join(", "),
    ).toBe(true);
    expect(own.stdout).toBe(all.stdout);
  });

  it("an event without a bundle of its own goes to dist/hook.cjs, which says what it handles", () => {
    const s = sandbox();
    const r = runBin(["hook", "NoSuchEvent", "--harness", name], "{}", s.env);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
    expect(s.caches().some((f) => /^hook-[0-9a-z]+\.bin$/.test(f))).toBe(true);
    expect(s.log()).toContain('unknown hook event \\"NoSuchEvent\\"');
  });
});
