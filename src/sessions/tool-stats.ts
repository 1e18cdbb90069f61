/**
 * Tool categories and line counts for `toolStats` (seed 000: the seven dimensions of Claude Code
 * 2.1.100 `sdk-tools.d.ts`). Pure functions; the hook path calls them on every tool call.
 */
import type { ToolStats } from "./types.js";

export type ToolCategory = "read" | "search" | "bash" | "editFile" | "other";

/**
 * The exact mapping of Claude Code tool names (2.0.x–2.1.x) to categories. Every other name
 * (Task/Agent, TodoWrite, WebFetch, Skill, AskUserQuestion, ExitPlanMode, ToolSearch, MCP tools…)
 * is `other`. Decisions:
 * - read: file reads only (`Read`, `NotebookRead`). WebFetch fetches a URL, not a project file: other.
 * - search: finding things (`Grep`, `Glob`, `LS`, `WebSearch`). ToolSearch looks up deferred tool
 *   definitions, not code or the web: other.
 * - bash: commands run (`Bash`, `PowerShell`). Polling or killing a background task
 *   (`BashOutput`, `TaskOutput`, `KillShell`, `KillBash`) runs no command: other, so a session that
 *   polls a long build 40 times does not look like 40 commands.
 * - editFile: `Edit`, `Write`, `MultiEdit`, `NotebookEdit`.
 */
export const TOOL_CATEGORIES: Readonly<Record<string, Exclude<ToolCategory, "other">>> = Object.freeze({
  Read: "read",
  NotebookRead: "read",
  Grep: "search",
  Glob: "search",
  LS: "search",
  WebSearch: "search",
  Bash: "bash",
  PowerShell: "bash",
  Edit: "editFile",
  Write: "editFile",
  MultiEdit: "editFile",
  NotebookEdit: "editFile",
});

/** The category of a tool name (exact, case-sensitive match on TOOL_CATEGORIES; else `other`). */
export function categorizeTool(name: string): ToolCategory {
  return Object.hasOwn(TOOL_CATEGORIES, name) ? TOOL_CATEGORIES[name]! : "other";
}

const COUNT_KEY: Record<ToolCategory, keyof ToolStats> = {
  read: "readCount",
  search: "searchCount",
  bash: "bashCount",
  editFile: "editFileCount",
  other: "otherToolCount",
};

/** The ToolStats counter a tool name increments. */
export function statKeyForTool(name: string): keyof ToolStats {
  return COUNT_KEY[categorizeTool(name)];
}

/** All-zero stats. */
export function emptyToolStats(): ToolStats {
  return {
    readCount: 0,
    searchCount: 0,
    bashCount: 0,
    editFileCount: 0,
    linesAdded: 0,
    linesRemoved: 0,
    otherToolCount: 0,
  };
}

/** Normalizes anything read from disk to ToolStats (missing or invalid counters → 0). */
export function toToolStats(v: unknown): ToolStats {
  const out = emptyToolStats();
  if (typeof v !== "object" || v === null) return out;
  for (const k of Object.keys(out) as (keyof ToolStats)[]) {
    const n = (v as Record<string, unknown>)[k];
    if (typeof n === "number" && Number.isFinite(n) && n >= 0) out[k] = Math.floor(n);
  }
  return out;
}

/**
 * Number of lines of a text: `""` → 0, `"a"` → 1, `"a\n"` → 1, `"a\nb"` → 2 (a final newline
 * ends the last line; CRLF counts once). Non-strings → 0.
 */
export function countLines(s: unknown): number {
  if (typeof s !== "string" || s === "") return 0;
  let n = 1;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) n++;
  return s.endsWith("\n") ? n - 1 : n;
}

function splitLines(s: string): string[] {
  if (s === "") return [];
  const lines = s.replace(/\r\n?/g, "\n").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Lines added/removed between two snippets: common leading and trailing lines are not changes. */
export function diffLineCounts(oldText: unknown, newText: unknown): { added: number; removed: number } {
  const a = splitLines(typeof oldText === "string" ? oldText : "");
  const b = splitLines(typeof newText === "string" ? newText : "");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return { added: b.length - head - tail, removed: a.length - head - tail };
}

/**
 * Counts `+`/`-` lines of a Claude Code `structuredPatch` (`[{oldStart, oldLines, newStart,
 * newLines, lines: ["-old", "+new", " ctx"]}]`). Undefined when `patch` is not such an array.
 */
export function patchLineCounts(patch: unknown): { added: number; removed: number } | undefined {
  if (!Array.isArray(patch)) return undefined;
  let added = 0;
  let removed = 0;
  for (const hunk of patch) {
    const lines = (hunk as { lines?: unknown } | null)?.lines;
    if (!Array.isArray(lines)) continue;
    for (const l of lines) {
      if (typeof l !== "string") continue;
      if (l.startsWith("+")) added++;
      else if (l.startsWith("-")) removed++;
    }
  }
  return { added, removed };
}

function field(o: unknown, ...keys: string[]): unknown {
  if (typeof o !== "object" || o === null) return undefined;
  for (const k of keys) if (k in o) return (o as Record<string, unknown>)[k];
  return undefined;
}

/**
 * Lines added and removed by a successful edit-category tool call (0/0 for other tools).
 * Source, in order: the response's non-empty `structuredPatch` (Edit, MultiEdit, Write `update`);
 * for Write without a patch, the content's line count (a new file); for Edit/MultiEdit without a
 * patch, a head/tail-trimmed diff of `old_string`/`new_string` (once, even with `replace_all`);
 * NotebookEdit: the lines of `new_source` (0 for `edit_mode: "delete"`).
 */
export function linesChanged(
  toolName: string,
  input: unknown,
  response?: unknown,
): { added: number; removed: number } {
  const none = { added: 0, removed: 0 };
  if (categorizeTool(toolName) !== "editFile") return none;
  const patch = field(response, "structuredPatch");
  const fromPatch = patchLineCounts(patch);
  if (fromPatch && (fromPatch.added > 0 || fromPatch.removed > 0)) return fromPatch;
  switch (toolName) {
    case "Write":
      // An update whose patch is empty rewrote identical content.
      if (field(response, "type") === "update" && fromPatch) return none;
      return { added: countLines(field(input, "content")), removed: 0 };
    case "Edit":
      return diffLineCounts(field(input, "old_string", "oldString"), field(input, "new_string", "newString"));
    case "MultiEdit": {
      const edits = field(input, "edits");
      const sum = { added: 0, removed: 0 };
      if (Array.isArray(edits)) {
        for (const e of edits) {
          const d = diffLineCounts(field(e, "old_string"), field(e, "new_string"));
          sum.added += d.added;
          sum.removed += d.removed;
        }
      }
      return sum;
    }
    case "NotebookEdit":
      return field(input, "edit_mode") === "delete"
        ? none
        : { added: countLines(field(input, "new_source")), removed: 0 };
    default:
      return none;
  }
}
