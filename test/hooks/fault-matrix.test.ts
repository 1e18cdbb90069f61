/**
 * Hook fault matrix (issue 2): for every event, bad stdin and broken storage never fail the harness:
 * exit 0, stdout empty or exactly one JSON object valid for the event, and one log line per fault.
 * Runs the real bundled bin in child processes, as Claude Code does.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkHookOutput } from "../../src/adapters/claude-code/hook-output.js";
import { HOOK_EVENTS } from "../../src/adapters/claude-code/hook-types.js";
import { runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

function sandbox() {
  const home = tempDir("memdir-hookfault-");
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  const env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    // No detached extraction jobs: they would outlive the test and write into its temp dir.
    MEMDIR_NO_JOBS: "1",
  };
  return { home, project, env, logFile: join(home, ".memdir", "logs", "memdir.log") };
}

function logLines(file: string): string[] {
  try {
    return readFileSync(file, "utf8").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

function validInput(event: string, project: string): Record<string, unknown> {
  const base = {
    session_id: "sess-fault-1",
    transcript_path: join(project, "t.jsonl"),
    cwd: project,
    hook_event_name: event,
  };
  switch (event) {
    case "UserPromptSubmit":
      return { ...base, prompt: "hello" };
    case "PreToolUse":
    case "PostToolUse":
    case "PostToolUseFailure":
      return {
        ...base,
        tool_name: "Bash",
        tool_input: { command: "npm test" },
        tool_response: { stdout: "ok" },
        error: "boom",
      };
    case "SessionStart":
      return { ...base, source: "startup" };
    default:
      return base;
  }
}

const FAULTS: Record<string, (event: string, project: string) => string | Buffer> = {
  empty: () => "",
  "non-JSON": () => "this is not json {",
  "JSON array": () => "[1,2,3]",
  "missing fields": (event) => JSON.stringify({ hook_event_name: event }),
  "5 MB single line": (event, project) =>
    JSON.stringify({ ...validInput(event, project), prompt: "x".repeat(5 * 1024 * 1024) }),
};

describe("hook fault matrix", () => {
  for (const event of HOOK_EVENTS) {
    for (const [name, make] of Object.entries(FAULTS)) {
      it(`${event}: ${name} -> exit 0, empty stdout, one log line`, () => {
        const s = sandbox();
        const r = runBin(["hook", event], make(event, s.project), s.env);
        expect(r.status).toBe(0);
        expect(r.stdout).toBe("");
        expect(logLines(s.logFile)).toHaveLength(1);
      });
    }

    it(`${event}: lone surrogates and a BOM are tolerated, with one log line each`, () => {
      const s = sandbox();
      const json = JSON.stringify({ ...validInput(event, s.project), prompt: "a\ud800b", extra: "\udc00" });
      let lines = 0;
      for (const input of [json, `\ufeff${JSON.stringify(validInput(event, s.project))}`]) {
        const r = runBin(["hook", event], input, s.env);
        expect(r.status).toBe(0);
        expect(checkHookOutput(event, r.stdout)).toBeUndefined();
        lines++;
        expect(logLines(s.logFile)).toHaveLength(lines);
      }
    });

    it(`${event}: a cwd that does not exist -> nothing created, one log line`, () => {
      const s = sandbox();
      const missing = join(s.home, "no", "such", "dir");
      const r = runBin(
        ["hook", event],
        JSON.stringify({ ...validInput(event, s.project), cwd: missing }),
        s.env,
      );
      expect(r.status).toBe(0);
      expect(r.stdout).toBe("");
      expect(existsSync(join(s.home, "no"))).toBe(false);
      expect(logLines(s.logFile)).toHaveLength(1);
    });

    it(`${event}: unusable memory dir and state root -> exit 0, valid stdout, one log line`, () => {
      const s = sandbox();
      const blocker = join(s.home, "not-a-dir");
      writeFileSync(blocker, "a file where a directory should be");
      const env = {
        ...s.env,
        MEMDIR_MEMORY_DIR: join(blocker, "memory"),
        MEMDIR_STATE_DIR: join(blocker, "state"),
      };
      const r = runBin(["hook", event], JSON.stringify(validInput(event, s.project)), env);
      expect(r.status).toBe(0);
      expect(checkHookOutput(event, r.stdout)).toBeUndefined();
      expect(logLines(s.logFile)).toHaveLength(1);
    });
  }

  it("SessionStart with a memory dir that is a file still injects the notepad and says what is wrong", () => {
    const s = sandbox();
    const memory = join(s.home, "memory-file");
    writeFileSync(memory, "not a dir");
    const env = { ...s.env, MEMDIR_MEMORY_DIR: memory };
    const base = validInput("UserPromptSubmit", s.project);
    runBin(["hook", "SessionStart"], JSON.stringify(validInput("SessionStart", s.project)), env);
    runBin(
      ["hook", "UserPromptSubmit"],
      JSON.stringify({ ...base, prompt: "<remember priority>deploys need a ticket</remember>" }),
      env,
    );
    const before = logLines(s.logFile).length;
    const r = runBin(["hook", "SessionStart"], JSON.stringify(validInput("SessionStart", s.project)), env);
    const ctx = JSON.parse(r.stdout).hookSpecificOutput.additionalContext as string;
    expect(ctx).toContain("deploys need a ticket");
    expect(ctx).toContain("is not a directory");
    expect(logLines(s.logFile).length - before).toBe(1);
  });

  it("memdir's hooks are no-ops inside memdir's own jobs (env marker)", () => {
    const s = sandbox();
    const r = runBin(["hook", "SessionStart"], "not json", { ...s.env, MEMDIR_JOB: "1" });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
    expect(logLines(s.logFile)).toHaveLength(0);
  });
});
