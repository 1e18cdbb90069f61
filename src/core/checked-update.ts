/**
 * Read, compute, checked write, and again when another writer changed the file in between: the loop
 * every writer of a shared file runs (checked-write.ts). `compute` gets the file as it is now and
 * returns its new text (undefined: nothing to write).
 */
import { CHECKED_ROUNDS, type CheckedWrite, type Expected, replaceFileChecked } from "./checked-write.js";
import { readBytesIfExists } from "./fs.js";

export type CheckedUpdate = CheckedWrite | { status: "unchanged" };

/**
 * Re-reads `path`, asks `compute(text, bytes)` (undefined, null when missing) for the new text and
 * writes it with `write(data, expected)` (default core `replaceFileChecked`) against the bytes read;
 * on `changed`, again from the new bytes, at most `rounds` times (then the last `changed` is
 * returned: the file is left as the other writer made it). Throws what `compute` and `write` throw.
 */
export function updateChecked(
  path: string,
  compute: (text: string | undefined, bytes: Buffer | null) => string | Uint8Array | undefined,
  write: (data: string | Uint8Array, expected: Expected) => CheckedWrite = (d, e) =>
    replaceFileChecked(path, d, e),
  rounds = CHECKED_ROUNDS,
): CheckedUpdate {
  let last: CheckedUpdate = { status: "unchanged" };
  for (let r = 0; r < rounds; r++) {
    const bytes = readBytesIfExists(path);
    const next = compute(bytes === null ? undefined : bytes.toString("utf8"), bytes);
    if (next === undefined) return { status: "unchanged" };
    last = write(next, bytes);
    if (last.status === "written") return last;
  }
  return last;
}
