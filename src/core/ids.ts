/** Identifiers on Node built-ins. */
import { createHash, randomBytes } from "node:crypto";

/** A time-ordered id: 12 hex chars of ms timestamp + 8 random hex chars (sortable as text). */
export function newId(nowMs: number = Date.now()): string {
  return nowMs.toString(16).padStart(12, "0") + randomBytes(4).toString("hex");
}

/** Hex SHA-256 of a UTF-8 string, optionally cut to `len` characters. */
export function sha256(text: string, len?: number): string {
  const h = createHash("sha256").update(text, "utf8").digest("hex");
  return len ? h.slice(0, len) : h;
}
