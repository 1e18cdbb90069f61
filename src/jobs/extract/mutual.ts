/**
 * Mutual exclusion with the main agent (seed 000 §24.2 `hasMemoryWritesSince`): when the agent itself
 * wrote or edited a file in a memory dir since the cursor (the user said "remember this" and it did),
 * extraction skips those messages and only moves the cursor past them, so the memory is not written
 * twice. Read from the transcript slice itself, so it holds even when a PostToolUse hook never ran.
 */
import { isAbsolute, relative, resolve } from "node:path";
import type { ConversationMessage } from "../../transcripts/types.js";

/** Claude Code's file-writing tools (their input names the file in `file_path` / `notebook_path`). */
export const MEMORY_WRITE_TOOLS: ReadonlySet<string> = new Set([
  "Write",
  "Edit",
  "MultiEdit",
  "NotebookEdit",
]);

/** A shell command that writes (redirect, tee, in-place sed, mv/cp/rm/touch), not one that only reads. */
const SHELL_WRITE = /(?:>|\btee\b|\bsed\s+-i|\bmv\b|\bcp\b|\brm\b|\btouch\b|\bperl\s+-pi)/;

export function isInsideDir(dir: string, file: string): boolean {
  const rel = relative(resolve(dir), resolve(file));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * Whether a tool call writes into one of `dirs`: a file tool whose path is inside one, or a Bash
 * command that mentions one and writes.
 */
export function writesInto(
  toolName: string,
  input: Record<string, unknown>,
  dirs: readonly string[],
): boolean {
  if (MEMORY_WRITE_TOOLS.has(toolName)) {
    const p = input.file_path ?? input.notebook_path ?? input.path;
    return typeof p === "string" && p !== "" && dirs.some((d) => isInsideDir(d, p));
  }
  if (toolName === "Bash" && typeof input.command === "string") {
    const cmd = input.command;
    return SHELL_WRITE.test(cmd) && dirs.some((d) => cmd.includes(resolve(d)));
  }
  return false;
}

/** True when a main-chain assistant message of `messages` wrote into one of `dirs` (a successful call). */
export function agentWroteMemory(messages: readonly ConversationMessage[], dirs: readonly string[]): boolean {
  return messages.some(
    (m) =>
      m.kind === "assistant" &&
      !m.isSidechain &&
      m.toolCalls.some((t) => t.result?.isError !== true && writesInto(t.name, t.input, dirs)),
  );
}
