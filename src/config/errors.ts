/**
 * BAD_CONFIG errors shared by the zod loader and the hand-written hook loader, so both name the
 * bad key the same way: `<file>: "<key>" ...` with expected / received / what to do.
 */
import { MemdirError } from "../core/errors.js";
import { truncateCodePoints } from "../core/text.js";
import { CONFIG_KEYS, KNOWN_KEYS } from "./types.js";

/** A short JSON rendering of a received value (never more than 80 code points). */
export function showValue(v: unknown): string {
  if (v === undefined) return "nothing (the key is missing)";
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = String(v);
  }
  return truncateCodePoints(s, 80);
}

/** The value of `config.<key>` where key is dotted; undefined when absent. */
export function valueAt(root: unknown, key: string): unknown {
  let cur: unknown = root;
  for (const part of key.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** `key` has a value of the wrong type or range. */
export function badKeyError(file: string, key: string, value: unknown, cause?: unknown): MemdirError {
  const spec = CONFIG_KEYS[key];
  return new MemdirError("BAD_CONFIG", `${file}: "${key}" has an invalid value`, {
    expected: spec?.expected ?? "a valid value",
    received: showValue(value),
    hint: `edit ${file}: set "${key}" to ${spec ? `e.g. ${spec.example}` : "a valid value"}, or remove it to use the default`,
    cause,
  });
}

/** `key` (dotted, under `parent`) is not a known config key. */
export function unknownKeyError(file: string, parent: string, name: string): MemdirError {
  const known = KNOWN_KEYS[parent] ?? [];
  const full = parent ? `${parent}.${name}` : name;
  const guess = closest(name, known);
  return new MemdirError("BAD_CONFIG", `${file}: unknown key "${full}"`, {
    expected: `only these keys${parent ? ` inside "${parent}"` : ""}: ${known.join(", ")}`,
    received: `"${truncateCodePoints(full, 60)}"`,
    hint: guess
      ? `did you mean "${parent ? `${parent}.` : ""}${guess}"? Rename or remove "${full}" in ${file}`
      : `remove "${full}" from ${file} (check the spelling against the expected keys)`,
  });
}

/** The whole file is not a JSON object. */
export function notAnObjectError(file: string, value: unknown): MemdirError {
  return new MemdirError("BAD_CONFIG", `${file} must contain a JSON object`, {
    expected: '{ "extraction": { "everyNTurns": 1 } } (an object of settings)',
    received: Array.isArray(value) ? "a JSON array" : value === null ? "null" : `a JSON ${typeof value}`,
    hint: `rewrite ${file} as a JSON object, or delete it to use the defaults`,
  });
}

/**
 * The file is not valid JSON. The error says WHERE (line and column), never what: the file may hold a
 * pasted key, and V8's own message quotes the text around the fault.
 */
export function badJsonError(file: string, text: string, cause: unknown): MemdirError {
  const pos = /position (\d+)/.exec(cause instanceof Error ? cause.message : "");
  let where = "the end of the file (it is cut short)";
  if (pos) {
    const before = text.slice(0, Number(pos[1]));
    const line = before.split("\n").length;
    where = `line ${line}, column ${before.length - before.lastIndexOf("\n")}`;
  }
  return new MemdirError("BAD_CONFIG", `${file} is not valid JSON`, {
    expected: "a JSON object (no comments, no trailing commas)",
    received: `a syntax error at ${where} (the text is not shown: it may hold a secret)`,
    hint: `fix the JSON syntax in ${file}, or delete it to use the defaults`,
  });
}

/** The known key closest to `name` (case-insensitive edit distance <= 3), if any. */
function closest(name: string, known: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestD = 4;
  for (const k of known) {
    const d = editDistance(name.toLowerCase(), k.toLowerCase());
    if (d < bestD) {
      best = k;
      bestD = d;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[b.length]!;
}
