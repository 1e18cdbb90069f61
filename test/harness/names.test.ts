import { describe, expect, it } from "vitest";
import { HARNESS_ARGS, HARNESSES, harnessFromArg } from "../../src/harness/index.js";

describe("harness names on the command line", () => {
  it("full and short names mean the same harness everywhere (install, backfill, hook --harness)", () => {
    expect(HARNESS_ARGS).toEqual(["claude", "codex", "gemini"]);
    for (const h of HARNESSES) expect(harnessFromArg(h)).toBe(h);
    expect(harnessFromArg("claude")).toBe("claude-code");
    expect(harnessFromArg("Claude")).toBeUndefined();
    expect(harnessFromArg("all")).toBeUndefined();
    expect(harnessFromArg(undefined)).toBeUndefined();
  });
});
