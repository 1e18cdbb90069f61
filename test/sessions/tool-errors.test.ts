import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolKind } from "../../src/adapters/claude-code/tools.js";
import { fixedClock } from "../../src/core/index.js";
import {
  ERROR_PREVIEW_MAX,
  INPUT_PREVIEW_MAX,
  RETRY_HINT_THRESHOLD,
  RETRY_WINDOW_MS,
  readLastToolError,
  readToolStats,
  recordToolUse,
} from "../../src/sessions/index.js";
import { tempDir } from "../helpers/tmp.js";

const T0 = Date.UTC(2026, 10, 29, 10, 0, 0);
const fail = (toolName: string, error = "boom") => ({
  kind: toolKind(toolName),
  toolName,
  toolInput: { command: "mix test" },
  success: false,
  error,
});
const ok = (toolName: string) => ({ kind: toolKind(toolName), toolName, toolInput: {}, success: true });
const errFile = (root: string, sid: string) =>
  join(root, "state", "sessions", sid, "last-tool-error-state.json");

describe("last tool error and retries", () => {
  it("counts a failure of the same tool at exactly 60 s as a retry, at 60.001 s as a new error", () => {
    const root = tempDir();
    const clock = fixedClock(T0);
    expect(recordToolUse(root, "s", fail("Bash"), clock.now()).retryCount).toBe(1);
    clock.advance(RETRY_WINDOW_MS);
    expect(recordToolUse(root, "s", fail("Bash"), clock.now()).retryCount).toBe(2);
    clock.advance(RETRY_WINDOW_MS + 1);
    expect(recordToolUse(root, "s", fail("Bash"), clock.now()).retryCount).toBe(1);
    expect(RETRY_WINDOW_MS).toBe(60_000);
  });

  it("says to change approach from the 5th retry on, not before", () => {
    const root = tempDir();
    const clock = fixedClock(T0);
    const hints: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const r = recordToolUse(root, "s", fail("Edit"), clock.now());
      expect(r.retryCount).toBe(i);
      hints.push(r.hint!);
      clock.advance(59_000);
    }
    expect(RETRY_HINT_THRESHOLD).toBe(5);
    for (const h of hints.slice(0, 4)) expect(h).not.toMatch(/change approach/);
    for (const h of hints.slice(4)) expect(h).toMatch(/Stop retrying.*change approach/);
    expect(hints[0]).toMatch(/Tool Edit failed/);
  });

  it("a different tool starts a new count; a success of the same tool resets it", () => {
    const root = tempDir();
    recordToolUse(root, "s", fail("Bash"), T0);
    recordToolUse(root, "s", fail("Bash"), T0 + 1000);
    expect(recordToolUse(root, "s", fail("Read"), T0 + 2000).retryCount).toBe(1);
    expect(recordToolUse(root, "s", fail("Read"), T0 + 3000).retryCount).toBe(2);
    // a success of another tool leaves the error alone
    expect(recordToolUse(root, "s", ok("Bash"), T0 + 3500)).toEqual({ retryCount: 0 });
    expect(readLastToolError(root, "s")?.retry_count).toBe(2);
    recordToolUse(root, "s", ok("Read"), T0 + 4000);
    expect(existsSync(errFile(root, "s"))).toBe(false);
    expect(recordToolUse(root, "s", fail("Read"), T0 + 5000).retryCount).toBe(1);
  });

  it("a clock that went backwards starts a new count", () => {
    const root = tempDir();
    recordToolUse(root, "s", fail("Bash"), T0);
    expect(recordToolUse(root, "s", fail("Bash"), T0 - 1).retryCount).toBe(1);
  });

  it("interrupts are counted as calls but are not errors", () => {
    const root = tempDir();
    const r = recordToolUse(root, "s", { ...fail("Bash"), interrupted: true }, T0);
    expect(r).toEqual({ retryCount: 0 });
    expect(readLastToolError(root, "s")).toBeUndefined();
    expect(readToolStats(root, "s").bashCount).toBe(1);
  });

  it("stores the state file with capped previews (code points)", () => {
    const root = tempDir();
    const input = { command: "😀".repeat(400) };
    recordToolUse(
      root,
      "s",
      { kind: toolKind("Bash"), toolName: "Bash", toolInput: input, success: false, error: "é".repeat(900) },
      T0,
    );
    const e = readLastToolError(root, "s")!;
    expect(e).toMatchObject({
      session_id: "s",
      tool_name: "Bash",
      retry_count: 1,
      timestamp: new Date(T0).toISOString(),
    });
    expect(Array.from(e.input_preview).length).toBe(INPUT_PREVIEW_MAX);
    expect(Array.from(e.error).length).toBe(ERROR_PREVIEW_MAX);
    expect(e.input_preview.endsWith("…")).toBe(true);
    expect(e.input_preview).not.toMatch(/[\uD800-\uDBFF]…$/); // no split surrogate pair
  });

  it("is session-scoped: other sessions and ownerless legacy state never bleed in", () => {
    const root = tempDir();
    recordToolUse(root, "a", fail("Bash"), T0);
    expect(recordToolUse(root, "b", fail("Bash"), T0 + 1).retryCount).toBe(1);
    mkdirSync(join(root, "state"), { recursive: true });
    const legacy = join(root, "state", "last-tool-error-state.json");
    writeFileSync(
      legacy,
      JSON.stringify({ tool_name: "Grep", timestamp: new Date(T0).toISOString(), retry_count: 7 }),
    );
    expect(recordToolUse(root, "c", fail("Grep"), T0 + 10).retryCount).toBe(1);
    // a legacy file that names the session is read (read fallback of DESIGN.md §3.2)
    writeFileSync(
      legacy,
      JSON.stringify({
        session_id: "d",
        tool_name: "Grep",
        timestamp: new Date(T0).toISOString(),
        retry_count: 7,
      }),
    );
    expect(recordToolUse(root, "d", fail("Grep"), T0 + 10).retryCount).toBe(8);
  });

  it("rejects a session id that could escape the state dir", () => {
    const root = tempDir();
    for (const bad of ["../x", "a/b", "", "..", "a\\b"]) {
      expect(() => recordToolUse(root, bad, fail("Bash"), T0)).toThrow(/session id/);
    }
  });
});
