/**
 * Decoding one hook stdin document by hand (hot path: core/text and core/json-prefix only, never throws):
 * the BOM, surrounding whitespace, text after one JSON object and lone surrogates are tolerated and noted.
 */
import { firstJsonObject } from "../../core/json-prefix.js";
import { toWellFormed } from "../../core/text.js";
import { MAX_HOOK_INPUT_BYTES, type ParseFailure } from "../../harness/index.js";

export type Decoded =
  | { ok: true; obj: Record<string, unknown>; notes: string[] }
  | { ok: false; code: ParseFailure; received: string };

/**
 * A session id safe inside a file name: 1–256 characters, no `/`, `\`, NUL or other control
 * characters, not `.` and without `..` (memdir builds `state/sessions/<id>/` paths from it).
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

const LONE_OR_ESCAPED_SURROGATE = /[\uD800-\uDFFF]|\\u[dD][89a-fA-F]/;

/** Replaces lone surrogates in every string and key of `root`, iteratively; true when something changed. */
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
 * The JSON object on stdin. Rejects more than MAX_HOOK_INPUT_BYTES bytes (TOO_LARGE, before parsing),
 * empty or whitespace-only input (EMPTY), text that holds no JSON object (NOT_JSON), and arrays or
 * primitives (NOT_OBJECT); `received` describes the input without quoting it.
 */
export function decodeHookJson(raw: string | Buffer): Decoded {
  const size = typeof raw === "string" ? Buffer.byteLength(raw, "utf8") : raw.length;
  if (size > MAX_HOOK_INPUT_BYTES) {
    return {
      ok: false,
      code: "TOO_LARGE",
      received: `${size} bytes, over the ${MAX_HOOK_INPUT_BYTES}-byte cap (not parsed)`,
    };
  }
  let text = typeof raw === "string" ? raw : raw.toString("utf8");
  const hadBom = text.charCodeAt(0) === 0xfeff;
  if (hadBom) text = text.slice(1);
  text = text.trim();
  if (text === "") return { ok: false, code: "EMPTY", received: "empty input" };
  let value: unknown;
  let trailing = 0;
  try {
    value = JSON.parse(text);
  } catch {
    const first = firstJsonObject(text);
    if (!first) return { ok: false, code: "NOT_JSON", received: `${size} bytes that are not valid JSON` };
    value = first.value;
    trailing = first.rest;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { ok: false, code: "NOT_OBJECT", received: typeName(value) };
  }
  const obj = value as Record<string, unknown>;
  const notes: string[] = [];
  if (hadBom) notes.push("leading BOM removed");
  if (trailing) notes.push(`${trailing} characters after the JSON object ignored`);
  if (LONE_OR_ESCAPED_SURROGATE.test(text) && wellFormDeep(obj))
    notes.push("lone surrogates replaced with U+FFFD");
  return { ok: true, obj, notes };
}
