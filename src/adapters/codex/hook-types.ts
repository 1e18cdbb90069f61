/**
 * Codex CLI 0.171.0 hook events memdir handles. The field names and types are those of the input
 * schemas embedded in the 0.171.0 binary (`<event>.command.input`, draft-07) and of the captured stdin in
 * test/fixtures/hooks/codex.
 *
 * Not handled: `PostCompact` (Codex also fires `SessionStart` with `source: "compact"` right after each
 * compaction, which is the neutral event memdir acts on; PostCompact carries only `trigger`, so taking both
 * would inject the compaction context twice), `PermissionRequest` (an approval prompt, nothing to keep),
 * `Interrupt`, and the `preModelRequest` / `postModelRequest` events app-server lists.
 */
import type { EventType } from "../../harness/events.js";

export const HOOK_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
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
  SubagentStart: "subagentStart",
  SubagentStop: "subagentStop",
  Stop: "turnEnd",
  PreCompact: "compaction",
  SessionEnd: "sessionEnd",
};

/** Events Codex 0.171.0 defines that memdir deliberately leaves alone (see above). */
export const UNHANDLED_EVENTS = ["PostCompact", "PermissionRequest", "Interrupt"] as const;

/** True when `s` is one of HOOK_EVENTS (exact, case-sensitive, as Codex spells them). */
export function isHookEvent(s: unknown): s is HookEvent {
  return typeof s === "string" && (HOOK_EVENTS as readonly string[]).includes(s);
}

/** `snake_case` event names, as Codex writes them in hook trust keys (`<file>:<event>:<group>:<handler>`). */
export const SNAKE_EVENT: Readonly<Record<HookEvent, string>> = {
  SessionStart: "session_start",
  UserPromptSubmit: "user_prompt_submit",
  PreToolUse: "pre_tool_use",
  PostToolUse: "post_tool_use",
  SubagentStart: "subagent_start",
  SubagentStop: "subagent_stop",
  Stop: "stop",
  PreCompact: "pre_compact",
  SessionEnd: "session_end",
};
