/**
 * A Claude Code session in which the user turned auto memory off: every memdir hook does nothing at all
 * (empty stdout, no job, not one file written, not even a log line), whichever switch or settings scope
 * did it; `CLAUDE_CODE_DISABLE_AUTO_MEMORY=0` forces memdir back on; the switch concerns Claude Code
 * sessions only. Through `runHook` with real files in a temp HOME.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeCodeAdapter } from "../../../src/adapters/claude-code/adapter.js";
import { buildStatus } from "../../../src/app/commands/status.js";
import { projectContext } from "../../../src/app/context.js";
import { runHook } from "../../../src/app/hooks/run.js";
import { harnessLoadsMemoryMd } from "../../../src/app/inject/session-context.js";
import type { HarnessName } from "../../../src/harness/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";
import { listFiles } from "../../helpers/tree-hash.js";

function setup() {
  const s = appSandbox("memdir-switch-");
  mkdirSync(join(s.project, ".git"));
  const json = (file: string, v: unknown) => {
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, JSON.stringify(v));
  };
  const transcript = join(s.home, "t.jsonl");
  writeFileSync(transcript, "");
  const base = { session_id: "switch-1", cwd: s.project, transcript_path: transcript };
  const claudeEvents: [string, Record<string, unknown>][] = [
    ["SessionStart", { source: "startup" }],
    [
      "UserPromptSubmit",
      { prompt: "<remember priority>deploys go through staging</remember> fix the build" },
    ],
    ["PreToolUse", { tool_name: "Read", tool_input: { file_path: join(s.project, "a.ts") } }],
    ["PostToolUse", { tool_name: "Bash", tool_input: { command: "make" }, tool_response: "ok" }],
    ["PostToolUseFailure", { tool_name: "Bash", tool_input: { command: "make" }, error: "exit 2" }],
    ["SubagentStart", { agent_id: "a1", agent_type: "general-purpose" }],
    ["SubagentStop", { agent_id: "a1", agent_type: "general-purpose" }],
    ["Stop", { stop_hook_active: false }],
    ["PreCompact", { trigger: "auto" }],
    ["SessionEnd", { reason: "other" }],
  ];
  /** Runs a whole Claude Code session's hooks; returns their stdout. */
  const session = async (env: Record<string, string> = {}) => {
    const rt = { ...s.rt, env: { ...s.rt.env, ...env } };
    const out: string[] = [];
    for (const [event, extra] of claudeEvents)
      out.push(await runHook(event, JSON.stringify({ ...base, hook_event_name: event, ...extra }), rt));
    return out;
  };
  const files = () => listFiles(s.home);
  return {
    ...s,
    json,
    session,
    files,
    user: join(s.home, ".claude", "settings.json"),
    committed: join(s.project, ".claude", "settings.json"),
    local: join(s.project, ".claude", "settings.local.json"),
    managed: join(s.rt.managedSettingsDir!, "managed-settings.json"),
  };
}

type Setup = ReturnType<typeof setup>;

/** A settings file saying `autoMemoryEnabled: false` (no environment switch). */
const offIn = (file: (s: Setup) => string) => (s: Setup) => {
  s.json(file(s), { autoMemoryEnabled: false });
  return {};
};

const SWITCHES: [string, (s: Setup) => Record<string, string>][] = [
  ["CLAUDE_CODE_DISABLE_AUTO_MEMORY=1", () => ({ CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" })],
  ["CLAUDE_CODE_SIMPLE=1 (--bare)", () => ({ CLAUDE_CODE_SIMPLE: "1" })],
  ["CLAUDE_CODE_SAFE_MODE=1 (--safe-mode)", () => ({ CLAUDE_CODE_SAFE_MODE: "1" })],
  ["autoMemoryEnabled: false in user settings", offIn((s) => s.user)],
  ["autoMemoryEnabled: false in committed project settings", offIn((s) => s.committed)],
  ["autoMemoryEnabled: false in local settings", offIn((s) => s.local)],
  ["autoMemoryEnabled: false in managed settings", offIn((s) => s.managed)],
];

describe("memdir's hooks in a Claude Code session with auto memory off", () => {
  it.each(SWITCHES)("%s: every hook does nothing, writes nothing, starts nothing", async (_name, turnOff) => {
    const s = setup();
    const env = turnOff(s);
    const before = s.files();
    const out = await s.session(env);
    expect(out).toEqual(out.map(() => ""));
    expect(s.jobs).toEqual([]);
    expect(s.files()).toEqual(before); // no .memdir/, no log, no memory dir, no notepad
  });

  it("memory on (the same session without the switch) writes state and injects: the test above can fail", async () => {
    const s = setup();
    const before = s.files();
    await s.session();
    expect(s.files().length).toBeGreaterThan(before.length);
    expect(readFileSync(join(s.project, ".memdir", "notepad.md"), "utf8")).toContain(
      "deploys go through staging",
    );
  });

  it("CLAUDE_CODE_DISABLE_AUTO_MEMORY=0 forces memdir on over autoMemoryEnabled: false and bare mode", async () => {
    const s = setup();
    s.json(s.user, { autoMemoryEnabled: false });
    await s.session({ CLAUDE_CODE_DISABLE_AUTO_MEMORY: "0", CLAUDE_CODE_SIMPLE: "1" });
    expect(readFileSync(join(s.project, ".memdir", "notepad.md"), "utf8")).toContain(
      "deploys go through staging",
    );
  });

  it("a repository's autoMemoryEnabled: true does not turn memdir on over the user's false", async () => {
    const s = setup();
    s.json(s.user, { autoMemoryEnabled: false });
    s.json(s.committed, { autoMemoryEnabled: true });
    const before = s.files();
    expect(await s.session()).toEqual(Array(10).fill(""));
    expect(s.files()).toEqual(before);
  });

  it.each(["codex", "gemini"] as HarnessName[])(
    "the switch concerns Claude Code sessions only: a %s hook still runs",
    async (harness) => {
      const s = setup();
      const rt = { ...s.rt, env: { ...s.rt.env, CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" } };
      const event = "SessionStart";
      const payload =
        harness === "codex"
          ? {
              session_id: "c-1",
              cwd: s.project,
              transcript_path: null,
              hook_event_name: event,
              model: "gpt",
              source: "startup",
            }
          : {
              session_id: "g-1",
              cwd: s.project,
              transcript_path: "",
              hook_event_name: event,
              timestamp: "2026-02-11T20:00:00Z",
              source: "startup",
            };
      await runHook(event, JSON.stringify(payload), rt, { harness });
      expect(existsSync(join(s.project, ".memdir"))).toBe(true);
    },
  );
});

describe("the memory dir and MEMORY.md with Claude Code's settings", () => {
  const ctxOf = (s: Setup) => projectContext(s.rt, s.project);

  it("follows trusted local settings and the user's, never the repository's; status names the file", () => {
    const s = setup();
    s.json(s.committed, { autoMemoryDirectory: "~/from-repo" });
    expect(ctxOf(s).paths.memoryDirSource).toBe("default");
    expect(buildStatus(ctxOf(s)).sessionMemory.ignored).toEqual([
      expect.stringContaining("(project settings) is not followed"),
    ]);
    s.json(s.local, { autoMemoryDirectory: "~/from-local" });
    expect(ctxOf(s).paths.memoryDirSource).toBe("default"); // not trusted yet
    s.json(join(s.home, ".claude", ".claude.json"), {
      projects: { [s.project]: { hasTrustDialogAccepted: true } },
    });
    const ctx = ctxOf(s);
    expect(ctx.paths.memoryDir).toBe(join(s.home, "from-local"));
    const st = buildStatus(ctx);
    expect(st.memoryDirFrom).toBe(`autoMemoryDirectory in ${s.local} (local settings)`);
    // Claude Code takes local over project settings too: the repository's value decides nothing here.
    expect(st.sessionMemory.ignored).toEqual([]);
  });

  it("memdir injects MEMORY.md itself when Claude Code may read another dir (a value memdir does not follow)", () => {
    const s = setup();
    writeFileSync(join(s.home, ".memdir", "config.json"), JSON.stringify({ harnessLoadsMemoryMd: "auto" }));
    expect(harnessLoadsMemoryMd(ctxOf(s), claudeCodeAdapter)).toBe(true);
    s.json(s.committed, { autoMemoryDirectory: "~/from-repo" });
    expect(harnessLoadsMemoryMd(ctxOf(s), claudeCodeAdapter)).toBe(false);
  });
});
