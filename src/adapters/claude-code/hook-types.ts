/**
 * Claude Code hook events and the typed stdin of each (reference/claude-code.md §1.2; stable core in
 * 2.0.77 and 2.1.332). Re-exported by hook-input.ts. Rejections (ParseFailure codes) and the stdin size
 * cap (MAX_HOOK_INPUT_BYTES) are harness-neutral: harness/events.ts.
 */
import type { EventType, HookRejection } from "../../harness/events.js";

/** The ten events `memdir hook <event>` handles (Claude Code ≥ 2.0.77 has all ten). */
export const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "SubagentStart",
  "SubagentStop",
  "Stop",
  "PreCompact",
  "SessionEnd",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** The neutral event each native event parses to (the hook build bundles each event with its handler only). */
export const HOOK_EVENT_TYPES: Readonly<Record<HookEvent, EventType>> = {
  SessionStart: "sessionStart",
  UserPromptSubmit: "prompt",
  PreToolUse: "toolBefore",
  PostToolUse: "toolAfter",
  PostToolUseFailure: "toolAfter",
  SubagentStart: "subagentStart",
  SubagentStop: "subagentStop",
  Stop: "turnEnd",
  PreCompact: "compaction",
  SessionEnd: "sessionEnd",
};

/** True when `s` is one of HOOK_EVENTS (exact, case-sensitive, as Claude Code spells them). */
export function isHookEvent(s: unknown): s is HookEvent {
  return typeof s === "string" && (HOOK_EVENTS as readonly string[]).includes(s);
}

/** Fields every event carries (§1.2 "Common fields"); `hook_event_name` is always the argv event. */
interface HookInputBase {
  session_id: string;
  cwd: string;
  transcript_path?: string;
  permission_mode?: string;
  agent_id?: string;
  agent_type?: string;
  prompt_id?: string;
  model?: string;
  /** Unknown fields are kept as received (made well-formed). */
  [key: string]: unknown;
}
export interface SessionStartInput extends HookInputBase {
  hook_event_name: "SessionStart";
  /** `startup` | `resume` | `clear` | `compact` | `fork` (2.1.214); other values are kept. */
  source?: string;
}
export interface UserPromptSubmitInput extends HookInputBase {
  hook_event_name: "UserPromptSubmit";
  prompt: string;
  source?: string;
}
interface ToolInputBase extends HookInputBase {
  tool_name: string;
  tool_input?: Record<string, unknown>;
  tool_use_id?: string;
  duration_ms?: number;
}
export interface PreToolUseInput extends ToolInputBase {
  hook_event_name: "PreToolUse";
}
export interface PostToolUseInput extends ToolInputBase {
  hook_event_name: "PostToolUse";
  /** The tool's output: an object for built-in tools, a string or array for some MCP tools. */
  tool_response?: unknown;
}
export interface PostToolUseFailureInput extends ToolInputBase {
  hook_event_name: "PostToolUseFailure";
  error?: string;
  is_interrupt?: boolean;
}
export interface SubagentStartInput extends HookInputBase {
  hook_event_name: "SubagentStart";
}
export interface SubagentStopInput extends HookInputBase {
  hook_event_name: "SubagentStop";
  stop_hook_active?: boolean;
  agent_transcript_path?: string;
  last_assistant_message?: string;
}
export interface StopInput extends HookInputBase {
  hook_event_name: "Stop";
  stop_hook_active?: boolean;
  /** Since 2.1.47; the transcript may not be flushed yet, so prefer this. */
  last_assistant_message?: string;
}
export interface PreCompactInput extends HookInputBase {
  hook_event_name: "PreCompact";
  /** `manual` | `auto`. */
  trigger?: string;
  /** The text after `/compact`, or null. */
  custom_instructions?: string | null;
}
export interface SessionEndInput extends HookInputBase {
  hook_event_name: "SessionEnd";
  /** `clear` | `resume` | `logout` | `prompt_input_exit` | `other`. */
  reason?: string;
}
export type HookInput =
  | SessionStartInput
  | UserPromptSubmitInput
  | PreToolUseInput
  | PostToolUseInput
  | PostToolUseFailureInput
  | SubagentStartInput
  | SubagentStopInput
  | StopInput
  | PreCompactInput
  | SessionEndInput;
export type HookInputFor<E extends HookEvent> = Extract<HookInput, { hook_event_name: E }>;

/** `notes` lists tolerated oddities (event-name mismatch, repaired surrogates); never secrets. */
export type ParseResult<I extends HookInput = HookInput> =
  | { ok: true; input: I; notes: string[] }
  | HookRejection;
