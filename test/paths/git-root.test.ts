import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { canonicalGitRoot, findGitRoot } from "../../src/paths/index.js";
import { tempDir } from "../helpers/tmp.js";
import { addWorktree, git, initRepo } from "./git.js";

describe("canonicalGitRoot (pure fs, no git process)", () => {
  it("a repository root and any subdirectory resolve to the root", () => {
    const repo = initRepo(tempDir());
    const sub = join(repo, "src", "deep", "er");
    mkdirSync(sub, { recursive: true });
    expect(canonicalGitRoot(repo)).toBe(repo);
    expect(canonicalGitRoot(sub)).toBe(repo);
    expect(findGitRoot(sub)).toEqual({ worktreeRoot: repo, canonicalRoot: repo, kind: "repo" });
  });

  it("a linked worktree (and its subdirectory) resolves to the main checkout, like `git rev-parse --git-common-dir`", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const wt = addWorktree(repo, join(base, "feature-wt"));
    mkdirSync(join(wt, "pkg"), { recursive: true });
    expect(findGitRoot(join(wt, "pkg"))).toEqual({
      worktreeRoot: wt,
      canonicalRoot: repo,
      kind: "linked-worktree",
    });
    const common = git(wt, "rev-parse", "--path-format=absolute", "--git-common-dir");
    expect(join(canonicalGitRoot(wt)!, ".git")).toBe(common);
  });

  it("follows relative gitdir and backlink paths", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const wt = addWorktree(repo, join(base, "wt"));
    const gitdir = join(repo, ".git", "worktrees", "wt");
    writeFileSync(join(wt, ".git"), `gitdir: ${relative(wt, gitdir)}\n`);
    writeFileSync(join(gitdir, "gitdir"), `${relative(gitdir, join(wt, ".git"))}\n`);
    expect(canonicalGitRoot(wt)).toBe(repo);
    expect(git(wt, "rev-parse", "--show-toplevel")).toBe(wt); // git agrees the worktree is valid
  });

  it("a nested repository is its own root", () => {
    const outer = initRepo(tempDir());
    const inner = initRepo(join(outer, "vendor"), "inner");
    expect(canonicalGitRoot(join(inner))).toBe(inner);
    expect(canonicalGitRoot(join(outer, "vendor"))).toBe(outer);
  });

  it("a .git file without a common dir (submodule, --separate-git-dir) is its own root", () => {
    const base = tempDir();
    const sep = join(base, "sep");
    mkdirSync(join(base, "work"));
    git(join(base, "work"), "init", "-q", `--separate-git-dir=${sep}`);
    expect(findGitRoot(join(base, "work"))).toEqual({
      worktreeRoot: join(base, "work"),
      canonicalRoot: join(base, "work"),
      kind: "gitfile",
    });
  });

  it("a planted .git file pointing at another repository's worktree does not borrow its root", () => {
    const base = tempDir();
    const victim = initRepo(base, "victim");
    addWorktree(victim, join(base, "real-wt"));
    const evil = join(base, "evil");
    mkdirSync(evil);
    writeFileSync(join(evil, ".git"), `gitdir: ${join(victim, ".git", "worktrees", "real-wt")}\n`);
    expect(canonicalGitRoot(evil)).toBe(evil);
    // A gitdir outside `<common>/worktrees/` is not trusted either.
    const fake = join(base, "fake-gitdir");
    mkdirSync(fake);
    writeFileSync(join(fake, "commondir"), `${join(victim, ".git")}\n`);
    writeFileSync(join(fake, "gitdir"), `${join(evil, ".git")}\n`);
    writeFileSync(join(evil, ".git"), `gitdir: ${fake}\n`);
    expect(canonicalGitRoot(evil)).toBe(evil);
  });

  it("a moved worktree whose backlink no longer matches counts as its own root", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const wt = addWorktree(repo, join(base, "wt"));
    renameSync(wt, join(base, "moved"));
    expect(canonicalGitRoot(join(base, "moved"))).toBe(join(base, "moved"));
  });

  it("a worktree reached through a symlink still verifies", () => {
    const base = tempDir();
    const repo = initRepo(base);
    const wt = addWorktree(repo, join(base, "wt"));
    symlinkSync(wt, join(base, "link"));
    expect(canonicalGitRoot(join(base, "link"))).toBe(repo);
  });

  it("a worktree of a bare repository keys on the bare common dir", () => {
    const base = tempDir();
    const src = initRepo(base, "src");
    git(base, "clone", "-q", "--bare", src, join(base, "proj.git"));
    const wt = join(base, "wt");
    git(join(base, "proj.git"), "worktree", "add", "-q", wt, "main");
    expect(readFileSync(join(wt, ".git"), "utf8")).toContain("proj.git");
    expect(findGitRoot(wt)).toEqual({
      worktreeRoot: wt,
      canonicalRoot: join(base, "proj.git"),
      kind: "bare-worktree",
    });
  });

  it("outside git there is no root", () => {
    const d = join(tempDir(), "plain", "dir");
    mkdirSync(d, { recursive: true });
    expect(canonicalGitRoot(d)).toBeUndefined();
  });
});
