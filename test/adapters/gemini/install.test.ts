import { describe, expect, it } from "vitest";
import { geminiAdapter } from "../../../src/adapters/gemini/adapter.js";
import { HOOK_EVENTS } from "../../../src/adapters/gemini/hook-types.js";
import { MEMDIR_HOOK_NAME } from "../../../src/adapters/gemini/install.js";
import { planInstall } from "../../../src/adapters/shared/install-plan.js";

const { install } = geminiAdapter;

describe("Gemini install", () => {
  it("registers only the events memdir uses, timeouts in milliseconds, no matchers, no async", () => {
    const regs = install.registrations("0.61.0");
    expect(regs.map((r) => r.event)).toEqual([
      "SessionStart",
      "BeforeAgent",
      "AfterTool",
      "AfterAgent",
      "SessionEnd",
    ]);
    for (const r of regs) {
      expect(HOOK_EVENTS).toContain(r.event);
      expect(r.timeout).toBeGreaterThanOrEqual(1000); // ms, not s
      expect(r.matcher).toBeUndefined();
      expect(r.async).toBeUndefined();
    }
    expect(install.registrations(undefined)).toEqual(regs);
    expect(regs.map((r) => r.event)).not.toContain("PreCompress");
    expect(regs.map((r) => r.event)).not.toContain("BeforeTool");
  });

  it("settings paths: user (GEMINI_CLI_HOME wins), project; no local scope", () => {
    expect(install.scopes).toEqual(["user", "project"]);
    expect(install.settingsPath("user", { env: {}, home: "/h" })).toBe("/h/.gemini/settings.json");
    expect(install.settingsPath("user", { env: { GEMINI_CLI_HOME: "/g" }, home: "/h" })).toBe(
      "/g/.gemini/settings.json",
    );
    expect(install.settingsPath("project", { env: {}, home: "/h", projectRoot: "/p" })).toBe(
      "/p/.gemini/settings.json",
    );
    expect(() => install.settingsPath("project", { env: {}, home: "/h" })).toThrow(
      expect.objectContaining({ code: "BAD_INPUT" }),
    );
    expect(() => install.settingsPath("local", { env: {}, home: "/h", projectRoot: "/p" })).toThrow(
      expect.objectContaining({ code: "BAD_INPUT" }),
    );
  });

  it("writes the hook group shape Gemini 0.61 accepts: named memdir (so `/hooks disable memdir` works), type command, ms timeout", () => {
    const plan = planInstall({
      settings: { general: { enableAutoUpdate: false } },
      nodePath: "/usr/bin/node",
      memdirBin: "/m/memdir.cjs",
      harness: "gemini",
      registrations: install.registrations(undefined),
      previous: undefined,
    });
    const hooks = (plan.settings as { hooks: Record<string, unknown[]> }).hooks;
    expect(Object.keys(hooks)).toEqual([
      "SessionStart",
      "BeforeAgent",
      "AfterTool",
      "AfterAgent",
      "SessionEnd",
    ]);
    expect(hooks.SessionStart).toEqual([
      {
        hooks: [
          {
            type: "command",
            command: "'/usr/bin/node' '/m/memdir.cjs' hook SessionStart --harness gemini",
            timeout: 10_000,
            name: MEMDIR_HOOK_NAME,
          },
        ],
      },
    ]);
  });

  it("never asks `gemini --version` (it rewrites settings.json as it migrates old keys)", () => {
    expect(install.executable).toBe("gemini");
    expect(install.parseVersion).toBeUndefined();
  });
});
