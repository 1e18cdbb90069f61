/**
 * Lines added and removed by a Claude Code edit tool call (2.0.x–2.1.332), from its `tool_response`
 * `structuredPatch` or its input.
 */
import { countLines, diffLineCounts } from "../../harness/line-counts.js";
import { toolKind } from "./tools.js";

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
export function toolLinesChanged(
  toolName: string,
  input: unknown,
  response?: unknown,
): { added: number; removed: number } {
  const none = { added: 0, removed: 0 };
  if (toolKind(toolName) !== "edit") return none;
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
