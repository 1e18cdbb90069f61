import { describe, expect, it } from "vitest";
import { projectDir } from "../../../src/adapters/gemini/env.js";
import { CONTEXT_EVENTS, checkHookOutput, formatHook } from "../../../src/adapters/gemini/hook-output.js";
import { HOOK_EVENTS } from "../../../src/adapters/gemini/hook-types.js";
import { FILE_TOOLS, toolKind, toolUse } from "../../../src/adapters/gemini/tools.js";

describe("formatHook", () => {
  it("context only where Gemini 0.61 reads it: SessionStart, BeforeAgent, AfterTool", () => {
    expect(CONTEXT_EVENTS).toEqual(["SessionStart", "BeforeAgent", "AfterTool"]);
    for (const e of HOOK_EVENTS) {
      const out = formatHook(e, { context: "memdir: a.ts is the router" });
      expect(checkHookOutput(e, out)).toBeUndefined();
      if (CONTEXT_EVENTS.includes(e)) {
        expect(out).toBe(
          `${JSON.stringify({ hookSpecificOutput: { hookEventName: e, additionalContext: "memdir: a.ts is the router" } })}\n`,
        );
      } else expect(out, e).toBe("");
    }
  });

  it("nothing for no result, blank context or an unknown event; lone surrogates made well-formed", () => {
    expect(formatHook("SessionStart", undefined)).toBe("");
    expect(formatHook("SessionStart", { context: " \n" })).toBe("");
    expect(formatHook("PreCompress", { context: "x" })).toBe("");
    expect(formatHook("BeforeAgent", { context: "a\uD800b" })).toContain("a\uFFFDb");
  });

  it("checkHookOutput catches what Gemini would misread", () => {
    expect(
      checkHookOutput(
        "BeforeTool",
        '{"hookSpecificOutput":{"hookEventName":"BeforeTool","additionalContext":"x"}}\n',
      ),
    ).toMatch(/reads no additionalContext/);
    expect(checkHookOutput("SessionStart", "hello\n")).toMatch(/not exactly one JSON/);
    expect(checkHookOutput("SessionStart", '{"a":1}\n')).toMatch(/unknown top-level key/);
    expect(
      checkHookOutput(
        "SessionStart",
        '{"hookSpecificOutput":{"hookEventName":"BeforeAgent","additionalContext":"x"}}\n',
      ),
    ).toMatch(/hookEventName/);
    expect(checkHookOutput("AfterAgent", '{"decision":"deny"}\n')).toMatch(/never sends decision/);
    expect(checkHookOutput("SessionStart", '{"systemMessage":"x"}')).toMatch(/newline/);
    expect(checkHookOutput("Nope", "")).toMatch(/unknown event/);
  });
});

describe("tools", () => {
  it("maps the 0.61 tool names to kinds", () => {
    const kinds = Object.fromEntries(
      [
        "read_file",
        "read_many_files",
        "write_file",
        "replace",
        "glob",
        "grep_search",
        "search_file_content",
        "list_directory",
        "google_web_search",
        "run_shell_command",
        "invoke_agent",
        "web_fetch",
        "write_todos",
        "save_memory",
        "mcp_srv_tool",
        "Read",
      ].map((n) => [n, toolKind(n)]),
    );
    expect(kinds).toEqual({
      read_file: "read",
      read_many_files: "read",
      write_file: "edit",
      replace: "edit",
      glob: "search",
      grep_search: "search",
      search_file_content: "search",
      list_directory: "search",
      google_web_search: "search",
      run_shell_command: "shell",
      invoke_agent: "agent",
      web_fetch: "other",
      write_todos: "other",
      save_memory: "other",
      mcp_srv_tool: "other",
      Read: "other",
    });
    expect([...FILE_TOOLS].sort()).toEqual(["read_file", "read_many_files", "replace", "write_file"]);
    expect(toolKind("__proto__")).toBe("other");
  });

  it("extracts files, command and written text", () => {
    expect(toolUse("replace", { file_path: "/p/a.ts", old_string: "x", new_string: "y" }, "c1")).toEqual({
      name: "replace",
      kind: "edit",
      id: "c1",
      input: { file_path: "/p/a.ts", old_string: "x", new_string: "y" },
      paths: ["/p/a.ts"],
      written: ["y"],
    });
    expect(toolUse("write_file", { file_path: "b.md", content: "# B" })).toMatchObject({
      paths: ["b.md"],
      written: ["# B"],
    });
    expect(toolUse("read_many_files", { include: ["src/a.ts", "docs/**/*.md", 3] }).paths).toEqual([
      "src/a.ts",
    ]);
    expect(toolUse("run_shell_command", { command: "npm test", description: "t" })).toMatchObject({
      kind: "shell",
      command: "npm test",
      paths: [],
    });
    expect(toolUse("grep_search", { pattern: "x", dir_path: "src" }).paths).toEqual([]);
    expect(toolUse("read_file", { file_path: 7 }).paths).toEqual([]);
  });
});

describe("env", () => {
  it("projectDir: GEMINI_PROJECT_DIR, then its alias CLAUDE_PROJECT_DIR", () => {
    expect(projectDir({ GEMINI_PROJECT_DIR: "/g", CLAUDE_PROJECT_DIR: "/c" })).toBe("/g");
    expect(projectDir({ CLAUDE_PROJECT_DIR: "/c" })).toBe("/c");
    expect(projectDir({ GEMINI_PROJECT_DIR: "" })).toBeUndefined();
  });
});
