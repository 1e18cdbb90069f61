/**
 * The memory sandbox a model-driven job runs in (DESIGN.md §4: "only memory tools … confined to
 * the memory dir; read-only project file access at most"; Claude Code 2.1.88 createAutoMemCanUseTool;
 * a model given no tools must not reach any other tool either). No shell, no network.
 */
import { isAbsolute } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { memoryTools } from "./memory-tools.js";
import { projectTools } from "./project-tools.js";
import { Staging } from "./staging.js";
import type { MemorySandbox, SandboxOptions } from "./types.js";

/** Default cap of a tool's output, in code points. */
export const DEFAULT_MAX_READ_CHARS = 12_000;

/**
 * Creates the tools: `memory_list`, `memory_read`, `memory_write`, `memory_edit`, `memory_delete`,
 * and with `projectRoot` also `project_read`, `project_grep`. Writes, edits and deletes are staged
 * (read-your-writes); `staged()` returns them for `applyStagedOps`. Tools never throw: a refused
 * or failed call is an `isError` result (`invalidInput` when the input breaks the schema).
 * @throws MemdirError BAD_INPUT when a root is not an absolute path or `maxReadChars` is not a
 *   positive integer.
 */
export function createMemorySandbox(opts: SandboxOptions): MemorySandbox {
  const roots = [opts.roots.project, opts.roots.user, opts.projectRoot].filter((r) => r !== undefined);
  for (const r of roots) {
    if (!isAbsolute(r)) {
      throw new MemdirError("BAD_INPUT", "sandbox roots must be absolute paths", {
        expected: "absolute paths for roots.project, roots.user and projectRoot",
        received: JSON.stringify(r),
        hint: "resolve the paths (paths/resolveProjectPaths) before creating the sandbox",
      });
    }
  }
  const max = opts.maxReadChars ?? DEFAULT_MAX_READ_CHARS;
  if (!Number.isInteger(max) || max <= 0) {
    throw new MemdirError("BAD_INPUT", "maxReadChars must be a positive integer", {
      expected: "a number of code points such as 12000",
      received: String(max),
      hint: "omit maxReadChars for the default",
    });
  }
  const staging = new Staging();
  const tools = memoryTools(opts.roots, staging, max);
  if (opts.projectRoot !== undefined) tools.push(...projectTools(opts.projectRoot, max));
  return { tools, staged: () => staging.ops() };
}
