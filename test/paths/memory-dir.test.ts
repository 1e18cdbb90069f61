import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMemdirError, type MemdirError } from "../../src/core/errors.js";
import {
  claimMemoryDir,
  expandAutoMemoryDirectory,
  projectKey,
  resolveMemoryDir,
  resolveMemoryDirDetailed,
} from "../../src/paths/index.js";
import { tempDir } from "../helpers/tmp.js";
import { addWorktree, initRepo } from "./git.js";

function thrown(fn: () => unknown): MemdirError {
  try {
    fn();
  } catch (e) {
    return e as MemdirError;
  }
  throw new Error("did not throw");
}

describe("resolveMemoryDir (DESIGN.md §3.1)", () => {
  it("defaults to ~/.claude/projects/<key of the cwd>/memory outside git", () => {
    const home = tempDir();
    const cwd = join(tempDir(), "my.project");
    mkdirSync(cwd);
    expect(resolveMemoryDirDetailed({ cwd, env: { HOME: home } })).toEqual({
      memoryDir: join(home, ".claude", "projects", projectKey(cwd), "memory"),
      source: "default",
      projectRoot: cwd,
    });
  });

  it("uses CLAUDE_CONFIG_DIR as the base", () => {
    const cwd = tempDir();
    const ccd = tempDir();
    expect(resolveMemoryDir({ cwd, env: { HOME: "/nonexistent-home", CLAUDE_CONFIG_DIR: ccd } })).toBe(
      join(ccd, "projects", projectKey(cwd), "memory"),
    );
  });

  it("a repository, its subdirectory and its linked worktree share one memory dir", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const sub = join(repo, "packages", "api");
    mkdirSync(sub, { recursive: true });
    const wt = addWorktree(repo, join(base, "repo-feature"));
    const env = { HOME: tempDir() };
    const want = join(env.HOME, ".claude", "projects", projectKey(repo), "memory");
    expect(resolveMemoryDir({ cwd: repo, env })).toBe(want);
    expect(resolveMemoryDir({ cwd: sub, env })).toBe(want);
    expect(resolveMemoryDir({ cwd: wt, env })).toBe(want);
    expect(resolveMemoryDir({ cwd: join(wt, "packages"), env })).toBe(want);
  });

  it("precedence: env MEMDIR_MEMORY_DIR > trusted autoMemoryDirectory > default", () => {
    const home = tempDir();
    const cwd = tempDir();
    const trustedConfig = { autoMemoryDirectory: "~/notes/memory" };
    expect(
      resolveMemoryDirDetailed({ cwd, env: { HOME: home, MEMDIR_MEMORY_DIR: "/srv/mem/" }, trustedConfig }),
    ).toMatchObject({ memoryDir: "/srv/mem", source: "env" });
    expect(resolveMemoryDirDetailed({ cwd, env: { HOME: home }, trustedConfig })).toMatchObject({
      memoryDir: join(home, "notes", "memory"),
      source: "config",
    });
    expect(
      resolveMemoryDirDetailed({ cwd, env: { HOME: home, MEMDIR_MEMORY_DIR: "" }, trustedConfig }).source,
    ).toBe("config");
    expect(resolveMemoryDirDetailed({ cwd, env: { HOME: home }, trustedConfig: {} }).source).toBe("default");
  });

  it("a relative MEMDIR_MEMORY_DIR is BAD_PATH naming the variable", () => {
    const e = thrown(() =>
      resolveMemoryDir({ cwd: tempDir(), env: { HOME: "/h", MEMDIR_MEMORY_DIR: "rel/mem" } }),
    );
    expect(isMemdirError(e, "BAD_PATH")).toBe(true);
    expect(e.message).toContain("MEMDIR_MEMORY_DIR");
  });

  it("repository settings files can never redirect the memory dir", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const evil = join(base, "evil-target");
    mkdirSync(join(repo, ".claude"));
    for (const f of ["settings.json", "settings.local.json"]) {
      writeFileSync(join(repo, ".claude", f), JSON.stringify({ autoMemoryDirectory: evil }));
    }
    const home = tempDir();
    // (Claude Code's USER settings are trusted: test/paths/claude-settings.test.ts.)
    const got = resolveMemoryDirDetailed({ cwd: join(repo), env: { HOME: home } });
    expect(got.memoryDir).toBe(join(home, ".claude", "projects", projectKey(repo), "memory"));
    expect(got.memoryDir.startsWith(evil)).toBe(false);
    expect(got.source).toBe("default");
  });

  it("normalizes the result to NFC", () => {
    const home = tempDir();
    const cwd = tempDir();
    const nfd = "/srv/cafe\u0301/memory";
    expect(resolveMemoryDir({ cwd, env: { HOME: home, MEMDIR_MEMORY_DIR: nfd } })).toBe(
      "/srv/caf\u00e9/memory",
    );
    expect(resolveMemoryDir({ cwd, env: { HOME: home }, trustedConfig: { autoMemoryDirectory: nfd } })).toBe(
      "/srv/caf\u00e9/memory",
    );
  });

  it("rejects a bad cwd with BAD_INPUT", () => {
    for (const cwd of ["relative/dir", "", "/a\0b"]) {
      expect(
        isMemdirError(
          thrown(() => resolveMemoryDir({ cwd, env: { HOME: "/h" } })),
          "BAD_INPUT",
        ),
      ).toBe(true);
    }
  });
});

describe("expandAutoMemoryDirectory", () => {
  const env = { HOME: "/home/alice" };
  it("expands ~/ and normalizes", () => {
    expect(expandAutoMemoryDirectory("~/mem/", env)).toBe("/home/alice/mem");
    expect(expandAutoMemoryDirectory("/var//mem/./x", env)).toBe("/var/mem/x");
  });
  it("rejects relative, '..', NUL and too-short values with BAD_CONFIG naming the key", () => {
    for (const v of ["mem", "./mem", "~", "~user/mem", "/a/../b", "~/../etc", "/a\0b", "/", "/a", "//"]) {
      const e = thrown(() => expandAutoMemoryDirectory(v, env));
      expect(isMemdirError(e, "BAD_CONFIG"), v).toBe(true);
      expect(e.message).toContain("autoMemoryDirectory");
      expect(e.message).toContain("what to do:");
    }
    expect(expandAutoMemoryDirectory("/ab", env)).toBe("/ab");
  });
});

describe("claimMemoryDir (lossy key collisions)", () => {
  it("records the first project's path and reports a different project with the same key", () => {
    const home = tempDir();
    const base = tempDir();
    const a = join(base, "b_c");
    const b = join(base, "b-c");
    mkdirSync(a);
    mkdirSync(b);
    const memA = resolveMemoryDir({ cwd: a, env: { HOME: home } });
    const memB = resolveMemoryDir({ cwd: b, env: { HOME: home } });
    expect(memA).toBe(memB);
    expect(claimMemoryDir(memA, a)).toEqual({});
    expect(JSON.parse(readFileSync(join(memA, ".project.json"), "utf8"))).toEqual({ originalPath: a });
    expect(claimMemoryDir(memA, a)).toEqual({});
    expect(claimMemoryDir(memB, b)).toEqual({ collision: a });
    // The record is not overwritten by the colliding project.
    expect(JSON.parse(readFileSync(join(memA, ".project.json"), "utf8"))).toEqual({ originalPath: a });
  });

  it("treats NFC and NFD spellings of one path as the same project", () => {
    const mem = join(tempDir(), "memory");
    expect(claimMemoryDir(mem, "/p/cafe\u0301")).toEqual({});
    expect(claimMemoryDir(mem, "/p/caf\u00e9")).toEqual({});
  });

  it("repairs a corrupt or foreign .project.json", () => {
    const mem = tempDir();
    for (const junk of ["{not json", "[]", '{"originalPath":3}']) {
      writeFileSync(join(mem, ".project.json"), junk);
      expect(claimMemoryDir(mem, "/x/y")).toEqual({});
      expect(JSON.parse(readFileSync(join(mem, ".project.json"), "utf8"))).toEqual({ originalPath: "/x/y" });
    }
  });
});
