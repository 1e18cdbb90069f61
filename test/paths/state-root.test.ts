import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import {
  ensureStateRoot,
  findWorkspaceMarker,
  projectKey,
  resolveStateRoot,
  STATE_GITIGNORE,
} from "../../src/paths/index.js";
import { tempDir } from "../helpers/tmp.js";
import { addWorktree, git, initRepo } from "./git.js";

describe("resolveStateRoot (DESIGN.md §3.2)", () => {
  it("a repository, its subdirectory and its linked worktree share the main checkout's .memdir", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const sub = join(repo, "a", "b");
    mkdirSync(sub, { recursive: true });
    const wt = addWorktree(repo, join(base, "wt"));
    const home = tempDir();
    for (const cwd of [repo, sub, wt, join(wt, ".")]) {
      expect(resolveStateRoot({ cwd, env: {}, home })).toBe(join(repo, ".memdir"));
    }
  });

  it("outside git it is <cwd>/.memdir", () => {
    const cwd = tempDir();
    expect(resolveStateRoot({ cwd, env: {}, home: tempDir() })).toBe(join(cwd, ".memdir"));
  });

  it("MEMDIR_STATE_DIR wins: $MEMDIR_STATE_DIR/<projectKey(canonical root)>", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const wt = addWorktree(repo, join(base, "wt"));
    const stateDir = tempDir();
    mkdirSync(join(repo, "x"));
    writeFileSync(join(repo, ".memdir-workspace"), "");
    for (const cwd of [repo, join(repo, "x"), wt]) {
      expect(resolveStateRoot({ cwd, env: { MEMDIR_STATE_DIR: stateDir } })).toBe(
        join(stateDir, projectKey(repo)),
      );
    }
    const e = (() => {
      try {
        resolveStateRoot({ cwd: repo, env: { MEMDIR_STATE_DIR: "relative" } });
      } catch (err) {
        return err;
      }
    })();
    expect(isMemdirError(e, "BAD_PATH")).toBe(true);
  });

  it("a .memdir-workspace marker above the git root wins over the git root", () => {
    const home = tempDir();
    const ws = join(home, "work", "monorepo-ws");
    mkdirSync(ws, { recursive: true });
    writeFileSync(join(ws, ".memdir-workspace"), "");
    const repo = initRepo(ws, "service-a");
    mkdirSync(join(repo, "src"));
    expect(resolveStateRoot({ cwd: join(repo, "src"), env: {}, home })).toBe(join(ws, ".memdir"));
    expect(findWorkspaceMarker(join(repo, "src"), home)).toBe(ws);
  });

  it("the marker walk stops at $HOME (a marker in $HOME itself is ignored)", () => {
    const home = tempDir();
    writeFileSync(join(home, ".memdir-workspace"), "");
    const cwd = join(home, "proj");
    mkdirSync(cwd);
    expect(resolveStateRoot({ cwd, env: {}, home })).toBe(join(cwd, ".memdir"));
    // Without a home to stop at, the marker is found.
    expect(resolveStateRoot({ cwd, env: {} })).toBe(join(home, ".memdir"));
  });

  it("a directory named .memdir-workspace is not a marker", () => {
    const home = tempDir();
    const cwd = join(home, "p");
    mkdirSync(join(cwd, ".memdir-workspace"), { recursive: true });
    expect(resolveStateRoot({ cwd, env: {}, home })).toBe(join(cwd, ".memdir"));
  });

  it("a worktree of a bare repository keeps its state in its own root (never inside the bare repo)", () => {
    const base = tempDir();
    const src = initRepo(base, "src");
    git(base, "clone", "-q", "--bare", src, join(base, "proj.git"));
    const wt = join(base, "wt");
    git(join(base, "proj.git"), "worktree", "add", "-q", wt, "main");
    expect(resolveStateRoot({ cwd: wt, env: {}, home: tempDir() })).toBe(join(wt, ".memdir"));
  });
});

describe("ensureStateRoot", () => {
  it("creates .memdir with a .gitignore that keeps `git status` clean but lets snapshots be committed", () => {
    const repo = initRepo(tempDir());
    const root = resolveStateRoot({ cwd: repo, env: {}, home: tempDir() });
    ensureStateRoot(root);
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toBe(STATE_GITIGNORE);
    expect(statSync(root).mode & 0o777).toBe(0o700);
    mkdirSync(join(root, "state", "sessions", "s1"), { recursive: true });
    writeFileSync(join(root, "notepad.md"), "x");
    writeFileSync(join(root, "state", "sessions", "s1", "a-state.json"), "{}");
    expect(git(repo, "status", "--porcelain", "--untracked-files=all")).toBe("");
    mkdirSync(join(root, "team-snapshots", "deep"), { recursive: true });
    writeFileSync(join(root, "team-snapshots", "deep", "t.md"), "t");
    mkdirSync(join(root, "agent-memory-snapshots", "reviewer"), { recursive: true });
    writeFileSync(join(root, "agent-memory-snapshots", "reviewer", "snapshot.json"), "{}");
    expect(git(repo, "status", "--porcelain", "--untracked-files=all").split("\n").sort()).toEqual([
      "?? .memdir/agent-memory-snapshots/reviewer/snapshot.json",
      "?? .memdir/team-snapshots/deep/t.md",
    ]);
  });

  it("is idempotent and leaves a user-edited .gitignore alone", () => {
    const root = join(tempDir(), ".memdir");
    ensureStateRoot(root);
    ensureStateRoot(root);
    writeFileSync(join(root, ".gitignore"), "# mine\n*\n");
    ensureStateRoot(root);
    expect(readFileSync(join(root, ".gitignore"), "utf8")).toBe("# mine\n*\n");
  });
});
