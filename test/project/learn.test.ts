import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolUse } from "../../src/adapters/claude-code/tools.js";
import {
  capByUse,
  hotPathOf,
  learnFromToolUse,
  MAX_COMMANDS,
  MAX_HOT_PATHS,
  normalizeCommand,
  normalizeProjectMemory,
  RECENT_MS,
} from "../../src/project/index.js";
import { tempDir } from "../helpers/tmp.js";

const ROOT = "/home/dev/shop";
const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);
const empty = () => normalizeProjectMemory({}, ROOT);

describe("hot paths", () => {
  it("are relative to the root; outside the root is ignored", () => {
    expect(hotPathOf(ROOT, "/home/dev/shop/src/app.ts")).toBe("src/app.ts");
    expect(hotPathOf(ROOT, "src/app.ts")).toBe("src/app.ts");
    expect(hotPathOf(ROOT, "/home/dev/shop/./lib/../lib/x.ex")).toBe("lib/x.ex");
    expect(hotPathOf(ROOT, "/home/dev/shopping/x.ts")).toBeUndefined();
    expect(hotPathOf(ROOT, "/etc/passwd")).toBeUndefined();
    expect(hotPathOf(ROOT, "../other/x.ts")).toBeUndefined();
    expect(hotPathOf(ROOT, ROOT)).toBeUndefined();
    expect(hotPathOf(ROOT, "")).toBeUndefined();
    // a file named like a parent reference is still inside
    expect(hotPathOf(ROOT, "/home/dev/shop/..notes.md")).toBe("..notes.md");
  });

  it("are ignored by path segment, never by substring", () => {
    for (const p of [
      "node_modules/x/index.js",
      "a/.git/config",
      "dist/app.js",
      "packages/ui/build/x.js",
      "_build/dev/x.beam",
      "deps/phoenix/mix.exs",
      "target/debug/x",
      ".venv/lib/x.py",
      "src/__pycache__/a.pyc",
    ]) {
      expect(hotPathOf(ROOT, join(ROOT, p))).toBeUndefined();
    }
    for (const p of [
      "my-dist-tools/x.ts",
      "src/distance.ts",
      "src/builder.ts",
      "lib/dependency.ex",
      "targets.md",
      "outbox/x.ts",
    ]) {
      expect(hotPathOf(ROOT, join(ROOT, p))).toBe(p);
    }
  });

  it("a root reached through a symlink matches files under its real path", () => {
    const real = tempDir();
    const link = join(tempDir(), "link");
    symlinkSync(real, link);
    mkdirSync(join(real, "src"));
    expect(hotPathOf(link, join(real, "src", "a.ts"))).toBe("src/a.ts");
  });

  it("are learned from successful file tools with count and last seen", () => {
    const pm = empty();
    expect(
      learnFromToolUse(
        pm,
        ROOT,
        { ...toolUse("Read", { file_path: `${ROOT}/lib/a.ex` }), success: true },
        T0,
      ),
    ).toBe(true);
    learnFromToolUse(
      pm,
      ROOT,
      { ...toolUse("Edit", { file_path: `${ROOT}/lib/a.ex` }), success: true },
      T0 + 5,
    );
    learnFromToolUse(
      pm,
      ROOT,
      { ...toolUse("NotebookEdit", { notebook_path: `${ROOT}/nb.ipynb` }), success: true },
      T0 + 6,
    );
    expect(
      learnFromToolUse(
        pm,
        ROOT,
        { ...toolUse("Read", { file_path: `${ROOT}/lib/b.ex` }), success: false },
        T0,
      ),
    ).toBe(false);
    expect(
      learnFromToolUse(pm, ROOT, { ...toolUse("Grep", { path: `${ROOT}/lib` }), success: true }, T0),
    ).toBe(false);
    expect(
      learnFromToolUse(
        pm,
        ROOT,
        { ...toolUse("Read", { file_path: `${ROOT}/dist/x.js` }), success: true },
        T0,
      ),
    ).toBe(false);
    expect(pm.hotPaths).toEqual([
      { path: "lib/a.ex", count: 2, lastSeenMs: T0 + 5 },
      { path: "nb.ipynb", count: 1, lastSeenMs: T0 + 6 },
    ]);
  });

  it("are capped at 50: top by count then recency; stale entries give way", () => {
    const pm = empty();
    for (let i = 0; i < 60; i++) {
      for (let k = 0; k <= i % 3; k++) {
        learnFromToolUse(
          pm,
          ROOT,
          { ...toolUse("Read", { file_path: `${ROOT}/f${i}.ts` }), success: true },
          T0 + i,
        );
      }
    }
    expect(pm.hotPaths).toHaveLength(MAX_HOT_PATHS);
    // counts 3 (20 files) and 2 (20 files) all stay; of the count-1 files only the 10 newest
    const kept = new Set(pm.hotPaths.map((h) => h.path));
    for (let i = 0; i < 60; i++) {
      const expected = i % 3 !== 0 || i >= 30;
      expect(kept.has(`f${i}.ts`), `f${i}.ts`).toBe(expected);
    }
    // a month later, a new file enters although every old entry has a higher count
    const later = T0 + RECENT_MS + 1000;
    learnFromToolUse(pm, ROOT, { ...toolUse("Read", { file_path: `${ROOT}/new.ts` }), success: true }, later);
    expect(pm.hotPaths.map((h) => h.path)).toContain("new.ts");
    expect(pm.hotPaths).toHaveLength(MAX_HOT_PATHS);
  });

  it("capByUse orders recent before stale, then count, then last seen", () => {
    const now = T0 + 2 * RECENT_MS;
    const list = [
      { id: "old-big", count: 99, lastSeenMs: T0 },
      { id: "new-1", count: 1, lastSeenMs: now - 1 },
      { id: "new-2", count: 2, lastSeenMs: now - 5 },
      { id: "new-1b", count: 1, lastSeenMs: now },
    ];
    expect(capByUse(list, 3, now).map((e) => e.id)).toEqual(["new-2", "new-1b", "new-1"]);
  });
});

describe("commands", () => {
  it("normalizes prefixes and output plumbing", () => {
    expect(normalizeCommand("  cd /home/dev/shop && mix test test/foo_test.exs 2>&1 | tail -30 ")).toBe(
      "mix test test/foo_test.exs",
    );
    expect(normalizeCommand('cd "my dir"; cd sub && npm run build > /dev/null')).toBe("npm run build");
    expect(normalizeCommand("mix format \\\n  --check-formatted")).toBe("mix format --check-formatted");
    expect(normalizeCommand("mix compile\necho done")).toBe("mix compile");
    expect(normalizeCommand("MIX_ENV=test mix test")).toBe("MIX_ENV=test mix test");
    expect(normalizeCommand("timeout 120 cargo test")).toBe("timeout 120 cargo test");
  });

  it("ignores trivial commands, VCS and anything with secrets", () => {
    for (const c of [
      "ls -la",
      "cat mix.exs",
      "pwd",
      "echo hi",
      "git status",
      "git push origin main",
      "/usr/bin/ls",
      "sudo ls",
      "grep -r x .",
      "cd lib",
      "  ",
      "head -5 x | tail -2",
    ]) {
      expect(normalizeCommand(c), c).toBeUndefined();
    }
    expect(
      normalizeCommand("GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 npm publish"),
    ).toBeUndefined();
    expect(normalizeCommand("psql postgres://user:secretpw@localhost/db -c 'select 1'")).toBeUndefined();
    expect(normalizeCommand(`mix run ${"x".repeat(300)}`)).toBeUndefined();
  });

  it("learns successful Bash commands, counted and capped at 30", () => {
    const pm = empty();
    const bash = (command: string, success = true) => ({ ...toolUse("Bash", { command }), success });
    learnFromToolUse(pm, ROOT, bash("mix test"), T0);
    learnFromToolUse(pm, ROOT, bash("cd /home/dev/shop && mix test 2>&1"), T0 + 1);
    expect(learnFromToolUse(pm, ROOT, bash("mix test --failed", false), T0 + 2)).toBe(false);
    expect(learnFromToolUse(pm, ROOT, bash("ls"), T0 + 3)).toBe(false);
    expect(pm.commands).toEqual([{ command: "mix test", count: 2, lastSeenMs: T0 + 1 }]);
    for (let i = 0; i < 40; i++) learnFromToolUse(pm, ROOT, bash(`mix run priv/script${i}.exs`), T0 + 10 + i);
    expect(pm.commands).toHaveLength(MAX_COMMANDS);
    expect(pm.commands[0]).toEqual({ command: "mix test", count: 2, lastSeenMs: T0 + 1 });
    expect(pm.commands.some((c) => c.command === "mix run priv/script39.exs")).toBe(true);
    expect(pm.commands.some((c) => c.command === "mix run priv/script0.exs")).toBe(false);
  });
});
