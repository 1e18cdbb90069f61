/**
 * A Gemini CLI hook input over MAX_HOOK_INPUT_BYTES keeps its `<remember>` notes (shared/salvage.ts):
 * Gemini CLI 0.61.0 writes `session_id`, `transcript_path`, `cwd`, `hook_event_name`, `timestamp`, then
 * `prompt` or `tool_name`, `tool_input`, `tool_response`, so the routing fields precede the large member.
 */
import type { SalvagedHook } from "../contract.js";
import { salvageOversized } from "../shared/salvage.js";

/** The member that carries note text, per event: the prompt, or a tool's output. */
const NOTE_MEMBER: Readonly<Record<string, string>> = { BeforeAgent: "prompt", AfterTool: "tool_response" };

/**
 * The cwd and note-carrying text of an oversized input; undefined when the event carries no notes or the
 * head lacks a safe `session_id` and a `cwd` before the cut.
 */
export function salvageHook(nativeEvent: string, raw: string | Buffer): SalvagedHook | undefined {
  return salvageOversized(NOTE_MEMBER, nativeEvent, raw);
}
