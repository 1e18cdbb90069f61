/**
 * The end record's `modes_used` through `runHook`, real files in a temp dir: the permission modes the
 * harness sent on its Stop inputs (Claude Code and Codex `permission_mode`) and `kairos` when KAIROS
 * mode is on, written at SessionEnd and when a dead session is reclaimed.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHook } from "../../../src/app/hooks/run.js";
import type { Runtime } from "../../../src/app/runtime.js";
import type { HarnessName } from "../../../src/harness/index.js";
import { tempDir } from "../../helpers/tmp.js";

function setup(config: Record<string, unknown> = {}) {
  const home = tempDir("memdir-modes-");
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  mkdirSync(join(home, ".memdir"), { recursive: true });
  writeFileSync(join(home, ".memdir", "config.json"), JSON.stringify(config));
  let now = Date.parse("2026-11-29T10:00:00Z");
  const alive = new Set<number>([process.pid]);
  const rt: Runtime = {
    env: {
      HOME: home,
      MEMDIR_HOME: join(home, ".memdir"),
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      MEMDIR_MEMORY_DIR: join(home, "memory"),
    },
    cwd: project,
    now: () => now,
    pid: 4242,
    ownerPid: process.pid,
    isAlive: (pid) => alive.has(pid),
    spawnJob: async () => {},
  };
  const hook = (
    sessionId: string,
    event: string,
    extra: Record<string, unknown> = {},
    harness: HarnessName = "claude-code",
  ) => {
    now += 1000;
    return runHook(
      event,
      JSON.stringify({ session_id: sessionId, cwd: project, hook_event_name: event, ...extra }),
      rt,
      { harness },
    );
  };
  const record = (id: string) =>
    JSON.parse(readFileSync(join(project, ".memdir", "sessions", `${id}.json`), "utf8")) as {
      modes_used: string[];
      reason: string;
    };
  return { rt, hook, record, alive };
}

describe("modes_used in the session end record", () => {
  it("Claude Code: the permission modes of the turn ends, in order first seen, written at SessionEnd", async () => {
    const s = setup();
    await s.hook("s1", "SessionStart", { source: "startup" });
    await s.hook("s1", "Stop", { permission_mode: "default", stop_hook_active: false });
    await s.hook("s1", "Stop", { permission_mode: "plan", stop_hook_active: false });
    await s.hook("s1", "Stop", { permission_mode: "plan", stop_hook_active: false });
    await s.hook("s1", "SessionEnd", { reason: "prompt_input_exit" });
    expect(s.record("s1").modes_used).toEqual(["default", "plan"]);
  });

  it("no permission mode and no KAIROS: modes_used stays empty (nothing is invented)", async () => {
    const s = setup();
    await s.hook("s2", "SessionStart", { source: "startup" });
    await s.hook("s2", "Stop", { stop_hook_active: false });
    await s.hook("s2", "SessionEnd", { reason: "other" });
    expect(s.record("s2").modes_used).toEqual([]);
  });

  it("Codex with KAIROS mode on: its permission mode and kairos", async () => {
    const s = setup({ kairos: true });
    await s.hook("c1", "SessionStart", { source: "startup", model: "gpt-5" }, "codex");
    await s.hook(
      "c1",
      "Stop",
      {
        permission_mode: "bypassPermissions",
        turn_id: "t1",
        stop_hook_active: false,
        last_assistant_message: "ok",
      },
      "codex",
    );
    await s.hook("c1", "SessionEnd", { reason: "other" }, "codex");
    expect(s.record("c1").modes_used).toEqual(["bypassPermissions", "kairos"]);
  });

  it("a session that died without SessionEnd: the reclaimed end record carries its modes", async () => {
    const s = setup();
    await s.hook("dead", "SessionStart", { source: "startup" });
    await s.hook("dead", "Stop", { permission_mode: "acceptEdits", stop_hook_active: false });
    s.alive.delete(process.pid); // its harness is gone
    s.rt.ownerPid = 999_999;
    s.alive.add(999_999);
    await s.hook("next", "SessionStart", { source: "startup" });
    expect(s.record("dead")).toMatchObject({ reason: "reclaimed", modes_used: ["acceptEdits"] });
  });
});
