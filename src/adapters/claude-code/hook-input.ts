/**
 * Claude Code hook stdin: parse and validate by hand (hot path: no zod, no exceptions escape).
 * Field names: reference/claude-code.md §1.2 (stable core in 2.0.77 and 2.1.332). Unknown fields are
 * kept; known fields of the wrong type are rejected. Every failure is a `{ok:false, code, reason}`.
 */
import { type FieldSpec, type HookStdinSpec, parseHookStdin } from "../shared/hook-json.js";
import {
  HOOK_EVENTS,
  type HookEvent,
  type HookInput,
  type HookInputFor,
  type ParseResult,
} from "./hook-types.js";

export { isSafeId } from "../shared/hook-json.js";
export * from "./hook-types.js";

const COMMON: FieldSpec = {
  cwd: { kind: "nonEmptyString", required: true },
  transcript_path: { kind: "string" },
  permission_mode: { kind: "string" },
  agent_id: { kind: "string" },
  agent_type: { kind: "string" },
  prompt_id: { kind: "string" },
  model: { kind: "string" },
};
const TOOL: FieldSpec = {
  tool_name: { kind: "nonEmptyString", required: true },
  tool_input: { kind: "object" },
  tool_use_id: { kind: "string" },
  duration_ms: { kind: "number" },
};
const STOP: FieldSpec = { stop_hook_active: { kind: "boolean" }, last_assistant_message: { kind: "string" } };
const PER_EVENT: Record<HookEvent, FieldSpec> = {
  SessionStart: { source: { kind: "string" } },
  UserPromptSubmit: { prompt: { kind: "string", required: true }, source: { kind: "string" } },
  PreToolUse: TOOL,
  PostToolUse: { ...TOOL, tool_response: { kind: "any" } },
  PostToolUseFailure: { ...TOOL, error: { kind: "string" }, is_interrupt: { kind: "boolean" } },
  SubagentStart: {},
  SubagentStop: { ...STOP, agent_transcript_path: { kind: "string" } },
  Stop: STOP,
  PreCompact: { trigger: { kind: "string" }, custom_instructions: { kind: "stringOrNull" } },
  SessionEnd: { reason: { kind: "string" } },
};

const SPEC: HookStdinSpec<HookEvent> = {
  events: HOOK_EVENTS,
  eventLabel: "hook event",
  expected: 'one JSON object on stdin (Claude Code hook input: {"session_id", "hook_event_name", …})',
  common: COMMON,
  perEvent: PER_EVENT,
};

/**
 * Parses Claude Code hook stdin for `event` (the argv event, which wins over `hook_event_name`).
 * Tolerates a BOM, CRLF, trailing whitespace, NUL bytes or other text after one JSON object (noted),
 * and lone surrogates (replaced with U+FFFD). Rejects an
 * unknown event, empty input, more than MAX_HOOK_INPUT_BYTES bytes, non-JSON, arrays and
 * primitives, a missing or unsafe `session_id`, a missing `cwd` (and `prompt` / `tool_name` for
 * their events), and known fields of the wrong type (`null` counts as absent, except
 * `custom_instructions`). Never throws; reasons name no field values (stdin may hold secrets).
 */
export function parseHookInput<E extends HookEvent>(
  event: E,
  raw: string | Buffer,
): ParseResult<HookInputFor<E>>;
export function parseHookInput(event: string, raw: string | Buffer): ParseResult;
export function parseHookInput(event: string, raw: string | Buffer): ParseResult {
  const r = parseHookStdin(SPEC, event, raw);
  return r.ok ? { ok: true, input: r.obj as HookInput, notes: r.notes } : r;
}
