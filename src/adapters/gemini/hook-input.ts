/**
 * Gemini CLI 0.61.0 hook stdin → the harness-neutral events (hot path: no zod, nothing escapes as an
 * exception). Field names: bundle/docs/hooks/reference.md and test/fixtures/hooks/gemini/. Unknown fields
 * are ignored; known fields of the wrong type are rejected; `null` counts as absent.
 */
import type { HarnessEvent, HookRejection, ParsedHook, ToolUse } from "../../harness/index.js";
import { type FieldSpec, type HookStdinSpec, parseHookStdin } from "../shared/hook-json.js";
import { stripLeadingHookContext } from "./context-text.js";
import { HOOK_EVENTS, type HookEvent, type HookInput } from "./hook-types.js";
import { toolUse } from "./tools.js";

export { isSafeId } from "../shared/hook-json.js";
export * from "./hook-types.js";

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

const SPEC: HookStdinSpec<HookEvent> = {
  events: HOOK_EVENTS,
  eventLabel: "Gemini CLI hook event",
  expected: "one JSON object on stdin (Gemini CLI hook input, bundle/docs/hooks/reference.md)",
  common: COMMON,
  perEvent: PER_EVENT,
};

export type ParseResult = { ok: true; input: HookInput; notes: string[] } | HookRejection;

/**
 * Parses Gemini hook stdin for `event` (the argv event, which wins over `hook_event_name`). Tolerates a
 * BOM, whitespace, text after one JSON object and lone surrogates (all noted). Rejects an unknown event,
 * empty input, more than MAX_HOOK_INPUT_BYTES bytes, non-JSON, arrays and primitives, a missing or unsafe
 * `session_id`, a missing `cwd` (and `prompt` / `tool_name` for their events) and known fields of the
 * wrong type. Never throws; reasons name no field values (stdin may hold secrets).
 */
export function parseHookInput(event: string, raw: string | Buffer): ParseResult {
  const r = parseHookStdin(SPEC, event, raw);
  return r.ok ? { ok: true, input: r.obj as HookInput, notes: r.notes } : r;
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
