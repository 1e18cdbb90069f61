import { describe, expect, it } from "vitest";
import { describeError, errnoCode, isMemdirError, MemdirError } from "../../src/core/errors.js";

describe("MemdirError", () => {
  it("says what was expected, what was received and what to do", () => {
    const cause = new Error("inner");
    const e = new MemdirError("BAD_CONFIG", "config.json has a bad key", {
      expected: "an integer >= 1",
      received: '"often"',
      hint: "set extraction.everyNTurns to a number such as 1",
      cause,
    });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("MemdirError");
    expect(e.code).toBe("BAD_CONFIG");
    expect(e.message.split("\n")).toEqual([
      "config.json has a bad key",
      "  expected: an integer >= 1",
      '  received: "often"',
      "  what to do: set extraction.everyNTurns to a number such as 1",
    ]);
    expect([e.expected, e.received, e.hint]).toEqual([
      "an integer >= 1",
      '"often"',
      "set extraction.everyNTurns to a number such as 1",
    ]);
    expect(e.cause).toBe(cause);
  });

  it("isMemdirError checks the class and optionally the code", () => {
    const e = new MemdirError("IO", "x", { expected: "a", received: "b", hint: "c" });
    expect(isMemdirError(e)).toBe(true);
    expect(isMemdirError(e, "IO")).toBe(true);
    expect(isMemdirError(e, "BAD_JSON")).toBe(false);
    expect(isMemdirError(new Error("x"))).toBe(false);
    expect(isMemdirError({ code: "IO" })).toBe(false);
  });

  it("errnoCode and describeError handle any thrown value", () => {
    expect(errnoCode(Object.assign(new Error("x"), { code: "ENOENT" }))).toBe("ENOENT");
    expect(errnoCode({ code: 5 })).toBeUndefined();
    expect(errnoCode(null)).toBeUndefined();
    expect(errnoCode("ENOENT")).toBeUndefined();
    const e = new MemdirError("NOT_FOUND", "no such memory", { expected: "a", received: "b", hint: "c" });
    expect(describeError(e)).toBe("NOT_FOUND: no such memory");
    expect(describeError(new TypeError("bad"))).toBe("TypeError: bad");
    expect(describeError(42)).toBe("42");
  });
});
