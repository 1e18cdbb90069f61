/**
 * Search through the real bin (dist/memdir.cjs): hook recall sees a memory written a moment ago (the
 * hook bundle runs from a V8 code cache, where a dynamic import() of a builtin would throw), reindex
 * rebuilds exactly, search/wiki flags are checked, and the point-2 query list never fails.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN, runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

function sandbox() {
  const home = tempDir("memdir-search-cli-");
  const project = join(home, "project");
  const memoryDir = join(home, "memory");
  mkdirSync(project, { recursive: true });
  mkdirSync(memoryDir, { recursive: true });
  const env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_MEMORY_DIR: memoryDir,
    CLAUDE_PROJECT_DIR: project,
    MEMDIR_NO_JOBS: "1",
  };
  const memory = (name: string, description: string, body: string) =>
    writeFileSync(
      join(memoryDir, `${name}.md`),
      `---\nname: ${name}\ndescription: ${description}\ntype: project\n---\n${body}\n`,
    );
  const run = (args: string[], input = "") => runBin(args, input, env);
  const hook = (event: string, body: Record<string, unknown>) =>
    run(
      ["hook", event],
      JSON.stringify({
        session_id: "cli-s1",
        cwd: project,
        hook_event_name: event,
        transcript_path: "",
        ...body,
      }),
    );
  return { home, project, memoryDir, env, memory, run, hook };
}

const ctx = (stdout: string) =>
  stdout.trim() ? JSON.parse(stdout).hookSpecificOutput.additionalContext : "";

describe("search through the real bin", () => {
  it("the hook recalls a memory written after the search database was built, and logs no sync failure", () => {
    const s = sandbox();
    s.memory("grafana", "Grafana dashboard for API latency", "https://grafana.example.com/d/api-latency");
    expect(
      s.hook("UserPromptSubmit", { prompt: "where is the grafana latency dashboard?" }).stdout,
    ).toContain("grafana.md");
    s.memory(
      "vacuum",
      "Postgres vacuum schedule for the orders table",
      "VACUUM runs nightly at 02:00 on orders.",
    );
    const out = s.hook("UserPromptSubmit", { prompt: "when do we vacuum the orders table in postgres?" });
    expect(out.status).toBe(0);
    expect(ctx(out.stdout)).toContain("vacuum.md");
    const log = (() => {
      try {
        return readFileSync(join(s.home, ".memdir", "logs", "memdir.log"), "utf8");
      } catch {
        return "";
      }
    })();
    expect(log).not.toMatch(/sync skipped|dynamic import/);
    const hooks = join(dirname(BIN), "hooks");
    for (const f of [
      join(dirname(BIN), "hook.cjs"),
      ...readdirSync(hooks, { recursive: true, encoding: "utf8" })
        .filter((n) => n.endsWith(".cjs"))
        .map((n) => join(hooks, n)),
    ])
      expect(readFileSync(f, "utf8"), f).not.toMatch(/\bimport\(/);
  });

  it("reindex after deleting the search database gives the same results", () => {
    const s = sandbox();
    for (const [n, d] of [
      ["limiter", "The rate limiter uses a token bucket"],
      ["auth", "Auth tokens refresh every hour"],
      ["deploy", "Deploys freeze on Fridays"],
    ]) {
      s.memory(n as string, d as string, `${d}. More detail.`);
    }
    const q = () =>
      JSON.parse(s.run(["search", "token", "--json"]).stdout).hits.map((h: { key: string }) => h.key);
    const before = q();
    expect(before.length).toBe(2);
    rmSync(join(s.home, ".memdir", "index"), { recursive: true });
    const r = s.run(["reindex"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/3 added/);
    expect(q()).toEqual(before);
    expect(s.run(["reindex"]).stdout).toMatch(/3 added/);
    expect(q()).toEqual(before);
  });

  it("never fails on the query list of issue 3 point 2; bad flags get a clear error", () => {
    const s = sandbox();
    s.memory("x", "multi-agent orchestration in src/main.py", "don't run it on 2026-03-14");
    for (const q of [
      "multi-agent",
      "src/main.py",
      "don't",
      "2026-03-14",
      '"',
      "AND",
      "NEAR(",
      "",
      "x".repeat(10_000),
    ]) {
      const r = s.run(["search", q, "--json"]);
      expect(r.status, `${q.slice(0, 20)}: ${r.stderr}`).toBe(0);
      expect(Array.isArray(JSON.parse(r.stdout).hits)).toBe(true);
    }
    expect(JSON.parse(s.run(["search", "multi-agent", "--json"]).stdout).hits.length).toBe(1);
    for (const bad of [
      ["--scope", "bogus"],
      ["--source", "mem"],
      ["--type", "bogus"],
      ["--limit", "0"],
    ]) {
      const r = s.run(["search", "x", ...bad]);
      expect(r.status).toBe(1);
      expect(r.stderr).toMatch(/expected/);
    }
  });

  it("a corrupt index file is moved aside, rebuilt from the files, and the user is told about backfill", () => {
    const s = sandbox();
    s.memory("limiter", "The rate limiter uses a token bucket", "body");
    expect(s.run(["search", "bucket"]).status).toBe(0);
    const db = join(s.home, ".memdir", "index", "search.db");
    for (const ext of ["-wal", "-shm"]) rmSync(db + ext, { force: true });
    writeFileSync(db, "garbage, not sqlite ".repeat(500));
    const r = s.run(["search", "bucket"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain("limiter");
    expect(r.stdout).toMatch(/corrupt.*memdir backfill/);
  });

  it("wiki add refuses a missing --file and text given twice, with the usual error format", () => {
    const s = sandbox();
    const missing = s.run(["wiki", "add", "--title", "T", "--file", join(s.home, "nope.md")]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot read[\s\S]*expected[\s\S]*ENOENT/);
    const twice = s.run(["wiki", "add", "--title", "T", "--file", join(s.home, "nope.md"), "text"]);
    expect(twice.status).toBe(1);
    expect(twice.stderr).toMatch(/twice/);
  });
});
