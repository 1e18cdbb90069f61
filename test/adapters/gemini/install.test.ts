import { describe, expect, it } from "vitest";
import { geminiAdapter } from "../../../src/adapters/gemini/adapter.js";
import { HOOK_EVENTS } from "../../../src/adapters/gemini/hook-types.js";
import { hookGroup, MEMDIR_HOOK_NAME } from "../../../src/adapters/gemini/install.js";

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

  it("the hook group shape Gemini 0.61 accepts (named, type command, ms timeout)", () => {
    const [start] = install.registrations("0.61.0");
    expect(hookGroup(start!, "'/usr/bin/node' '/m/memdir.cjs' hook SessionStart --harness gemini")).toEqual({
      hooks: [
        {
          name: MEMDIR_HOOK_NAME,
          type: "command",
          command: "'/usr/bin/node' '/m/memdir.cjs' hook SessionStart --harness gemini",
          timeout: 10_000,
        },
      ],
    });
    expect(hookGroup({ event: "AfterTool", matcher: "^read_file$", timeout: 5000 }, "c")).toMatchObject({
      matcher: "^read_file$",
    });
  });

  it("parses `gemini --version`", () => {
    expect(install.executable).toBe("gemini");
    expect(install.parseVersion("0.61.0\n")).toBe("0.61.0");
    expect(install.parseVersion("v0.61.0")).toBe("0.61.0");
    expect(install.parseVersion("gemini 0.62.1-nightly.20261201")).toBe("0.62.1");
    expect(install.parseVersion("1.2.3.4")).toBeUndefined();
    expect(install.parseVersion("no version")).toBeUndefined();
  });
});
