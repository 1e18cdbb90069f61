/**
 * Gemini CLI 0.61.0 tool names (the `*_TOOL_NAME` constants of the bundle; bundle/docs/reference/tools.md
 * "Tool argument keys") and the kinds, files and commands of their calls.
 */
import type { ToolKind, ToolUse } from "../../harness/index.js";

/**
 * Tool name → kind. `search_file_content` is the legacy alias of `grep_search` (TOOL_LEGACY_ALIASES).
 * Every other name is `other`: `web_fetch` fetches a URL, not a project file; `write_todos`, `ask_user`,
 * `update_topic`, `tracker_*`, plan-mode, skill and MCP tools (`mcp_<server>_<tool>`) touch no project file.
 */
const KINDS: Readonly<Record<string, ToolKind>> = Object.freeze({
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
});

/** The kind of a Gemini CLI tool (exact, case-sensitive name). */
export function toolKind(name: string): ToolKind {
  return Object.hasOwn(KINDS, name) ? KINDS[name]! : "other";
}

/** The tools whose file memdir recalls memories for (read and edit kinds). */
export const FILE_TOOLS: readonly string[] = Object.keys(KINDS).filter((n) => {
  const k = KINDS[n];
  return k === "read" || k === "edit";
});

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/**
 * The neutral view of one Gemini tool call. Files: `file_path` of read_file / write_file / replace;
 * read_many_files names globs (`include`, a string array), kept only when they contain no glob character.
 * Command: run_shell_command `command`. Written text: write_file `content`, replace `new_string`.
 */
export function toolUse(name: string, input: Record<string, unknown>, id?: string): ToolUse {
  const kind = toolKind(name);
  const use: ToolUse = { name, kind, input, paths: [] };
  if (id) use.id = id;
  if (kind === "read" || kind === "edit") {
    const p = str(input.file_path) ?? str(input.absolute_path) ?? str(input.path);
    if (p) use.paths.push(p);
    if (name === "read_many_files" && Array.isArray(input.include)) {
      for (const v of input.include) {
        const s = str(v);
        if (s && !/[*?[\]{}]/.test(s)) use.paths.push(s);
      }
    }
  }
  if (kind === "shell") {
    const c = str(input.command);
    if (c) use.command = c;
  }
  if (kind === "edit") {
    const w = [str(input.content), str(input.new_string)].filter((v): v is string => v !== undefined);
    if (w.length) use.written = w;
  }
  return use;
}
