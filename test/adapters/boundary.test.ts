/**
 * Harness knowledge stays in `src/adapters/<harness>/`: outside it, no source file spells a harness's
 * tool names, hook event names or environment variables as string literals (the import side is the
 * dependency-cruiser rule `harness-knowledge-stays-in-its-adapter`). Comments and help text may name them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "..", "src");

const HARNESS_WORDS = [
  // tool names
  "Bash",
  "Read",
  "Edit",
  "Write",
  "MultiEdit",
  "NotebookEdit",
  "NotebookRead",
  "Grep",
  "Glob",
  "Task",
  "Agent",
  "exec_command",
  "apply_patch",
  "spawn_agent",
  "run_shell_command",
  "read_file",
  "write_file",
  // hook event names
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "SubagentStart",
  "SubagentStop",
  "Stop",
  "PreCompact",
  "PostCompact",
  "SessionEnd",
  "BeforeAgent",
  "AfterAgent",
  "BeforeTool",
  "AfterTool",
  "PreCompress",
  // environment variables
  "CLAUDE_PROJECT_DIR",
  "CLAUDE_PID",
  "GEMINI_PROJECT_DIR",
  "GEMINI_SESSION_ID",
  "CODEX_HOME",
];

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && d.name.endsWith(".ts"))
    .map((d) => join(d.parentPath, d.name));
}

/** The code of a file without its comments (line and block), string contents kept. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

describe("harness knowledge stays in its adapter", () => {
  it("no file outside src/adapters/ spells a harness's tool names, hook events or env variables", () => {
    const found: string[] = [];
    const literal = new RegExp(`["'\`](${HARNESS_WORDS.join("|")})["'\`]`);
    const env = /\benv\.(CLAUDE_|GEMINI_|CODEX_)\w+|\[["'](CLAUDE_|GEMINI_|CODEX_)\w+["']\]/;
    for (const f of files(SRC)) {
      const rel = relative(SRC, f);
      // The claude-cli model provider runs `claude -p` as a model, not as a harness.
      if (rel.startsWith("adapters/") || rel === "llm/providers/claude-cli.ts") continue;
      for (const [i, line] of code(readFileSync(f, "utf8")).split("\n").entries()) {
        if (literal.test(line) || env.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
      }
    }
    expect(found).toEqual([]);
  });
});
