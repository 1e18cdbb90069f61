/**
 * Reading JSON that is not quite one document: one object followed by garbage (a hook input with
 * trailing NUL bytes), or the first bytes of an object cut off mid-value (a hook input larger than
 * memdir reads). A linear scanner finds where each value ends, aware of strings and escapes; the
 * complete values are then parsed with JSON.parse.
 */

/** Whitespace as JSON defines it. */
function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function skipWs(text: string, i: number): number {
  while (i < text.length && isWs(text.charCodeAt(i))) i++;
  return i;
}

/**
 * Index just after the string starting at `i` (a `"`), or -1 when the text ends inside it. Jumps from
 * quote to quote with indexOf (a 4 MiB hook input is scanned natively, not char by char); a quote
 * closes the string when an even number of backslashes precedes it.
 */
function stringEnd(text: string, i: number): number {
  for (let j = text.indexOf('"', i + 1); j >= 0; j = text.indexOf('"', j + 1)) {
    let k = j - 1;
    while (k > i && text.charCodeAt(k) === 0x5c) k--;
    if ((j - 1 - k) % 2 === 0) return j + 1;
  }
  return -1;
}

/**
 * Index just after the JSON value starting at `i` (after whitespace), or -1 when the text ends
 * before the value does. Does not validate: JSON.parse of the slice does.
 */
export function jsonValueEnd(text: string, i: number): number {
  i = skipWs(text, i);
  if (i >= text.length) return -1;
  const c = text.charCodeAt(i);
  if (c === 0x22) return stringEnd(text, i);
  if (c !== 0x7b && c !== 0x5b) {
    let j = i;
    while (j < text.length && /[-+.0-9a-zA-Z]/.test(text[j] as string)) j++;
    return j === text.length ? -1 : j;
  }
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    const d = text.charCodeAt(j);
    if (d === 0x22) {
      j = stringEnd(text, j) - 1;
      if (j < 0) return -1;
    } else if (d === 0x7b || d === 0x5b) depth++;
    else if (d === 0x7d || d === 0x5d) {
      depth--;
      if (depth === 0) return j + 1;
    }
  }
  return -1;
}

/**
 * The first JSON object of `text` (after whitespace) when something else follows it.
 * @returns the object and the number of characters after it, or undefined when `text` does not
 *   start with a complete, valid object.
 */
export function firstJsonObject(text: string): { value: Record<string, unknown>; rest: number } | undefined {
  const start = skipWs(text, 0);
  if (text.charCodeAt(start) !== 0x7b) return undefined;
  const end = jsonValueEnd(text, start);
  if (end < 0) return undefined;
  try {
    const value = JSON.parse(text.slice(start, end)) as unknown;
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    return { value: value as Record<string, unknown>, rest: text.length - end };
  } catch {
    return undefined;
  }
}

/** `body` without an escape sequence cut off at its end (`\\`, `\\u12`); an escaped backslash stays. */
function withoutCutEscape(body: string): string {
  let end = body.length;
  const hex = /^u[0-9a-fA-F]{0,3}$/;
  for (let k = Math.max(0, end - 4); k < end; k++) {
    if (hex.test(body.slice(k)) && body[k - 1] === "\\") {
      end = k; // a cut `\\u…`: drop the `u…`, then its backslash below
      break;
    }
  }
  let slashes = 0;
  while (slashes < end && body.charCodeAt(end - 1 - slashes) === 0x5c) slashes++;
  if (slashes % 2 === 1) return body.slice(0, end - 1);
  return body;
}

/** Every complete string literal in `raw`, decoded, plus the decodable start of a last cut-off one. */
function stringsIn(raw: string): string[] {
  const out: string[] = [];
  for (let i = raw.indexOf('"'); i >= 0 && i < raw.length; ) {
    const end = stringEnd(raw, i);
    const lit = end < 0 ? `${withoutCutEscape(raw.slice(i))}"` : raw.slice(i, end);
    try {
      out.push(JSON.parse(lit) as string);
    } catch {
      // a malformed literal: skipped
    }
    if (end < 0) break;
    i = raw.indexOf('"', end);
  }
  return out;
}

/**
 * `stringsIn(text.slice(start))` for a value cut off at the end of `text`; a cut string (the usual
 * case: a prompt or a tool output larger than memdir reads) is decoded without scanning it again.
 */
function cutValueText(text: string, start: number): string {
  if (text.charCodeAt(start) !== 0x22) return stringsIn(text.slice(start)).join("\n");
  const body = text.slice(start + 1);
  // No escape and no control character: JSON.parse would return the body as it is.
  if (!body.includes("\\") && !CONTROL.test(body)) return body;
  try {
    return JSON.parse(`"${withoutCutEscape(body)}"`) as string;
  } catch {
    return ""; // a malformed literal: skipped, as stringsIn does
  }
}

/** A character JSON does not allow unescaped in a string. */
const CONTROL = /[\u0000-\u001f]/;

export interface ObjectPrefix {
  /** The top-level members whose values are complete. */
  fields: Record<string, unknown>;
  /** The member cut off mid-value, if any. */
  cutKey?: string;
  /** The text of the cut-off value: its complete string leaves and the start of the cut one, joined by newlines. */
  cutText?: string;
}

/**
 * Reads the members of the object `text` starts, which may be cut off anywhere (the first bytes of a
 * larger document). Undefined when `text` does not start with `{` or a member is malformed.
 */
export function readObjectPrefix(text: string): ObjectPrefix | undefined {
  let i = skipWs(text, 0);
  if (text.charCodeAt(i) !== 0x7b) return undefined;
  const fields: Record<string, unknown> = {};
  i++;
  for (;;) {
    i = skipWs(text, i);
    if (i >= text.length || text.charCodeAt(i) === 0x7d) return { fields };
    if (text.charCodeAt(i) === 0x2c) {
      i++;
      continue;
    }
    if (text.charCodeAt(i) !== 0x22) return undefined;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return { fields };
    let key: string;
    try {
      key = JSON.parse(text.slice(i, keyEnd)) as string;
    } catch {
      return undefined;
    }
    i = skipWs(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a) return i >= text.length ? { fields } : undefined;
    const valueStart = skipWs(text, i + 1);
    const end = jsonValueEnd(text, valueStart);
    if (end < 0) return { fields, cutKey: key, cutText: cutValueText(text, valueStart) };
    try {
      Object.defineProperty(fields, key, {
        value: JSON.parse(text.slice(valueStart, end)),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    } catch {
      return undefined;
    }
    i = end;
  }
}
