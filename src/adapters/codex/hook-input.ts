/**
 * Codex CLI 0.171.0 hook stdin → neutral events (hot path: by hand, never throws). Field kinds follow the
 * binary's input schemas: `transcript_path`, `last_assistant_message` and `agent_transcript_path` are
 * nullable (null = absent); `tool_input` / `tool_response` may be any JSON. Unknown fields are ignored;
 * known fields of the wrong type are rejected. Reasons name no field values.
 */
import type { HarnessEvent, ParsedHook, ToolAfterEvent } from "../../harness/index.js";
import {
  type FieldSpec,
  type HookStdinSpec,
  hookFailure,
  isSafeId,
  type Obj,
  parseHookStdin,
} from "../shared/hook-json.js";
import { HOOK_EVENTS, type HookEvent, UNHANDLED_EVENTS } from "./hook-types.js";
import { toolUse } from "./tools.js";

const COMMON: FieldSpec = {
  cwd: { kind: "nonEmptyString", required: true },
  transcript_path: { kind: "string" },
  model: { kind: "string" },
  permission_mode: { kind: "string" },
  turn_id: { kind: "string" },
  agent_id: { kind: "string" },
  agent_type: { kind: "string" },
};
const TOOL: FieldSpec = {
  tool_name: { kind: "nonEmptyString", required: true },
  tool_input: { kind: "any" },
  tool_use_id: { kind: "string" },
};
const STOP: FieldSpec = { stop_hook_active: { kind: "boolean" }, last_assistant_message: { kind: "string" } };
const PER_EVENT: Record<HookEvent, FieldSpec> = {
  SessionStart: { source: { kind: "string" } },
  UserPromptSubmit: { prompt: { kind: "string", required: true } },
  PreToolUse: TOOL,
  PostToolUse: { ...TOOL, tool_response: { kind: "any" } },
  SubagentStart: { agent_id: { kind: "nonEmptyString", required: true } },
  SubagentStop: {
    ...STOP,
    agent_id: { kind: "nonEmptyString", required: true },
    agent_transcript_path: { kind: "string" },
  },
  Stop: STOP,
  PreCompact: { trigger: { kind: "string" } },
  SessionEnd: { reason: { kind: "string" } },
};

const SPEC: HookStdinSpec<HookEvent> = {
  events: HOOK_EVENTS,
  eventLabel: "Codex hook event",
  expected: "one JSON object on stdin (Codex CLI 0.171 hook input)",
  common: COMMON,
  perEvent: PER_EVENT,
  unknownHint: (event) =>
    (UNHANDLED_EVENTS as readonly string[]).includes(event)
      ? " (defined by Codex, not handled by memdir: do not register it)"
      : "",
};

const SOURCES = new Set(["startup", "resume", "clear", "compact", "fork"]);

/**
 * Parses Codex hook stdin for `event` (the argv event, which wins over `hook_event_name`, noted) into its
 * neutral event. Rejects an unknown or unhandled event, empty or oversized input, non-JSON, non-objects, a
 * missing or unsafe `session_id` (or `agent_id` on subagent events), a missing `cwd` (and `prompt` /
 * `tool_name` for their events), and known fields of the wrong type.
 */
export function parseHookInput(event: string, raw: string | Buffer): ParsedHook<HarnessEvent> {
  const r = parseHookStdin(SPEC, event, raw);
  if (!r.ok) return r;
  if (typeof r.obj.agent_id === "string" && !isSafeId(r.obj.agent_id))
    return hookFailure(
      SPEC.expected,
      "UNSAFE_ID",
      "an agent_id that is not a safe file name (/, \\, .., NUL or control character)",
    );
  return { ok: true, event: toEvent(r.event, r.obj), notes: r.notes };
}

const s = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

function toEvent(event: HookEvent, o: Obj): HarnessEvent {
  const base = {
    harness: "codex" as const,
    sessionId: o.session_id as string,
    cwd: o.cwd as string,
    ...(s(o.transcript_path) ? { transcriptPath: s(o.transcript_path) } : {}),
    ...(s(o.agent_id) ? { agentId: s(o.agent_id) } : {}),
    ...(s(o.agent_type) !== undefined ? { agentType: s(o.agent_type) } : {}),
    ...(s(o.model) ? { model: s(o.model) } : {}),
    ...(s(o.permission_mode) ? { permissionMode: s(o.permission_mode) } : {}),
  };
  const last = s(o.last_assistant_message);
  switch (event) {
    case "SessionStart": {
      const src = s(o.source) ?? "startup";
      return { ...base, type: "sessionStart", source: (SOURCES.has(src) ? src : "startup") as "startup" };
    }
    case "UserPromptSubmit":
      return { ...base, type: "prompt", prompt: o.prompt as string };
    case "PreToolUse":
      return { ...base, type: "toolBefore", tool: tool(o) };
    case "PostToolUse":
      return { ...base, type: "toolAfter", tool: tool(o), ...outcome(o.tool_response), interrupted: false };
    case "SubagentStart":
      return { ...base, type: "subagentStart", agentId: o.agent_id as string };
    case "SubagentStop":
      return {
        ...base,
        type: "subagentStop",
        agentId: o.agent_id as string,
        ...(s(o.agent_transcript_path) ? { agentTranscriptPath: s(o.agent_transcript_path) } : {}),
        ...(last !== undefined ? { lastAssistantMessage: last } : {}),
      };
    case "Stop":
      return {
        ...base,
        type: "turnEnd",
        stopHookActive: o.stop_hook_active === true,
        ...(last !== undefined ? { lastAssistantMessage: last } : {}),
      };
    case "PreCompact": {
      const t = o.trigger;
      return { ...base, type: "compaction", trigger: t === "manual" || t === "auto" ? t : "unknown" };
    }
    case "SessionEnd":
      return { ...base, type: "sessionEnd", reason: s(o.reason) ?? "other" };
  }
}

/** `tool_input` as an object: a non-object input (any JSON is allowed) is kept as `{input: value}`. */
function tool(o: Obj) {
  const raw = o.tool_input;
  const input: Obj =
    typeof raw === "object" && raw !== null && !Array.isArray(raw)
      ? (raw as Obj)
      : raw === undefined
        ? {}
        : { input: raw };
  return toolUse(o.tool_name as string, input, s(o.tool_use_id) || undefined);
}

type Outcome = Pick<ToolAfterEvent, "success" | "responseText" | "error">;

/**
 * Success and text of a `tool_response`. Codex 0.171.0 sends the shell tool's output as a plain string
 * with no exit status (a failing command still fires PostToolUse, as success); apply_patch's string starts
 * `Exit code: N`; an MCP result is `{content: [...], isError}`. Other shapes are shown as JSON.
 */
export function outcome(resp: unknown): Outcome {
  if (resp === undefined) return { success: true, responseText: [] };
  if (typeof resp === "string") {
    const m = /^Exit code: (\d+)\n/.exec(resp);
    const ok = !m || m[1] === "0";
    return { success: ok, responseText: [resp], ...(ok ? {} : { error: resp }) };
  }
  if (typeof resp === "object" && resp !== null && !Array.isArray(resp)) {
    const r = resp as Obj;
    const texts = Array.isArray(r.content)
      ? r.content.flatMap((b) => (typeof (b as Obj)?.text === "string" ? [(b as Obj).text as string] : []))
      : [];
    const failed = r.isError === true || r.success === false;
    const text = texts.length ? texts : [JSON.stringify(resp)];
    return { success: !failed, responseText: text, ...(failed ? { error: text.join("\n") } : {}) };
  }
  return { success: true, responseText: [JSON.stringify(resp)] };
}
