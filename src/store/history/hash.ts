/**
 * Content hashes of memory files for change sets. `node:crypto` is loaded on first use only
 * (`process.getBuiltinModule`): hooks import the store, and without a journal nothing here runs.
 */
import { readBytesIfExists } from "../../core/fs.js";

export { readBytesIfExists };

/** Hex SHA-256 of raw bytes. */
export function bytesHash(bytes: Uint8Array): string {
  const { createHash } = process.getBuiltinModule("node:crypto");
  return createHash("sha256").update(bytes).digest("hex");
}

/** `bytesHash` of the file, null when it does not exist. */
export const fileHash = (path: string): string | null => {
  const b = readBytesIfExists(path);
  return b === null ? null : bytesHash(b);
};

/** A hash as stored: 64 lowercase hex digits, or null (no file). */
export const isStoredHash = (v: unknown): v is string | null =>
  v === null || (typeof v === "string" && /^[0-9a-f]{64}$/.test(v));
