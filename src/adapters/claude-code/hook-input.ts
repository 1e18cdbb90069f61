/**
 * Claude Code hook stdin: parse and validate by hand (hot path: no zod, no exceptions escape).
 * Field names: reference/claude-code.md §1.2 (stable core in 2.0.77 and 2.1.332). Unknown fields are
 * kept; known fields of the wrong type are rejected. Every failure is a `{ok:false, code, reason}`.
 */
import { firstJsonObject } from "../../core/json-prefix.js";
import { toWellFormed } from "../../core/text.js";
import {
  HOOK_EVENTS,
  type HookEvent,
  type HookInput,
  type HookInputFor,
  isHookEvent,
  MAX_HOOK_INPUT_BYTES,
  type ParseFailure,
  type ParseResult,
} from "./hook-types.js";

export * from "./hook-types.js";

type Kind = "string" | "nonEmptyString" | "boolean" | "number" | "object" | "stringOrNull" | "any";
type FieldSpec = Record<string, { kind: Kind; required?: boolean }>;

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

const EXPECTED = "one JSON object on stdin (Claude Code hook input, reference/claude-code.md §1.2)";
const fail = (code: ParseFailure, received: string): ParseResult => ({
  ok: false,
  code,
  reason: `expected ${EXPECTED}; received ${received}`,
});

/**
 * A session or agent id that is safe inside a file name: 1–256 characters, no `/`, `\`, NUL or
 * other control characters, not `.` and without `..` (memdir builds
 * `state/sessions/<id>/` paths from it; DESIGN.md §3.2).
 */
export function isSafeId(id: string): boolean {
  return id !== "." && id.length <= 256 && !id.includes("..") && /^[^/\\\u0000-\u001f\u007f]+$/.test(id);
}

function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return `a ${typeof v}`;
}

function checkKind(v: unknown, kind: Kind): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "nonEmptyString":
      return typeof v === "string" && v.length > 0;
    case "boolean":
      return typeof v === "boolean";
    case "number":
      return typeof v === "number" && Number.isFinite(v);
    case "object":
      return typeof v === "object" && v !== null && !Array.isArray(v);
    case "stringOrNull":
      return v === null || typeof v === "string";
    case "any":
      return true;
  }
}

const LONE_OR_ESCAPED_SURROGATE = /[\uD800-\uDFFF]|\\u[dD][89a-fA-F]/;

/**
 * Replaces lone surrogates in every string and key of `root`, iteratively (deep nesting is fine).
 * Returns true when something changed.
 */
function wellFormDeep(root: Record<string, unknown>): boolean {
  let changed = false;
  const fix = (s: string): string => {
    const w = toWellFormed(s);
    if (w !== s) changed = true;
    return w;
  };
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const v = node[i];
        if (typeof v === "string") node[i] = fix(v);
        else if (typeof v === "object" && v !== null) stack.push(v);
      }
    } else if (typeof node === "object" && node !== null) {
      const obj = node as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        let v = obj[key];
        if (typeof v === "string") v = fix(v);
        else if (typeof v === "object" && v !== null) stack.push(v);
        const fixedKey = fix(key);
        if (fixedKey !== key) delete obj[key];
        // defineProperty, not assignment: a "__proto__" key from JSON.parse stays an own property.
        if (fixedKey !== key || v !== obj[key]) {
          Object.defineProperty(obj, fixedKey, {
            value: v,
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
      }
    }
  }
  return changed;
}

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
  if (!isHookEvent(event)) {
    return {
      ok: false,
      code: "UNKNOWN_EVENT",
      reason: `expected one of ${HOOK_EVENTS.join(", ")} as the hook event; received ${JSON.stringify(event.slice(0, 40))}`,
    };
  }
  const size = typeof raw === "string" ? Buffer.byteLength(raw, "utf8") : raw.length;
  if (size > MAX_HOOK_INPUT_BYTES) {
    return fail("TOO_LARGE", `${size} bytes, over the ${MAX_HOOK_INPUT_BYTES}-byte cap (not parsed)`);
  }
  let text = typeof raw === "string" ? raw : raw.toString("utf8");
  const hadBom = text.charCodeAt(0) === 0xfeff;
  if (hadBom) text = text.slice(1);
  text = text.trim();
  if (text === "") return fail("EMPTY", "empty input");
  let value: unknown;
  let trailing = 0;
  try {
    value = JSON.parse(text);
  } catch {
    // One object followed by NUL bytes or other garbage: the object is the input.
    const first = firstJsonObject(text);
    if (!first) return fail("NOT_JSON", `${size} bytes that are not valid JSON`);
    value = first.value;
    trailing = first.rest;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return fail("NOT_OBJECT", `${typeName(value)}`);
  }
  const obj = value as Record<string, unknown>;
  const notes: string[] = [];
  if (hadBom) notes.push("leading BOM removed");
  if (trailing) notes.push(`${trailing} characters after the JSON object ignored`);
  if (LONE_OR_ESCAPED_SURROGATE.test(text) && wellFormDeep(obj))
    notes.push("lone surrogates replaced with U+FFFD");
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
  const spec: FieldSpec = { ...COMMON, ...PER_EVENT[event] };
  for (const [name, { kind, required }] of Object.entries(spec)) {
    let v = obj[name];
    if (v === null && kind !== "stringOrNull") {
      delete obj[name];
      v = undefined;
    }
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
