/**
 * Hook handlers in-process through `runHook` (the entry point `memdir hook` uses) with an injected
 * runtime: fixed clock, captured job spawns.
 */

import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHook } from "../../../src/app/hooks/run.js";
import { jobArgv } from "../../../src/app/jobs/request.js";
import type { Runtime } from "../../../src/app/runtime.js";
import { tempDir } from "../../helpers/tmp.js";

function setup() {
  const home = tempDir("memdir-hooks-");
  const project = join(home, "project");
  const memoryDir = join(home, "memory");
  mkdirSync(project, { recursive: true });
  let now = Date.parse("2026-11-29T10:00:00Z");
  const jobs: string[][] = [];
  const rt: Runtime = {
    env: {
      HOME: home,
      MEMDIR_HOME: join(home, ".memdir"),
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      MEMDIR_MEMORY_DIR: memoryDir,
    },
    cwd: project,
    now: () => now,
    pid: 4242,
    ownerPid: process.pid,
    isAlive: () => true,
    spawnJob: async (r) => {
      jobs.push(jobArgv(r));
    },
  };
  const base = { session_id: "hooks-1", cwd: project, transcript_path: join(home, "t.jsonl") };
  const hook = (event: string, extra: Record<string, unknown> = {}) =>
    runHook(event, JSON.stringify({ ...base, hook_event_name: event, ...extra }), rt);
  return { rt, jobs, hook, memoryDir, advance: (ms: number) => (now += ms) };
}

describe("hook handlers", () => {
  it("from the 5th retry of a failing tool within 60 s, PostToolUseFailure tells the agent to change approach", async () => {
    const s = setup();
    await s.hook("SessionStart", { source: "startup" });
    const outs: string[] = [];
    for (let i = 0; i < 6; i++) {
      await s.hook("PreToolUse", { tool_name: "Bash", tool_input: { command: "make deploy" } });
      outs.push(
        await s.hook("PostToolUseFailure", {
          tool_name: "Bash",
          tool_input: { command: "make deploy" },
          error: "exit 2",
        }),
      );
      s.advance(30_000);
    }
    expect(outs[0]).toBe(""); // a first failure is normal work
    const ctx = (o: string) => JSON.parse(o).hookSpecificOutput.additionalContext as string;
    expect(ctx(outs[1]!)).not.toMatch(/change approach/);
    expect(ctx(outs[5]!)).toMatch(/change approach/);
    expect(JSON.parse(outs[5]!).hookSpecificOutput.hookEventName).toBe("PostToolUseFailure");
  });

  it("extraction runs every N turns per config and always before a compaction; other Stops recover tool calls", async () => {
    const s = setup();
    const { writeFileSync } = await import("node:fs");
    mkdirSync(s.rt.env.MEMDIR_HOME!, { recursive: true });
    writeFileSync(
      join(s.rt.env.MEMDIR_HOME!, "config.json"),
      JSON.stringify({ extraction: { everyNTurns: 3 } }),
    );
    await s.hook("SessionStart", { source: "startup" });
    const kinds = () => s.jobs.map((j) => j[1]).filter((k) => k === "extract" || k === "recover");
    const before = kinds().length;
    await s.hook("Stop");
    await s.hook("Stop");
    expect(kinds().slice(before)).toEqual(["recover", "recover"]);
    await s.hook("Stop");
    await s.hook("PreCompact", { trigger: "auto" });
    expect(kinds().slice(before)).toEqual(["recover", "recover", "extract", "extract"]);
    expect(s.jobs.find((j) => j[1] === "recover")).toEqual(
      expect.arrayContaining(["--session", "hooks-1", "--transcript", expect.stringMatching(/t\.jsonl$/)]),
    );
  });
});
