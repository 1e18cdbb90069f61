/**
 * Durable file writes on Node built-ins (DESIGN.md §6): write a temp file in the same directory,
 * fsync it, rename it over the target, then fsync the directory (best effort).
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { errnoCode } from "./errors.js";

/** Creates `dir` and its parents (mode 0700 for new dirs: memory is personal). */
export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * Atomically replaces `path` with `data` (UTF-8 string or bytes). Creates parent dirs.
 * Readers see either the old or the new content, never a mix. Throws the underlying fs error.
 */
export function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): void {
  const dir = dirname(path);
  ensureDir(dir);
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  const fd = openSync(tmp, "w", mode);
  try {
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  closeSync(fd);
  try {
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  fsyncDir(dir);
}

function fsyncDir(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename is still atomic.
  }
}

/** The file's UTF-8 text, or `undefined` when it does not exist. Other errors are thrown. */
export function readTextIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return undefined;
    throw e;
  }
}
