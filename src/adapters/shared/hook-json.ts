/**
 * Hook stdin decoding every adapter shares, by hand (hot path: core/text and core/json-prefix only, no zod,
 * never throws): the size cap, a BOM, surrounding whitespace, text after one JSON object and lone
 * surrogates are handled the same way for every harness; what differs (the event list, the field specs,
 * the wording of "what was expected") is a parameter. Reasons name no field values (stdin may hold secrets).
 */
import { firstJsonObject } from "../../core/json-prefix.js";
import { toWellFormed } from "../../core/text.js";
import { type HookRejection, MAX_HOOK_INPUT_BYTES, type ParseFailure } from "../../harness/events.js";

export type Obj = Record<string, unknown>;

/** The kinds a known field may be checked for; `null` counts as absent except for `stringOrNull`. */
export type Kind = "string" | "nonEmptyString" | "boolean" | "number" | "object" | "stringOrNull" | "any";
/** Known fields of an event: their kind, and whether the event is rejected without them. */
export type FieldSpec = Record<string, { kind: Kind; required?: boolean }>;

/** What an adapter's hook stdin looks like: the parameters of parseHookStdin. */
export interface HookStdinSpec<E extends string> {
  /** The events the adapter parses, exactly as the harness spells them. */
  events: readonly E[];
  /** How the UNKNOWN_EVENT reason names the event ("hook event", "Codex hook event"…). */
  eventLabel: string;
  /** What stdin should be, as every other reason says: `expected <expected>; received …`. */
  expected: string;
  /** Fields every event carries. */
  common: FieldSpec;
  /** Fields per event (merged over `common`: an event may tighten a common field). */
  perEvent: Readonly<Record<E, FieldSpec>>;
  /** Appended to the UNKNOWN_EVENT reason (e.g. why a harness event is deliberately not handled). */
  unknownHint?: (event: string) => string;
}

export type Decoded = { ok: true; obj: Obj; notes: string[] } | HookRejection;

/**
 * A session or agent id that is safe inside a file name: 1–256 characters, no `/`, `\`, NUL or other
 * control characters, not `.` and without `..` (memdir builds `state/sessions/<id>/` paths from it;
 * DESIGN.md §3.2).
 */
export function isSafeId(id: string): boolean {
  return id !== "." && id.length <= 256 && !id.includes("..") && /^[^/\\\u0000-\u001f\u007f]+$/.test(id);
}

/** "null", "an array", "a number"…: how a bad value is named in a reason (never the value itself). */
export function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return `a ${typeof v}`;
}

/** A failure with the house reason shape: `expected <expected>; received <received>`. */
export function hookFailure(expected: string, code: ParseFailure, received: string): HookRejection {
  return { ok: false, code, reason: `expected ${expected}; received ${received}` };
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

/** Replaces lone surrogates in every string and key of `root`, iteratively; true when something changed. */
function wellFormDeep(root: Obj): boolean {
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
      const obj = node as Obj;
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
 * Decodes hook stdin into one JSON object with a safe `session_id`. Tolerates a BOM, surrounding
 * whitespace, NUL bytes or other text after the object and lone surrogates (replaced with U+FFFD), each
 * noted. Rejects more than MAX_HOOK_INPUT_BYTES bytes (TOO_LARGE, before parsing), empty input (EMPTY),
 * text holding no JSON object (NOT_JSON), arrays and primitives (NOT_OBJECT), a missing or non-string
 * `session_id` (MISSING_FIELD) and one that is no safe file name (UNSAFE_ID).
 */
export function decodeHookStdin(raw: string | Buffer, opts: { expected: string }): Decoded {
  const fail = (code: ParseFailure, received: string) => hookFailure(opts.expected, code, received);
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
    return fail("NOT_OBJECT", typeName(value));
  }
  const obj = value as Obj;
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
  return { ok: true, obj, notes };
}

/**
 * Checks the known fields of `obj` for `event` against `spec`, in the spec's order: a `null` is deleted
 * (absent) unless the kind is `stringOrNull`; a missing required field is MISSING_FIELD, a field of the
 * wrong kind BAD_FIELD. Unknown fields are left alone. Returns the first failure, or undefined.
 */
export function checkFields(
  obj: Obj,
  spec: FieldSpec,
  event: string,
  opts: { expected: string },
): HookRejection | undefined {
  for (const [name, { kind, required }] of Object.entries(spec)) {
    let v = obj[name];
    if (v === null && kind !== "stringOrNull") {
      delete obj[name];
      v = undefined;
    }
    if (v === undefined) {
      if (required) return hookFailure(opts.expected, "MISSING_FIELD", `no ${name} for ${event}`);
      continue;
    }
    if (!checkKind(v, kind)) {
      const want =
        kind === "nonEmptyString" ? "a non-empty string" : kind === "object" ? "an object" : `a ${kind}`;
      return hookFailure(
        opts.expected,
        "BAD_FIELD",
        `${name} as ${typeName(v)} for ${event} (${name} must be ${want})`,
      );
    }
  }
  return undefined;
}

/**
 * Parses hook stdin for the argv `event`: rejects an event not in `spec.events` (UNKNOWN_EVENT), then
 * decodeHookStdin, then sets `hook_event_name` to the argv event (which wins; a different value is
 * noted), then checkFields over `common` + `perEvent[event]`. Never throws.
 */
export function parseHookStdin<E extends string>(
  spec: HookStdinSpec<E>,
  event: string,
  raw: string | Buffer,
): { ok: true; event: E; obj: Obj; notes: string[] } | HookRejection {
  if (!(spec.events as readonly string[]).includes(event)) {
    return {
      ok: false,
      code: "UNKNOWN_EVENT",
      reason: `expected one of ${spec.events.join(", ")} as the ${spec.eventLabel}; received ${JSON.stringify(event.slice(0, 40))}${spec.unknownHint?.(event) ?? ""}`,
    };
  }
  const e = event as E;
  const d = decodeHookStdin(raw, spec);
  if (!d.ok) return d;
  const { obj, notes } = d;
  if (obj.hook_event_name !== event) {
    if (obj.hook_event_name !== undefined) {
      notes.push(
        `hook_event_name ${JSON.stringify(String(obj.hook_event_name).slice(0, 40))} != argv ${event}; using ${event}`,
      );
    }
    obj.hook_event_name = event;
  }
  const bad = checkFields(obj, { ...spec.common, ...spec.perEvent[e] }, event, spec);
  return bad ?? { ok: true, event: e, obj, notes };
}
