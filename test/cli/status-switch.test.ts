/**
 * `memdir status` through the real bin names the switch or setting that turns memdir off for Claude Code
 * sessions, the settings file that chose the memory dir, and the values it does not follow.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

function sandbox() {
  const home = tempDir("memdir-cli-switch-");
  const claude = join(home, ".claude");
  const project = join(home, "project");
  for (const d of [claude, join(project, ".git"), join(project, ".claude")])
    mkdirSync(d, { recursive: true });
  const env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: claude,
    MEMDIR_NO_JOBS: "1",
    CLAUDE_PROJECT_DIR: project,
  };
  const status = (extra: Record<string, string> = {}) => {
    const r = runBin(["status", "--json"], "", { ...env, ...extra });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as {
      paths: { memoryDir: string };
      memoryDirFrom: string;
      sessionMemory: { on: boolean; decidedBy: string; ignored: string[] };
    };
  };
  const text = (extra: Record<string, string> = {}) => runBin(["status"], "", { ...env, ...extra }).stdout;
  return { home, claude, project, env, status, text };
}

describe("memdir status and Claude Code's memory switches", () => {
  it("says memdir is on by default, and names the switch that turns it off", () => {
    const s = sandbox();
    expect(s.status().sessionMemory).toEqual({ on: true, decidedBy: "default", ignored: [] });
    expect(s.status({ CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" }).sessionMemory).toMatchObject({
      on: false,
      decidedBy: "CLAUDE_CODE_DISABLE_AUTO_MEMORY=1",
    });
    expect(s.text({ CLAUDE_CODE_SIMPLE: "1" })).toMatch(
      /Claude Code sessions here\n\s+memdir\s+off: its hooks do nothing .*decided by bare mode \(CLAUDE_CODE_SIMPLE=1\)/,
    );
    // memdir's own switch wins over every harness setting (its hooks return at once in any harness).
    expect(
      s.status({ MEMDIR_DISABLE: "1", CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0" }).sessionMemory,
    ).toMatchObject({
      on: false,
      decidedBy: "env MEMDIR_DISABLE=1",
    });
  });

  it("names the settings file whose autoMemoryEnabled decided", () => {
    const s = sandbox();
    const local = join(s.project, ".claude", "settings.local.json");
    writeFileSync(local, JSON.stringify({ autoMemoryEnabled: false }));
    expect(s.status().sessionMemory.decidedBy).toBe(`autoMemoryEnabled: false in ${local} (local settings)`);
    expect(s.status({ CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0" }).sessionMemory).toMatchObject({
      on: true,
      decidedBy: "CLAUDE_CODE_DISABLE_AUTO_MEMORY=0 (forced on)",
    });
  });

  it("shows which settings file chose the memory dir, and the repository's value it does not follow", () => {
    const s = sandbox();
    const committed = join(s.project, ".claude", "settings.json");
    writeFileSync(committed, JSON.stringify({ autoMemoryDirectory: "/tmp/evil-redirect" }));
    const st = s.status();
    expect(st.paths.memoryDir.startsWith(join(s.claude, "projects"))).toBe(true);
    expect(st.memoryDirFrom).toMatch(/^default/);
    expect(st.sessionMemory.ignored).toEqual([
      expect.stringContaining(`${committed} (project settings) is not followed`),
    ]);
    expect(s.text()).toContain("not followed autoMemoryDirectory in");

    const user = join(s.claude, "settings.json");
    writeFileSync(user, JSON.stringify({ autoMemoryDirectory: "~/cc-mem" }));
    const st2 = s.status();
    expect(st2.paths.memoryDir).toBe(join(s.home, "cc-mem"));
    expect(st2.memoryDirFrom).toBe(`autoMemoryDirectory in ${user} (user settings)`);
  });
});
