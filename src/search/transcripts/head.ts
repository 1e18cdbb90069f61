/**
 * The head fingerprint of a transcript: a hash of its first bytes (up to 4 KB), stored in
 * `files.hash` as `h<bytes>:<sha256 hex, 32 chars>`. Transcripts are append-only: when the head of a
 * file no longer matches, the file was replaced and is re-indexed from byte 0.
 */

import { createHash } from "node:crypto";
import { closeSync, readSync } from "node:fs";
import { openInputFile } from "../../core/input-file.js";

/** Bytes of the head that are hashed. */
export const HEAD_BYTES = 4096;

function readHead(path: string, bytes: number): Buffer {
  const buf = Buffer.alloc(bytes);
  const { fd } = openInputFile(path, { what: "the transcript" });
  try {
    let got = 0;
    while (got < bytes) {
      const n = readSync(fd, buf, got, bytes - got, got);
      if (n <= 0) break;
      got += n;
    }
    return buf.subarray(0, got);
  } finally {
    closeSync(fd);
  }
}

function fingerprint(head: Buffer): string {
  return `h${head.length}:${createHash("sha256").update(head).digest("hex").slice(0, 32)}`;
}

/** The fingerprint of the first `min(HEAD_BYTES, size)` bytes of `path` (size in bytes). */
export function headFingerprint(path: string, size: number): string {
  return fingerprint(readHead(path, Math.max(0, Math.min(HEAD_BYTES, size))));
}

/**
 * True when `path` still starts with the bytes `stored` (a `headFingerprint`) was taken of.
 * A malformed `stored` value never matches.
 */
export function headMatches(path: string, stored: string): boolean {
  const m = /^h(\d+):[0-9a-f]{32}$/.exec(stored);
  if (!m) return false;
  const len = Number(m[1]);
  const head = readHead(path, len);
  return head.length === len && fingerprint(head) === stored;
}
