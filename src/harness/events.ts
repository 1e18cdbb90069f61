/**
 * The harness-neutral hook events: what every adapter's `parseHook` returns and every hook handler
 * takes. camelCase, one type per event, no index signature: a field a harness sends that is not here
 * is not used below the adapters.
 */
import type { HarnessName } from "./names.js";
import type { LineDelta, ToolUse } from "./tool-kinds.js";

interface EventBase {
  harness: HarnessName;
  /** The harness's session (thread) id: a safe file name (checked by the adapter). */
  sessionId: string;
  /** The directory the session works in (non-empty). */
  cwd: string;
  /** The session's transcript file, when the harness names one. */
  transcriptPath?: string;
  /** Set when the event comes from inside a subagent. */
  agentId?: string;
  agentType?: string;
  model?: string;
  /**
   * The harness's permission mode at the event, as the harness names it (Claude Code 2.1.332:
   * `default`, `plan`, `acceptEdits`, `bypassPermissions`, …; Codex 0.171.0 sends it too). Claude Code
   * and Codex omit it on SessionStart and SessionEnd (Codex also on compaction events).
   */
  permissionMode?: string;
}

export interface SessionStartEvent extends EventBase {
  type: "sessionStart";
  /** `startup` | `resume` | `clear` | `compact` | `fork`. */
  source: "startup" | "resume" | "clear" | "compact" | "fork";
}
export interface PromptEvent extends EventBase {
  type: "prompt";
  prompt: string;
}
export interface ToolBeforeEvent extends EventBase {
  type: "toolBefore";
  tool: ToolUse;
}
export interface ToolAfterEvent extends EventBase {
  type: "toolAfter";
  tool: ToolUse;
  success: boolean;
  /** The tool's output as text blocks (scrubbed by the caller before anything is stored). */
  responseText: string[];
  /** Lines a successful edit changed, when the harness reports them. */
  linesChanged?: LineDelta;
  /** The failure's error text. */
  error?: string;
  /** The user interrupted the call. */
  interrupted: boolean;
}
export interface SubagentStartEvent extends EventBase {
  type: "subagentStart";
  agentId: string;
}
export interface SubagentStopEvent extends EventBase {
  type: "subagentStop";
  agentId: string;
  /** The subagent's own transcript. */
  agentTranscriptPath?: string;
  lastAssistantMessage?: string;
}
export interface TurnEndEvent extends EventBase {
  type: "turnEnd";
  /** The turn's last assistant text (the transcript may not be flushed yet). */
  lastAssistantMessage?: string;
  /** The turn already continued after a turn-end hook. */
  stopHookActive: boolean;
}
export interface CompactionEvent extends EventBase {
  type: "compaction";
  trigger: "manual" | "auto" | "unknown";
  customInstructions?: string;
}
export interface SessionEndEvent extends EventBase {
  type: "sessionEnd";
  /** The harness's reason (`clear`, `logout`, `prompt_input_exit`, `other`…). */
  reason: string;
}

export type HarnessEvent =
  | SessionStartEvent
  | PromptEvent
  | ToolBeforeEvent
  | ToolAfterEvent
  | SubagentStartEvent
  | SubagentStopEvent
  | TurnEndEvent
  | CompactionEvent
  | SessionEndEvent;
export type EventType = HarnessEvent["type"];
export type EventOf<T extends EventType> = Extract<HarnessEvent, { type: T }>;

/**
 * What a handler returns. `context` is text for the model (the adapter puts it where the harness reads
 * hook context, or drops it on events whose context the harness ignores); `undefined` = no output.
 */
export interface HookResult {
  context?: string;
}

/** Why a hook input was rejected; stable strings for logs and tests. */
export type ParseFailure =
  | "UNKNOWN_EVENT"
  | "EMPTY"
  | "TOO_LARGE"
  | "NOT_JSON"
  | "NOT_OBJECT"
  | "MISSING_FIELD"
  | "BAD_FIELD"
  | "UNSAFE_ID";

/** A rejected hook input: its code and a reason that names no field values. */
export interface HookRejection {
  ok: false;
  code: ParseFailure;
  reason: string;
}

/** `notes` lists tolerated oddities (event-name mismatch, repaired surrogates); never field values. */
export type ParsedHook<E extends HarnessEvent = HarnessEvent> =
  | { ok: true; event: E; notes: string[] }
  | HookRejection;

/** Hook stdin larger than this many bytes (4 MiB) is not parsed (its `<remember>` notes are salvaged). */
export const MAX_HOOK_INPUT_BYTES = 4 * 1024 * 1024;
