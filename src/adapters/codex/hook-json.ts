/**
 * The JSON prelude of Codex hook stdin, by hand (hot path: no zod, never throws): size cap, BOM, one JSON
 * object (text after it tolerated), lone surrogates made well-formed, a safe session id. Reasons name no
 * field values (stdin may hold secrets).
 */
import { firstJsonObject } from "../../core/json-prefix.js";
import { toWellFormed } from "../../core/text.js";
import { MAX_HOOK_INPUT_BYTES, type ParseFailure } from "../../harness/index.js";

export type Obj = Record<string, unknown>;
export type Decoded =
  | { ok: true; obj: Obj; notes: string[] }
  | { ok: false; code: ParseFailure; reason: string };

const EXPECTED = "one JSON object on stdin (Codex CLI 0.171 hook input)";

/** A failure with the house reason shape: `expected …; received …`. */
export function failure(
  code: ParseFailure,
  received: string,
): { ok: false; code: ParseFailure; reason: string } {
  return { ok: false, code, reason: `expected ${EXPECTED}; received ${received}` };
}

/**
 * A session or agent id that is safe inside a file name: 1–256 characters, no `/`, `\`, NUL or other
 * control characters, not `.` and without `..` (memdir builds `state/sessions/<id>/` paths from it).
 */
export function isSafeId(id: string): boolean {
  return (
    id !== "" &&
    id !== "." &&
    id.length <= 256 &&
    !id.includes("..") &&
    /^[^/\\\u0000-\u001f\u007f]+$/.test(id)
  );
}

export function typeName(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "an array";
  return `a ${typeof v}`;
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
        if (fixedKey !== key || v !== obj[key])
          Object.defineProperty(obj, fixedKey, {
            value: v,
            enumerable: true,
            writable: true,
            configurable: true,
          });
      }
    }
  }
  return changed;
}

/**
 * Decodes `raw` into one JSON object with a safe `session_id`. Tolerates a BOM, surrounding whitespace,
 * NUL bytes or other text after the object (noted) and lone surrogates (replaced with U+FFFD, noted).
 */
export function decodeHookJson(raw: string | Buffer): Decoded {
  const size = typeof raw === "string" ? Buffer.byteLength(raw, "utf8") : raw.length;
  if (size > MAX_HOOK_INPUT_BYTES)
    return failure("TOO_LARGE", `${size} bytes, over the ${MAX_HOOK_INPUT_BYTES}-byte cap (not parsed)`);
  let text = typeof raw === "string" ? raw : raw.toString("utf8");
  const hadBom = text.charCodeAt(0) === 0xfeff;
  if (hadBom) text = text.slice(1);
  text = text.trim();
  if (text === "") return failure("EMPTY", "empty input");
  let value: unknown;
  let trailing = 0;
  try {
    value = JSON.parse(text);
  } catch {
    const first = firstJsonObject(text);
    if (!first) return failure("NOT_JSON", `${size} bytes that are not valid JSON`);
    value = first.value;
    trailing = first.rest;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    return failure("NOT_OBJECT", typeName(value));
  const obj = value as Obj;
  const notes: string[] = [];
  if (hadBom) notes.push("leading BOM removed");
  if (trailing) notes.push(`${trailing} characters after the JSON object ignored`);
  if (LONE_OR_ESCAPED_SURROGATE.test(text) && wellFormDeep(obj))
    notes.push("lone surrogates replaced with U+FFFD");
  const sid = obj.session_id;
  if (typeof sid !== "string" || sid === "")
    return failure("MISSING_FIELD", sid === undefined ? "no session_id" : `session_id as ${typeName(sid)}`);
  if (!isSafeId(sid))
    return failure(
      "UNSAFE_ID",
      "a session_id that is not a safe file name (/, \\, .., NUL or control character)",
    );
  return { ok: true, obj, notes };
}
