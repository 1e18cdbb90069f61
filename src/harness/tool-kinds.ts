/**
 * What a tool call does, whatever the harness calls the tool. Adapters map their tool names to a kind
 * and pull out the files and the command a call works on; everything below the adapters reads these.
 */
export type ToolKind =
  /** Reads a file of the project (Claude Code `Read`, Gemini `read_file`). */
  | "read"
  /** Writes or edits a file (Claude Code `Edit`/`Write`/`MultiEdit`/`NotebookEdit`, Gemini `replace`). */
  | "edit"
  /** Finds files or text, or searches the web (Claude Code `Grep`/`Glob`, Gemini `glob`). */
  | "search"
  /** Runs a shell command (Claude Code `Bash`, Codex `Bash`/`exec_command`, Gemini `run_shell_command`). */
  | "shell"
  /** Starts a subagent (Claude Code `Task`/`Agent`). */
  | "agent"
  | "other";

export const TOOL_KINDS: readonly ToolKind[] = ["read", "edit", "search", "shell", "agent", "other"];

/** One tool call as the layers below the adapters see it. */
export interface ToolUse {
  /** The tool's name as the harness spells it: for display and logs only, never for decisions. */
  name: string;
  kind: ToolKind;
  /** The harness's id of the call, when it sends one. */
  id?: string;
  /** The tool's input object as received (display, previews); decisions read `paths` and `command`. */
  input: Record<string, unknown>;
  /** The project files the call reads or edits, as the harness named them (absolute or relative to cwd). */
  paths: string[];
  /** The command line of a `shell` call. */
  command?: string;
  /** The new text an `edit` call writes (replacement strings, whole-file contents), for definitions. */
  written?: string[];
}

/** Lines a successful edit added and removed (0/0 when unknown). */
export interface LineDelta {
  added: number;
  removed: number;
}
