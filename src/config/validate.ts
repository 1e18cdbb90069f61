/** Hand-written validation of the user config (no zod), in the same key order zod reports. */
import { badKeyError, notAnObjectError, unknownKeyError } from "./errors.js";
import { KNOWN_KEYS, type UserConfigInput } from "./types.js";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
// Safe integers only, as zod `z.int()`.
const isInt = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;

/**
 * Validates `raw` (parsed JSON of `file`) against the config keys. With `rejectUnknown`, an unknown
 * key is an error as in the zod loader; without, it is ignored.
 * @throws MemdirError BAD_CONFIG naming the first bad key.
 */
export function validateConfigByHand(
  file: string,
  raw: unknown,
  opts: { rejectUnknown: boolean },
): UserConfigInput {
  if (!isObject(raw)) throw notAnObjectError(file, raw);
  const out: UserConfigInput = {};
  const v = raw.autoMemoryDirectory;
  if (v !== undefined) {
    if (typeof v !== "string" || v.length === 0) throw badKeyError(file, "autoMemoryDirectory", v);
    out.autoMemoryDirectory = v;
  }
  const ex = raw.extraction;
  if (ex !== undefined) {
    if (!isObject(ex)) throw badKeyError(file, "extraction", ex);
    out.extraction = {};
    if (ex.everyNTurns !== undefined) {
      if (!isInt(ex.everyNTurns, 1)) throw badKeyError(file, "extraction.everyNTurns", ex.everyNTurns);
      out.extraction.everyNTurns = ex.everyNTurns;
    }
    if (opts.rejectUnknown) rejectUnknownKeys(file, "extraction", ex);
  }
  const h = raw.harnessLoadsMemoryMd;
  if (h !== undefined) {
    if (typeof h !== "boolean" && h !== "auto") throw badKeyError(file, "harnessLoadsMemoryMd", h);
    out.harnessLoadsMemoryMd = h;
  }
  const b = raw.sessionStartBudgetChars;
  if (b !== undefined) {
    if (!isInt(b, 0)) throw badKeyError(file, "sessionStartBudgetChars", b);
    out.sessionStartBudgetChars = b;
  }
  if (opts.rejectUnknown) rejectUnknownKeys(file, "", raw);
  return out;
}

function rejectUnknownKeys(file: string, parent: string, obj: Record<string, unknown>): void {
  const known = KNOWN_KEYS[parent] ?? [];
  for (const k of Object.keys(obj)) if (!known.includes(k)) throw unknownKeyError(file, parent, k);
}
