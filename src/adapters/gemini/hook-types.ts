/**
 * Gemini CLI 0.61.0 hook events memdir handles and their stdin (bundle/docs/hooks/reference.md, checked
 * against the stdin captured in test/fixtures/hooks/gemini/). Every event carries `session_id`,
 * `transcript_path`, `cwd`, `hook_event_name` and `timestamp` (ISO 8601).
 *
 * Not handled: BeforeModel, AfterModel, BeforeToolSelection (model-request plumbing), Notification (only
 * `ToolPermission`), and PreCompress: 0.61 fires it with `trigger:"auto"` before every model call, whether
 * or not anything is compressed, so it is no compaction signal (compaction shows in the session file as
 * a `$set` of messages starting with a `<state_snapshot>` user message; see transcript-state.ts).
 */
import type { EventType } from "../../harness/events.js";

/** The native events `memdir hook <event> --harness gemini` parses. */
export const HOOK_EVENTS = [
  "SessionStart",
  "BeforeAgent",
  "BeforeTool",
  "AfterTool",
  "AfterAgent",
  "SessionEnd",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** The neutral event each native event parses to (the hook build bundles each event with its handler only). */
export const HOOK_EVENT_TYPES: Readonly<Record<HookEvent, EventType>> = {
  SessionStart: "sessionStart",
  BeforeAgent: "prompt",
  BeforeTool: "toolBefore",
  AfterTool: "toolAfter",
  AfterAgent: "turnEnd",
  SessionEnd: "sessionEnd",
};

/** True when `s` is one of HOOK_EVENTS (exact, case-sensitive, as Gemini CLI spells them). */
export function isHookEvent(s: unknown): s is HookEvent {
  return typeof s === "string" && (HOOK_EVENTS as readonly string[]).includes(s);
}

interface HookInputBase {
  session_id: string;
  cwd: string;
  transcript_path?: string;
  timestamp?: string;
  [key: string]: unknown;
}
export interface SessionStartInput extends HookInputBase {
  hook_event_name: "SessionStart";
  /** `startup` | `resume` | `clear`. */
  source?: string;
}
export interface BeforeAgentInput extends HookInputBase {
  hook_event_name: "BeforeAgent";
  /** In `-p` mode SessionStart context is already prepended as `<hook_context>…</hook_context>\n\n`. */
  prompt: string;
}
interface ToolInputBase extends HookInputBase {
  tool_name: string;
  tool_input?: Record<string, unknown>;
  mcp_context?: Record<string, unknown>;
  original_request_name?: string;
}
export interface BeforeToolInput extends ToolInputBase {
  hook_event_name: "BeforeTool";
}
export interface AfterToolInput extends ToolInputBase {
  hook_event_name: "AfterTool";
  /** `{llmContent: string | Part | Part[], returnDisplay, error?: {message, type}}`. */
  tool_response?: Record<string, unknown>;
}
export interface AfterAgentInput extends HookInputBase {
  hook_event_name: "AfterAgent";
  prompt?: string;
  /** The turn's final text. */
  prompt_response?: string;
  stop_hook_active?: boolean;
}
export interface SessionEndInput extends HookInputBase {
  hook_event_name: "SessionEnd";
  /** `exit` | `clear` | `logout` | `prompt_input_exit` | `other`. */
  reason?: string;
}
export type HookInput =
  | SessionStartInput
  | BeforeAgentInput
  | BeforeToolInput
  | AfterToolInput
  | AfterAgentInput
  | SessionEndInput;
export type HookInputFor<E extends HookEvent> = Extract<HookInput, { hook_event_name: E }>;
