/**
 * A Codex hook input over MAX_HOOK_INPUT_BYTES keeps its `<remember>` notes (shared/salvage.ts): Codex
 * 0.171.0 writes `session_id`, `turn_id`, `transcript_path`, `cwd`, … before `prompt` / `tool_response`
 * (see test/fixtures/hooks/codex), so the routing fields precede the large member.
 */
import type { SalvagedHook } from "../contract.js";
import { salvageOversized } from "../shared/salvage.js";

/** Which member carries text for `<remember>` tags, per event. */
const NOTE_MEMBER: Readonly<Record<string, string>> = {
  UserPromptSubmit: "prompt",
  PostToolUse: "tool_response",
};

/** The cwd and note-carrying text of an oversized input; undefined without a safe session_id and a cwd. */
export function salvageHookInput(event: string, raw: string | Buffer): SalvagedHook | undefined {
  return salvageOversized(NOTE_MEMBER, event, raw);
}
