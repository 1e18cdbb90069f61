/** Validation of values that reach paths/ from hook stdin (cwd, session ids) or config. */
import { isAbsolute } from "node:path";
import { MemdirError } from "../core/errors.js";
import { truncateCodePoints } from "../core/text.js";

const show = (v: unknown) => JSON.stringify(truncateCodePoints(String(v).replace(/\0/g, "\\0"), 80));

/**
 * Checks that `cwd` is an absolute path without NUL (it comes from hook stdin).
 * @throws MemdirError BAD_INPUT otherwise.
 */
export function assertCwd(cwd: unknown): asserts cwd is string {
  if (typeof cwd !== "string" || cwd === "" || cwd.includes("\0") || !isAbsolute(cwd)) {
    throw new MemdirError("BAD_INPUT", "the working directory is not an absolute path", {
      expected: "an absolute directory path (the hook input's `cwd`)",
      received: typeof cwd === "string" ? show(cwd) : typeof cwd,
      hint: "pass the absolute cwd reported by the harness",
    });
  }
}

/**
 * Checks a session id or state-file name used as one path segment: non-empty, at most 200
 * characters, no `/`, `\`, NUL, and not `.` or `..` (session ids come from hook stdin; DESIGN.md §3.2).
 * @param what names the value in the error, e.g. "session id".
 * @throws MemdirError BAD_INPUT otherwise.
 */
export function assertPathSegment(value: unknown, what: string): asserts value is string {
  const ok =
    typeof value === "string" &&
    value.length > 0 &&
    value.length <= 200 &&
    !/[/\\\0]/.test(value) &&
    !value.includes("..") &&
    value !== ".";
  if (!ok) {
    throw new MemdirError("BAD_INPUT", `invalid ${what}`, {
      expected: `a ${what} of 1-200 characters without "/", "\\\\", "..", or NUL (e.g. a UUID)`,
      received: typeof value === "string" ? show(value) : typeof value,
      hint: `check the ${what} in the hook input; memdir will not build a path from it`,
    });
  }
}
