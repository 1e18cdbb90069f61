/**
 * Claude Code's auto-memory switches (2.1.332): each environment switch and each settings scope turns
 * memory off for the session, `CLAUDE_CODE_DISABLE_AUTO_MEMORY=0` forces it on, and the decision names
 * the switch or file. Real files in a temp HOME; `--settings` read from a live process's command line.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeSandbox } from "./claude-sandbox.js";

describe("Claude Code's auto-memory switches", () => {
  it("is on by default", () => {
    expect(claudeSandbox().settings().enabled()).toEqual({ on: true, decidedBy: "default" });
  });

  it.each([
    ["CLAUDE_CODE_DISABLE_AUTO_MEMORY", "1", "CLAUDE_CODE_DISABLE_AUTO_MEMORY=1"],
    ["CLAUDE_CODE_DISABLE_AUTO_MEMORY", "true", "CLAUDE_CODE_DISABLE_AUTO_MEMORY=true"],
    ["CLAUDE_CODE_DISABLE_AUTO_MEMORY", " YES ", "CLAUDE_CODE_DISABLE_AUTO_MEMORY= YES "],
    ["CLAUDE_CODE_DISABLE_AUTO_MEMORY", "on", "CLAUDE_CODE_DISABLE_AUTO_MEMORY=on"],
    ["CLAUDE_CODE_SIMPLE", "1", "bare mode (CLAUDE_CODE_SIMPLE=1)"],
    ["CLAUDE_CODE_SAFE_MODE", "1", "safe mode (CLAUDE_CODE_SAFE_MODE=1)"],
    ["CLAUDE_CODE_RESTRICTED", "true", "a restricted session (CLAUDE_CODE_RESTRICTED=true)"],
    ["CLAUDE_CODE_REMOTE", "1", "a remote session (CLAUDE_CODE_REMOTE) without a memory dir"],
  ])("%s=%s turns it off", (name, value, decidedBy) => {
    const s = claudeSandbox();
    s.env[name] = value;
    expect(s.settings().enabled()).toEqual({ on: false, decidedBy });
  });

  it("values that are not a switch leave it on", () => {
    const s = claudeSandbox();
    Object.assign(s.env, { CLAUDE_CODE_SIMPLE: "", CLAUDE_CODE_DISABLE_AUTO_MEMORY: "maybe" });
    expect(s.settings().enabled().on).toBe(true);
    Object.assign(s.env, { CLAUDE_CODE_REMOTE: "1", CLAUDE_CODE_REMOTE_MEMORY_DIR: "/srv/mem" });
    expect(s.settings().enabled().on).toBe(true);
  });

  it("CLAUDE_CODE_DISABLE_AUTO_MEMORY=0 forces it on over bare mode and every settings scope, not over safe mode", () => {
    const s = claudeSandbox();
    s.json(s.files.policy, { autoMemoryEnabled: false });
    s.json(s.files.user, { autoMemoryEnabled: false });
    Object.assign(s.env, { CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0", CLAUDE_CODE_SIMPLE: "1" });
    expect(s.settings().enabled()).toEqual({
      on: true,
      decidedBy: "CLAUDE_CODE_DISABLE_AUTO_MEMORY=0 (forced on)",
    });
    for (const v of ["false", "no", "OFF"]) {
      s.env.CLAUDE_CODE_DISABLE_AUTO_MEMORY = v;
      expect(s.settings().enabled().on).toBe(true);
    }
    s.env.CLAUDE_CODE_SAFE_MODE = "1";
    expect(s.settings().enabled().on).toBe(false);
  });

  it.each(["user", "project", "local", "policy"] as const)(
    "autoMemoryEnabled: false in the %s settings turns it off and is named",
    (scope) => {
      const s = claudeSandbox();
      const file = s.json(s.files[scope], { model: "opus", autoMemoryEnabled: false });
      const names = { user: "user", project: "project", local: "local", policy: "managed" };
      expect(s.settings().enabled()).toEqual({
        on: false,
        decidedBy: `autoMemoryEnabled: false in ${file} (${names[scope]} settings)`,
      });
    },
  );

  it("managed settings: a drop-in in managed-settings.d overrides managed-settings.json (sorted, dot files skipped)", () => {
    const s = claudeSandbox();
    s.json(s.files.policy, { autoMemoryEnabled: true });
    s.json(s.files.dropIn("10-memory.json"), { autoMemoryEnabled: false });
    s.json(s.files.dropIn(".hidden.json"), { autoMemoryEnabled: true });
    s.json(s.files.dropIn("05-first.json"), { autoMemoryEnabled: true });
    expect(s.settings().enabled()).toMatchObject({
      on: false,
      decidedBy: expect.stringContaining("10-memory.json (managed settings)"),
    });
  });

  it("local settings in the launch dir count too (Claude Code's older place), the main checkout's win", () => {
    const s = claudeSandbox();
    const sub = join(s.project, "sub");
    s.json(join(sub, ".claude", "settings.local.json"), { autoMemoryEnabled: false });
    expect(s.settings(sub).enabled().on).toBe(false);
    s.json(s.files.local, { autoMemoryEnabled: true });
    expect(s.settings(sub).enabled().on).toBe(true);
  });

  it("precedence: policy > local > project > user; a repository's true never turns it on", () => {
    const s = claudeSandbox();
    s.json(s.files.user, { autoMemoryEnabled: false });
    s.json(s.files.project, { autoMemoryEnabled: true });
    expect(s.settings().enabled()).toMatchObject({
      on: false,
      decidedBy: expect.stringContaining("user settings"),
    });
    s.json(s.files.local, { autoMemoryEnabled: true });
    expect(s.settings().enabled()).toMatchObject({
      on: true,
      decidedBy: expect.stringContaining("local settings"),
    });
    s.json(s.files.project, { autoMemoryEnabled: false });
    expect(s.settings().enabled().on).toBe(true); // local over project
    s.json(s.files.policy, { autoMemoryEnabled: false });
    expect(s.settings().enabled()).toMatchObject({
      on: false,
      decidedBy: expect.stringContaining("managed"),
    });
  });

  it("--settings on the harness's command line (inline JSON or a file relative to its cwd) turns it off", async () => {
    const s = claudeSandbox();
    s.json(s.files.user, { autoMemoryEnabled: true });
    await s.harnessWith(["-p", "hi", "--settings", '{"autoMemoryEnabled":false}']);
    expect(s.settings().enabled()).toEqual({
      on: false,
      decidedBy: "autoMemoryEnabled: false in --settings (inline JSON)",
    });
    const file = s.json(join(s.home, "cfg", "flag.json"), { autoMemoryEnabled: false });
    await s.harnessWith(["--settings=flag.json"], join(s.home, "cfg"));
    expect(s.settings().enabled()).toEqual({
      on: false,
      decidedBy: `autoMemoryEnabled: false in ${file} (--settings)`,
    });
    await s.harnessWith(["--", "--settings", '{"autoMemoryEnabled":false}']); // not an option after --
    expect(s.settings().enabled().on).toBe(true);
  });

  it("a file that is not JSON, and a value that is not a boolean, count as unset", () => {
    const s = claudeSandbox();
    writeFileSync(s.files.user, '{ "autoMemoryEnabled": false, // comment\n}');
    s.json(s.files.local, { autoMemoryEnabled: "false" });
    expect(s.settings().enabled()).toEqual({ on: true, decidedBy: "default" });
  });
});
