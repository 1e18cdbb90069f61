/**
 * Hook inputs that are not quite one JSON document keep what they carry: one object followed by NUL
 * bytes or garbage is read, and the `<remember>` notes at the start of a prompt or subagent output
 * larger than memdir parses are stored before the rest is dropped. Real bin.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

function sandbox() {
  const home = tempDir("memdir-salvage-");
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  const env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_NO_JOBS: "1",
  };
  const base = { session_id: "s-salvage", transcript_path: join(project, "t.jsonl"), cwd: project };
  const notepad = () => {
    try {
      return readFileSync(join(project, ".memdir", "notepad.md"), "utf8");
    } catch {
      return "";
    }
  };
  const log = () => readFileSync(join(home, ".memdir", "logs", "memdir.log"), "utf8");
  return { env, base, notepad, log };
}

describe("hook input salvage", () => {
  it("one JSON object followed by NUL bytes is read, its <remember> note kept, and the tolerance logged", () => {
    const s = sandbox();
    const input = JSON.stringify({
      ...s.base,
      hook_event_name: "UserPromptSubmit",
      prompt: "<remember>the staging db is read-only</remember>",
    });
    const r = runBin(
      ["hook", "UserPromptSubmit"],
      Buffer.concat([Buffer.from(input), Buffer.alloc(64)]),
      s.env,
    );
    expect(r.status).toBe(0);
    expect(s.notepad()).toContain("the staging db is read-only");
    expect(s.log()).toMatch(/tolerated hook input: 64 characters after the JSON object ignored/);
  });

  it("a prompt over 4 MiB keeps the <remember> note that came first; the rest is dropped", () => {
    const s = sandbox();
    const prompt = `<remember priority>deploys need a ticket</remember> and then ${"x".repeat(6 * 1024 * 1024)}`;
    const r = runBin(
      ["hook", "UserPromptSubmit"],
      JSON.stringify({ ...s.base, hook_event_name: "UserPromptSubmit", prompt }),
      s.env,
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toBe("");
    expect(s.notepad()).toContain("deploys need a ticket");
    expect(s.log()).toMatch(
      /ignored hook input: .*1 <remember> note\(s\) taken from its first 4194304 bytes/,
    );
  });

  it("a 9 MB subagent output keeps its <remember> note; a Read's output never makes one", () => {
    const s = sandbox();
    const big = (tool: string) =>
      JSON.stringify({
        ...s.base,
        hook_event_name: "PostToolUse",
        tool_name: tool,
        tool_input: {},
        tool_response: {
          content: [{ type: "text", text: `<remember>${tool} says hi</remember>${"y".repeat(9_000_000)}` }],
        },
      });
    expect(runBin(["hook", "PostToolUse"], big("Read"), s.env).status).toBe(0);
    expect(s.notepad()).not.toContain("Read says hi");
    expect(runBin(["hook", "PostToolUse"], big("Task"), s.env).status).toBe(0);
    expect(s.notepad()).toContain("Task says hi");
  });
});
