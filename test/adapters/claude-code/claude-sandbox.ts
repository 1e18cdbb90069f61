/**
 * A temp HOME with Claude Code's settings places as real files: user `~/.claude/settings.json`, a git
 * project with committed `.claude/settings.json` and `.claude/settings.local.json`, a managed settings
 * dir, the global config `.claude.json` (trust records), and a live process standing in for the
 * `claude` command line (`--settings`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach } from "vitest";
import { claudeMemorySettings } from "../../../src/adapters/claude-code/memory-settings.js";
import { tempDir } from "../../helpers/tmp.js";

const children: ChildProcess[] = [];
afterEach(() => {
  while (children.length) children.pop()!.kill("SIGKILL");
});

export function claudeSandbox() {
  const home = tempDir("memdir-ccsw-");
  const config = join(home, ".claude");
  const project = join(home, "project");
  const managed = join(home, "managed");
  for (const d of [config, join(project, ".git"), join(project, ".claude"), managed])
    mkdirSync(d, { recursive: true });
  const env: Record<string, string | undefined> = { HOME: home, CLAUDE_CONFIG_DIR: config };
  const json = (file: string, v: unknown) => {
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, JSON.stringify(v));
    return file;
  };
  const files = {
    user: join(config, "settings.json"),
    project: join(project, ".claude", "settings.json"),
    local: join(project, ".claude", "settings.local.json"),
    policy: join(managed, "managed-settings.json"),
    dropIn: (name: string) => join(managed, "managed-settings.d", name),
    globalConfig: join(config, ".claude.json"),
  };
  return {
    home,
    project,
    managed,
    env,
    files,
    json,
    /** `projects[dir].hasTrustDialogAccepted: true` in the global config. */
    trust: (dir: string) =>
      json(files.globalConfig, { projects: { [dir]: { hasTrustDialogAccepted: true } } }),
    /** A process whose command line carries `args` (as `claude … args` would); CLAUDE_PID names it. */
    harnessWith: async (args: string[], cwd = project) => {
      const c = spawn("sh", ["-c", "sleep 30; :", "claude", ...args], { cwd, stdio: "ignore" });
      children.push(c);
      env.CLAUDE_PID = String(c.pid);
      // Until the child has exec'd sh, /proc shows the forking parent's command line.
      for (let i = 0; i < 200 && !readFileSync(`/proc/${c.pid}/cmdline`, "utf8").includes("sleep 30"); i++)
        await new Promise((r) => setTimeout(r, 10));
    },
    settings: (launchDir = project) =>
      claudeMemorySettings(env, {
        launchDir,
        canonicalRoot: project,
        worktreeRoot: project,
        managedDir: managed,
      }),
  };
}
