import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import { projectKey, resolveProjectPaths } from "../../src/paths/index.js";
import { tempDir } from "../helpers/tmp.js";
import { addWorktree, initRepo } from "./git.js";

describe("resolveProjectPaths", () => {
  it("returns the whole bundle for a repository", () => {
    const repo = initRepo(tempDir());
    const home = tempDir();
    const p = resolveProjectPaths({ cwd: repo, env: { HOME: home } });
    const s = join(repo, ".memdir");
    expect(p).toEqual({
      projectRoot: repo,
      memoryDir: join(home, ".claude", "projects", projectKey(repo), "memory"),
      memoryDirSource: "default",
      stateRoot: s,
      stateRootSource: "project",
      notepad: join(s, "notepad.md"),
      projectMemory: join(s, "project-memory.json"),
      sessionsDir: join(s, "sessions"),
      summariesDir: join(s, "summaries"),
      stateDir: join(s, "state"),
      memdirHome: join(home, ".memdir"),
      userMemoryDir: join(home, ".memdir", "user-memory"),
      logFile: join(home, ".memdir", "logs", "memdir.log"),
      eventsFile: join(home, ".memdir", "logs", "events.jsonl"),
      indexFile: join(home, ".memdir", "index", "search.db"),
      wikiDir: join(repo, ".memdir", "wiki"),
      ledgerFile: join(home, ".memdir", "ledger.json"),
    });
  });

  it("a worktree and a subdirectory give the same memory dir and the same .memdir as the main checkout", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const sub = join(repo, "src", "lib");
    mkdirSync(sub, { recursive: true });
    const wt = addWorktree(repo, join(base, "wt"));
    mkdirSync(join(wt, "src"), { recursive: true });
    const env = { HOME: tempDir() };
    const main = resolveProjectPaths({ cwd: repo, env });
    for (const cwd of [sub, wt, join(wt, "src")]) {
      const p = resolveProjectPaths({ cwd, env });
      expect(p.memoryDir).toBe(main.memoryDir);
      expect(p.stateRoot).toBe(main.stateRoot);
      expect(p.projectRoot).toBe(repo);
    }
  });

  it("honours MEMDIR_HOME, MEMDIR_MEMORY_DIR, MEMDIR_STATE_DIR and the trusted config; ignores repo settings", () => {
    const repo = initRepo(tempDir());
    mkdirSync(join(repo, ".claude"));
    writeFileSync(join(repo, ".claude", "settings.json"), '{"autoMemoryDirectory":"/tmp/evil"}');
    const home = tempDir();
    const p = resolveProjectPaths({
      cwd: repo,
      env: { HOME: home, MEMDIR_HOME: "/opt/mh", MEMDIR_STATE_DIR: "/var/state" },
      trustedConfig: { autoMemoryDirectory: "~/mem" },
    });
    expect(p.memoryDir).toBe(join(home, "mem"));
    expect(p.memoryDirSource).toBe("config");
    expect(p.stateRoot).toBe(join("/var/state", projectKey(repo)));
    expect(p.memdirHome).toBe("/opt/mh");
    expect(p.logFile).toBe("/opt/mh/logs/memdir.log");
  });

  it("fails with a clear error when HOME is missing and nothing replaces it", () => {
    let err: unknown;
    try {
      resolveProjectPaths({ cwd: tempDir(), env: {} });
    } catch (e) {
      err = e;
    }
    expect(isMemdirError(err, "BAD_PATH")).toBe(true);
    expect(String((err as Error).message)).toContain("HOME");
    // With every path given explicitly, HOME is not needed.
    const p = resolveProjectPaths({
      cwd: tempDir(),
      env: { MEMDIR_HOME: "/mh", CLAUDE_CONFIG_DIR: "/ccd" },
    });
    expect(p.memoryDir.startsWith("/ccd/projects/")).toBe(true);
  });

  it("is cheap: 500 resolutions from a deep worktree directory take well under a second", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const wt = addWorktree(repo, join(base, "wt"));
    const deep = join(wt, "a", "b", "c", "d", "e", "f");
    mkdirSync(deep, { recursive: true });
    const env = { HOME: tempDir() };
    const t0 = performance.now();
    for (let i = 0; i < 500; i++) resolveProjectPaths({ cwd: deep, env });
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
