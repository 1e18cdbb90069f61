/**
 * A Claude Code hook input over MAX_HOOK_INPUT_BYTES keeps its `<remember>` notes (shared/salvage.ts):
 * Claude Code 2.1.x writes `session_id`, `transcript_path`, `cwd`, … and `tool_name` before `prompt` /
 * `tool_response`, so the routing fields precede the large member.
 */
import type { SalvagedHook } from "../contract.js";
import { salvageOversized } from "../shared/salvage.js";
import type { HookEvent } from "./hook-types.js";
import { toolKind } from "./tools.js";

/** Which member carries text for `<remember>` tags, per event. */
const NOTE_MEMBER: Partial<Record<HookEvent, string>> = {
  UserPromptSubmit: "prompt",
  PostToolUse: "tool_response",
};

/** A subagent's output is note text; any other tool's is not (a Read of a file that documents the tag). */
const subagentTool = (fields: Record<string, unknown>): boolean =>
  toolKind(typeof fields.tool_name === "string" ? fields.tool_name : "") === "agent";

/**
 * The contract's salvage: the note-carrying text of an oversized prompt, or of a subagent tool's output
 * (a Read of a file that documents the tag must not become a note); undefined otherwise.
 */
export function salvageClaudeHook(event: string, raw: string): SalvagedHook | undefined {
  return salvageOversized(NOTE_MEMBER, event, raw, event === "PostToolUse" ? subagentTool : undefined);
}
