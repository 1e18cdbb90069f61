/**
 * SessionStart on resume for a harness that keeps the earlier SessionStart context in the resumed
 * session (Codex CLI 0.171.0): the same context is not injected again; a changed one comes with the
 * note that it replaces the earlier one. Claude Code (which does not replay it) gets the context as is.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHook } from "../../../src/app/hooks/run.js";
import { RESUME_NOTE } from "../../../src/app/hooks/session-start.js";
import type { Runtime } from "../../../src/app/runtime.js";
import type { HarnessName } from "../../../src/harness/index.js";
import { tempDir } from "../../helpers/tmp.js";

function setup() {
  const home = tempDir("memdir-resume-");
  const project = join(home, "project");
  const memoryDir = join(home, "memory");
  mkdirSync(project, { recursive: true });
  mkdirSync(memoryDir, { recursive: true });
  const rt: Runtime = {
    env: {
      HOME: home,
      MEMDIR_HOME: join(home, ".memdir"),
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      MEMDIR_MEMORY_DIR: memoryDir,
    },
    cwd: project,
    now: () => Date.parse("2026-12-02T10:00:00Z"),
    pid: 4242,
    ownerPid: process.pid,
    isAlive: () => true,
    spawnJob: async () => {},
  };
  const remember = (build: string) => {
    writeFileSync(
      join(memoryDir, "feedback-build.md"),
      `---\nname: build\ndescription: "Build with ${build}"\ntype: feedback\n---\nBuild with ${build}.\n`,
    );
    writeFileSync(join(memoryDir, "MEMORY.md"), `- [build](feedback-build.md) — Build with ${build}\n`);
  };
  const start = async (harness: HarnessName, source: string, session = "resume-1") => {
    const out = await runHook(
      "SessionStart",
      JSON.stringify({
        session_id: session,
        cwd: project,
        hook_event_name: "SessionStart",
        source,
        transcript_path: "",
      }),
      rt,
      { harness },
    );
    return out.trim()
      ? ((JSON.parse(out).hookSpecificOutput?.additionalContext as string | undefined) ?? "")
      : "";
  };
  return { remember, start };
}

describe("SessionStart on resume", () => {
  it("Codex: the unchanged context is not injected twice; a changed one says it replaces the earlier one", async () => {
    const s = setup();
    s.remember("ZIG-OLD");
    const first = await s.start("codex", "startup");
    expect(first).toContain("ZIG-OLD");
    expect(first).not.toContain(RESUME_NOTE);
    expect(await s.start("codex", "resume")).toBe("");
    s.remember("CMAKE-NEW");
    const changed = await s.start("codex", "resume");
    expect(changed.startsWith(RESUME_NOTE)).toBe(true);
    expect(changed).toContain("CMAKE-NEW");
    expect(changed).not.toContain("ZIG-OLD");
    expect(await s.start("codex", "resume")).toBe("");
  });

  it("Codex: a resume of a session memdir never saw gets the whole context", async () => {
    const s = setup();
    s.remember("ZIG-OLD");
    const ctx = await s.start("codex", "resume", "resume-unknown");
    expect(ctx).toContain("ZIG-OLD");
    expect(ctx).not.toContain(RESUME_NOTE);
  });

  it("Claude Code: a resume gets the context as it is (Claude Code does not replay earlier hook context)", async () => {
    const s = setup();
    s.remember("ZIG-OLD");
    const first = await s.start("claude-code", "startup");
    expect(await s.start("claude-code", "resume")).toBe(first);
  });
});
