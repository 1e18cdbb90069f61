/**
 * The CLI through the real bin: install/uninstall round trip on a settings.json that already holds user
 * hooks, dry-run writes nothing, a broken settings.json is refused untouched, and status reports what a
 * session left behind.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

function sandbox() {
  const home = tempDir("memdir-cli-");
  const claude = join(home, "my claude dir");
  mkdirSync(claude, { recursive: true });
  const project = join(home, "project");
  mkdirSync(project);
  return {
    home,
    claude,
    project,
    env: { HOME: home, MEMDIR_HOME: join(home, ".memdir"), CLAUDE_CONFIG_DIR: claude, MEMDIR_NO_JOBS: "1" },
  };
}

const userSettings = {
  model: "opus",
  hooks: {
    PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "prettier --write" }] }],
  },
};

describe("memdir install / uninstall claude", () => {
  it("merges its hooks, is idempotent, and uninstall restores the original", () => {
    const s = sandbox();
    const file = join(s.claude, "settings.json");
    writeFileSync(file, `${JSON.stringify(userSettings, null, 2)}\n`);

    const dry = runBin(["install", "claude", "--dry-run"], "", s.env);
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("would update");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(userSettings);

    expect(runBin(["install", "claude"], "", s.env).status).toBe(0);
    const installed = JSON.parse(readFileSync(file, "utf8"));
    expect(installed.model).toBe("opus");
    const commands = JSON.stringify(installed.hooks);
    for (const ev of [
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "Stop",
      "SessionEnd",
    ]) {
      expect(installed.hooks[ev], ev).toBeDefined();
    }
    expect(commands).toContain("prettier --write");
    expect(commands).toContain("hook SessionStart");

    const again = runBin(["install", "claude"], "", s.env);
    expect(again.stdout).toContain("nothing to do");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(installed);

    expect(runBin(["uninstall", "claude"], "", s.env).status).toBe(0);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual(userSettings);
  });

  it("refuses a settings.json that is not valid JSON and leaves it untouched", () => {
    const s = sandbox();
    const file = join(s.claude, "settings.json");
    writeFileSync(file, '{ "model": "opus", // a comment\n}');
    const r = runBin(["install", "claude"], "", s.env);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/expected/);
    expect(readFileSync(file, "utf8")).toBe('{ "model": "opus", // a comment\n}');
  });
});

describe("memdir status", () => {
  it("shows paths, counts and the last extraction after a session", () => {
    const s = sandbox();
    const base = {
      session_id: "cli-status-1",
      cwd: s.project,
      transcript_path: join(s.home, "missing.jsonl"),
    };
    runBin(
      ["hook", "SessionStart"],
      JSON.stringify({ ...base, hook_event_name: "SessionStart", source: "startup" }),
      s.env,
    );
    runBin(
      ["hook", "UserPromptSubmit"],
      JSON.stringify({
        ...base,
        hook_event_name: "UserPromptSubmit",
        prompt: "<remember>staging db is read-only</remember>",
      }),
      s.env,
    );
    const r = runBin(["status", "--json"], "", { ...s.env, CLAUDE_PROJECT_DIR: s.project });
    expect(r.status).toBe(0);
    const st = JSON.parse(r.stdout);
    expect(st.paths.stateRoot).toBe(join(s.project, ".memdir"));
    expect(st.counts.notepadEntries).toBe(1);
    const text = runBin(["status"], "", { ...s.env, CLAUDE_PROJECT_DIR: s.project });
    expect(text.stdout).toContain("memdir status");
  });
});
