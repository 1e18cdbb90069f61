/**
 * Gemini CLI 0.61.0 hook stdin → the harness-neutral events (hot path: no zod, nothing escapes as an
 * exception). Field names: bundle/docs/hooks/reference.md and test/fixtures/hooks/gemini/. Unknown fields
 * are ignored; known fields of the wrong type are rejected; `null` counts as absent.
 */
import type { HarnessEvent, ParsedHook, ParseFailure, ToolUse } from "../../harness/index.js";
import { stripLeadingHookContext } from "./context-text.js";
import { decodeHookJson, isSafeId, typeName } from "./hook-json.js";
import { HOOK_EVENTS, type HookEvent, type HookInput, isHookEvent } from "./hook-types.js";
import { toolUse } from "./tools.js";

export { isSafeId } from "./hook-json.js";
export * from "./hook-types.js";

type Kind = "string" | "nonEmptyString" | "boolean" | "object";
type FieldSpec = Record<string, { kind: Kind; required?: boolean }>;

const COMMON: FieldSpec = {
  cwd: { kind: "nonEmptyString", required: true },
  transcript_path: { kind: "string" },
  timestamp: { kind: "string" },
};
const TOOL: FieldSpec = {
  tool_name: { kind: "nonEmptyString", required: true },
  tool_input: { kind: "object" },
  mcp_context: { kind: "object" },
  original_request_name: { kind: "string" },
};
const PER_EVENT: Record<HookEvent, FieldSpec> = {
  SessionStart: { source: { kind: "string" } },
  BeforeAgent: { prompt: { kind: "string", required: true } },
  BeforeTool: TOOL,
  AfterTool: { ...TOOL, tool_response: { kind: "object" } },
  AfterAgent: {
    prompt: { kind: "string" },
    prompt_response: { kind: "string" },
    stop_hook_active: { kind: "boolean" },
  },
  SessionEnd: { reason: { kind: "string" } },
};

const EXPECTED = "one JSON object on stdin (Gemini CLI hook input, bundle/docs/hooks/reference.md)";
const fail = (code: ParseFailure, received: string): { ok: false; code: ParseFailure; reason: string } => ({
  ok: false,
  code,
  reason: `expected ${EXPECTED}; received ${received}`,
});

function checkKind(v: unknown, kind: Kind): boolean {
  if (kind === "string") return typeof v === "string";
  if (kind === "nonEmptyString") return typeof v === "string" && v.length > 0;
  if (kind === "boolean") return typeof v === "boolean";
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

export type ParseResult =
  | { ok: true; input: HookInput; notes: string[] }
  | { ok: false; code: ParseFailure; reason: string };

/**
 * Parses Gemini hook stdin for `event` (the argv event, which wins over `hook_event_name`). Tolerates a
 * BOM, whitespace, text after one JSON object and lone surrogates (all noted). Rejects an unknown event,
 * empty input, more than MAX_HOOK_INPUT_BYTES bytes, non-JSON, arrays and primitives, a missing or unsafe
 * `session_id`, a missing `cwd` (and `prompt` / `tool_name` for their events) and known fields of the
 * wrong type. Never throws; reasons name no field values (stdin may hold secrets).
 */
export function parseHookInput(event: string, raw: string | Buffer): ParseResult {
  if (!isHookEvent(event)) {
    return {
      ok: false,
      code: "UNKNOWN_EVENT",
      reason: `expected one of ${HOOK_EVENTS.join(", ")} as the Gemini CLI hook event; received ${JSON.stringify(event.slice(0, 40))}`,
    };
  }
  const d = decodeHookJson(raw);
  if (!d.ok) return fail(d.code, d.received);
  const { obj, notes } = d;
  const sid = obj.session_id;
  if (typeof sid !== "string" || sid === "") {
    return fail("MISSING_FIELD", sid === undefined ? "no session_id" : `session_id as ${typeName(sid)}`);
  }
  if (!isSafeId(sid)) {
    return fail(
      "UNSAFE_ID",
      "a session_id that is not a safe file name (/, \\, .., NUL or control character)",
    );
  }
  if (obj.hook_event_name !== event) {
    if (obj.hook_event_name !== undefined) {
      notes.push(
        `hook_event_name ${JSON.stringify(String(obj.hook_event_name).slice(0, 40))} != argv ${event}; using ${event}`,
      );
    }
    obj.hook_event_name = event;
  }
  for (const [name, { kind, required }] of Object.entries({ ...COMMON, ...PER_EVENT[event] })) {
    if (obj[name] === null) delete obj[name];
    const v = obj[name];
    if (v === undefined) {
      if (required) return fail("MISSING_FIELD", `no ${name} for ${event}`);
      continue;
    }
    if (!checkKind(v, kind)) {
      const want =
        kind === "nonEmptyString" ? "a non-empty string" : kind === "object" ? "an object" : `a ${kind}`;
      return fail("BAD_FIELD", `${name} as ${typeName(v)} for ${event} (${name} must be ${want})`);
    }
  }
  return { ok: true, input: obj as HookInput, notes };
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** The text of `llmContent` (a string, a Part or Part[]): its strings and `text` parts, in order. */
export function llmContentText(v: unknown): string[] {
  if (typeof v === "string") return v === "" ? [] : [v];
  const parts = Array.isArray(v) ? v : [v];
  const out: string[] = [];
  for (const p of parts) {
    if (typeof p === "string" && p !== "") out.push(p);
    else if (isObj(p) && typeof p.text === "string" && p.text !== "" && p.thought !== true) out.push(p.text);
  }
  return out;
}

const SOURCES = new Set(["startup", "resume", "clear"]);

/** The neutral event of a parsed input (`notes` gets what was tolerated on the way). */
export function toHarnessEvent(input: HookInput, notes: string[]): HarnessEvent {
  const base = {
    harness: "gemini" as const,
    sessionId: input.session_id,
    cwd: input.cwd,
    ...(input.transcript_path ? { transcriptPath: input.transcript_path } : {}),
  };
  const tool = (): ToolUse =>
    toolUse(String(input.tool_name), isObj(input.tool_input) ? input.tool_input : {});
  switch (input.hook_event_name) {
    case "SessionStart": {
      const s = input.source ?? "startup";
      if (!SOURCES.has(s)) notes.push("unknown SessionStart source; using startup");
      const source = SOURCES.has(s) ? (s as "startup" | "resume" | "clear") : "startup";
      return { ...base, type: "sessionStart", source };
    }
    case "BeforeAgent": {
      const prompt = stripLeadingHookContext(input.prompt);
      if (prompt !== input.prompt) notes.push("leading <hook_context> removed from the prompt");
      return { ...base, type: "prompt", prompt };
    }
    case "BeforeTool":
      return { ...base, type: "toolBefore", tool: tool() };
    case "AfterTool": {
      const r = isObj(input.tool_response) ? input.tool_response : {};
      const err = r.error;
      const error =
        isObj(err) && typeof err.message === "string"
          ? err.message
          : typeof err === "string"
            ? err
            : undefined;
      const failed = err !== undefined && err !== null;
      let responseText = llmContentText(r.llmContent);
      if (responseText.length === 0 && typeof r.returnDisplay === "string" && r.returnDisplay !== "")
        responseText = [r.returnDisplay];
      return {
        ...base,
        type: "toolAfter",
        tool: tool(),
        success: !failed,
        responseText,
        ...(failed ? { error: error ?? "" } : {}),
        interrupted: false,
      };
    }
    case "AfterAgent":
      return {
        ...base,
        type: "turnEnd",
        ...(input.prompt_response !== undefined ? { lastAssistantMessage: input.prompt_response } : {}),
        stopHookActive: input.stop_hook_active === true,
      };
    case "SessionEnd":
      return { ...base, type: "sessionEnd", reason: input.reason ?? "other" };
  }
}

/** `parseHookInput` then `toHarnessEvent`: the adapter's `parseHook`. Never throws. */
export function parseHook(nativeEvent: string, raw: string | Buffer): ParsedHook<HarnessEvent> {
  const r = parseHookInput(nativeEvent, raw);
  if (!r.ok) return r;
  const notes = r.notes;
  return { ok: true, event: toHarnessEvent(r.input, notes), notes };
}
