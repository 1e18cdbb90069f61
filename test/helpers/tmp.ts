import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

const made: string[] = [];

/** A fresh temp dir removed after the current test. */
export function tempDir(prefix = "memdir-test-"): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  made.push(d);
  return d;
}

afterEach(() => {
  // Detached jobs started by hooks may still be writing: retry ENOTEMPTY/EBUSY.
  while (made.length) rmSync(made.pop()!, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
});

/** Absolute path of `../shared/data/...` (read-only real data; never copied into the repo). */
export const SHARED_DATA = join(import.meta.dirname, "..", "..", "..", "shared", "data");
export const TRANSCRIPTS_DIR = join(SHARED_DATA, "transcripts", "claude-code");
