/** bench/hooks/claude-debug: the hook lines of a real Claude Code 2.1.332 debug file (bench/hooks/harness-timings). */
import { describe, expect, it } from "vitest";
import { hookKey, pairRuns, parseHookRuns } from "../../bench/hooks/claude-debug.js";

const M = "'/usr/bin/node' '/x/dist/memdir.cjs' hook";
const B = "'/usr/bin/node' -e 0";
// Lines as a paired session logged them (paths shortened), with unrelated lines in between.
const LOG = [
  `2026-12-02T04:13:43.262Z [DEBUG] Hooks: SessionStart:startup [${B}] finished with status 0 (481ms)`,
  "2026-12-02T04:13:43.263Z [DEBUG] Hook output does not start with {, treating as plain text",
  `2026-12-02T04:13:43.325Z [DEBUG] Hooks: SessionStart:startup [${M} SessionStart] finished with status 0 (551ms)`,
  `2026-12-02T04:13:44.897Z [DEBUG] Hooks: UserPromptSubmit [${M} UserPromptSubmit] finished with status 0 (1066ms)`,
  `2026-12-02T04:13:44.463Z [DEBUG] Hooks: UserPromptSubmit [${B}] finished with status 0 (630ms)`,
  "2026-12-02T04:13:46.352Z [DEBUG] Hooks: Config-based async hook, backgrounding process async_hook_28345",
  "2026-12-02T04:13:46.352Z [DEBUG] Hooks: Registering async hook async_hook_28345 (PostToolUse:Read) with timeout 5000ms",
  `2026-12-02T04:13:46.352Z [DEBUG] Hooks: PostToolUse:Read [${M} PostToolUse] moved to the background (8ms)`,
  "2026-12-02T04:13:46.354Z [DEBUG] Hooks: Registering async hook async_hook_28346 (PostToolUse:Read) with timeout 5000ms",
  `2026-12-02T04:13:46.354Z [DEBUG] Hooks: PostToolUse:Read [${B}] moved to the background (9ms)`,
  "2026-12-02T04:13:46.406Z [DEBUG] Hooks: checkForNewResponses returning 0 responses, 2 hooks still pending",
  "2026-12-02T04:13:46.946Z [DEBUG] Hooks: async_hook_28346 (PostToolUse:Read) produced no response payload — skipping attachment",
  "2026-12-02T04:13:47.310Z [DEBUG] Hooks: async_hook_28345 (PostToolUse:Read) produced no response payload — skipping attachment",
  `2026-12-02T04:13:34.830Z [DEBUG] PreCompact:manual [${B}] completed with status 0`,
  `2026-12-02T04:13:35.547Z [DEBUG] PreCompact:manual [${M} PreCompact] completed with status 0`,
  "2026-12-02T04:13:49.889Z [DEBUG] Hooks: Registering async hook async_hook_28522 (SessionEnd:other) with timeout 2000ms",
  `2026-12-02T04:13:49.889Z [DEBUG] SessionEnd:other [${M} SessionEnd] completed with status 0`,
].join("\n");

describe("bench/hooks/claude-debug", () => {
  const runs = parseHookRuns(LOG);

  it("reads every hook line with its event, matcher value, command and duration", () => {
    expect(runs.map((r) => [hookKey(r), r.kind, r.ms ?? null, r.command === B])).toEqual([
      ["SessionStart:startup", "finished", 481, true],
      ["SessionStart:startup", "finished", 551, false],
      ["UserPromptSubmit", "finished", 1066, false],
      ["UserPromptSubmit", "finished", 630, true],
      ["PostToolUse:Read", "background", 8, false],
      ["PostToolUse:Read", "background", 9, true],
      ["PreCompact:manual", "completed", null, true],
      ["PreCompact:manual", "completed", null, false],
      ["SessionEnd:other", "completed", null, false],
    ]);
    expect(runs[1]!.command).toBe(`${M} SessionStart`);
    expect(runs[1]!.status).toBe(0);
  });

  it("ties each async hook to its own id and to the line that saw it end", () => {
    const [mine, base] = runs.filter((r) => r.kind === "background");
    expect(mine!.asyncId).toBe("async_hook_28345");
    expect(mine!.bgEndTs! - mine!.ts).toBe(958);
    expect(mine!.bgOutcome).toBe("produced no response payload");
    expect(base!.asyncId).toBe("async_hook_28346");
    expect(base!.bgEndTs! - base!.ts).toBe(592);
    expect(runs.at(-1)!.asyncId).toBe("async_hook_28522");
  });

  it("pairs the k-th firing of a hook key in one list with the k-th in the other", () => {
    const memdir = runs.filter((r) => r.command !== B);
    const baseline = runs.filter((r) => r.command === B);
    const pairs = pairRuns(memdir, baseline);
    expect(pairs.map(([m, b]) => [hookKey(m), hookKey(b)])).toEqual([
      ["SessionStart:startup", "SessionStart:startup"],
      ["UserPromptSubmit", "UserPromptSubmit"],
      ["PostToolUse:Read", "PostToolUse:Read"],
      ["PreCompact:manual", "PreCompact:manual"],
    ]);
  });
});
