/** Option value parsers shared by the commands (commander `argParser`s). */

import { MemdirError } from "../../core/errors.js";

/** A repeatable, comma-separated list option: `--tags a,b --tags c` → `["a", "b", "c"]`. */
export function list(v: string, prev: string[] = []): string[] {
  return [
    ...prev,
    ...v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}

/**
 * A whole-number option within [min, max].
 * @throws MemdirError BAD_INPUT naming the flag, the range and an example.
 */
export function intOption(flag: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < min || n > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
      throw new MemdirError("BAD_INPUT", `${flag} must be a whole number ${range}`, {
        expected: max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer ${min}..${max}`,
        received: JSON.stringify(v),
        hint: `for example ${flag} ${Math.min(max, Math.max(min, 10))}`,
      });
    }
    return n;
  };
}
