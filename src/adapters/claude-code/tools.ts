/**
 * Claude Code's tool names (2.0.x–2.1.332) and the kinds, files and commands of their calls.
 */
import type { ToolKind, ToolUse } from "../../harness/index.js";

/**
 * Tool name → kind. Every other name (TodoWrite, WebFetch, Skill, AskUserQuestion, ExitPlanMode,
 * ToolSearch, MCP tools, polling a background shell with BashOutput/TaskOutput/KillShell…) is `other`:
 * WebFetch fetches a URL, not a project file; polling runs no command.
 */
const KINDS: Readonly<Record<string, ToolKind>> = Object.freeze({
  Read: "read",
  NotebookRead: "read",
  Grep: "search",
  Glob: "search",
  LS: "search",
  WebSearch: "search",
  Bash: "shell",
  PowerShell: "shell",
  Edit: "edit",
  Write: "edit",
  MultiEdit: "edit",
  NotebookEdit: "edit",
  // Subagents: `Task` up to 2.1.x, `Agent` in later builds.
  Task: "agent",
  Agent: "agent",
});

/** The kind of a Claude Code tool (exact, case-sensitive name). */
export function toolKind(name: string): ToolKind {
  return Object.hasOwn(KINDS, name) ? KINDS[name]! : "other";
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** The input keys that name the file of a read or edit tool, in order of preference. */
const PATH_KEYS = ["file_path", "notebook_path", "filePath"] as const;

/** The neutral view of one Claude Code tool call. */
export function toolUse(name: string, input: Record<string, unknown>, id?: string): ToolUse {
  const kind = toolKind(name);
  const use: ToolUse = { name, kind, input, paths: [] };
  if (id) use.id = id;
  if (kind === "read" || kind === "edit") {
    const p =
      PATH_KEYS.map((k) => str(input[k])).find((v) => v !== undefined) ??
      (name === "Read" ? str(input.path) : undefined);
    if (p) use.paths.push(p);
  }
  if (kind === "shell") {
    const c = str(input.command);
    if (c) use.command = c;
  }
  if (kind === "edit") {
    const written = [str(input.new_string), str(input.content), str(input.new_source)];
    if (Array.isArray(input.edits))
      for (const e of input.edits) written.push(str((e as Record<string, unknown> | null)?.new_string));
    const w = written.filter((v): v is string => v !== undefined);
    if (w.length) use.written = w;
  }
  return use;
}
