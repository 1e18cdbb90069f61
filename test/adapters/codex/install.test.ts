/** Codex CLI 0.171.0 install paths, registrations, version parsing, tool kinds and env. */
import { describe, expect, it } from "vitest";
import { codexAdapter } from "../../../src/adapters/codex/adapter.js";
import { parsePatch, toolUse } from "../../../src/adapters/codex/tools.js";

const { install } = codexAdapter;

describe("install", () => {
  it("names the hooks file per scope", () => {
    expect(install.scopes).toEqual(["user", "project"]);
    expect(install.settingsPath("user", { env: {}, home: "/h" })).toBe("/h/.codex/hooks.json");
    expect(install.settingsPath("user", { env: { CODEX_HOME: "/c" }, home: "/h" })).toBe("/c/hooks.json");
    expect(install.settingsPath("project", { env: {}, home: "/h", projectRoot: "/p" })).toBe(
      "/p/.codex/hooks.json",
    );
    expect(() => install.settingsPath("project", { env: {}, home: "/h" })).toThrow(
      expect.objectContaining({ code: "BAD_INPUT" }),
    );
    expect(() => install.settingsPath("local", { env: {}, home: "/h" })).toThrow(/local/);
  });

  it("registers only handled events, in seconds, SessionEnd within Codex's 3 s clamp", () => {
    const regs = install.registrations("0.171.0");
    expect(regs.map((r) => r.event)).toEqual([...codexAdapter.hookEvents]);
    expect(regs.every((r) => Number.isInteger(r.timeout) && r.timeout > 0 && r.timeout <= 10)).toBe(true);
    expect(regs.find((r) => r.event === "SessionEnd")?.timeout).toBeLessThanOrEqual(3);
    expect(regs.find((r) => r.event === "PreToolUse")?.matcher).toBe("^apply_patch$");
    expect(regs.find((r) => r.event === "PostToolUse")?.matcher).toBeUndefined();
    expect(regs.filter((r) => r.async).map((r) => r.event)).toEqual(["PostToolUse", "SubagentStop"]);
    expect(install.registrations(undefined).some((r) => r.async)).toBe(false);
    expect(install.registrations("0.170.9").some((r) => r.async)).toBe(false);
    expect(install.registrations("0.172.0").some((r) => r.async)).toBe(true);
  });

  it("parses `codex --version`", () => {
    expect(install.parseVersion!("codex-cli 0.171.0\n")).toBe("0.171.0");
    expect(install.parseVersion!("nothing")).toBeUndefined();
    expect(install.executable).toBe("codex");
  });
});

describe("tools", () => {
  it("maps Codex tool names to kinds", () => {
    const k = codexAdapter.toolKind;
    expect([
      k("Bash"),
      k("exec_command"),
      k("apply_patch"),
      k("spawn_agent"),
      k("multi_agent_v1.spawn_agent"),
    ]).toEqual(["shell", "shell", "edit", "agent", "agent"]);
    expect([k("multi_agent_v1wait_agent"), k("write_stdin"), k("mcp__x__y"), k("toString")]).toEqual([
      "other",
      "other",
      "other",
      "other",
    ]);
  });

  it("fills command, paths and written text", () => {
    expect(toolUse("exec_command", { cmd: "ls -la" }, "c1")).toMatchObject({
      kind: "shell",
      command: "ls -la",
      id: "c1",
    });
    expect(toolUse("Bash", { command: "npm test" }).command).toBe("npm test");
    const patch =
      "*** Begin Patch\n*** Update File: src/a.ts\n*** Move to: src/b.ts\n@@\n-x\n+y\n*** Delete File: old.txt\n*** Add File: n.md\n+# N\n+body\n*** End Patch";
    expect(parsePatch(patch)).toEqual({
      paths: ["src/a.ts", "src/b.ts", "old.txt", "n.md"],
      added: ["y", "# N\nbody"],
    });
    expect(toolUse("apply_patch", { input: patch })).toMatchObject({
      kind: "edit",
      paths: ["src/a.ts", "src/b.ts", "old.txt", "n.md"],
    });
    expect(toolUse("apply_patch", {}).paths).toEqual([]);
  });
});

describe("env", () => {
  it("Codex tells hooks no project directory", () => {
    expect(codexAdapter.projectDir({ CODEX_HOME: "/c", CLAUDE_PROJECT_DIR: "/p" })).toBeUndefined();
  });
});
