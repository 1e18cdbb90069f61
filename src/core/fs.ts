/**
 * Durable file writes on Node built-ins (DESIGN.md §6): write a temp file in the same directory,
 * fsync it, rename it over the target, then fsync the directory (best effort).
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { errnoCode } from "./errors.js";
import { uniqueSuffix } from "./unique.js";

/**
 * Removes a file if it exists (unlink; ENOENT ignored). Cheaper than `rmSync(…, {force})`, which loads
 * Node's rimraf module: this runs on every hook.
 */
export function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
  }
}

/** Creates `dir` and its parents (mode 0700 for new dirs: memory is personal). */
export function ensureDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

export interface AtomicWriteOptions {
  /** File mode for a new file (default 0o600). */
  mode?: number;
  /**
   * fsync the file and its directory (default true). Hot-path session state that the next event
   * rewrites anyway passes false: the rename stays atomic for readers, only crash durability is waived.
   */
  durable?: boolean;
}

/**
 * Atomically replaces `path` with `data` (UTF-8 string or bytes). Creates parent dirs.
 * Readers see either the old or the new content, never a mix. Throws the underlying fs error.
 * `opts` may be a file mode (number) for backward compatibility.
 */
export function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  opts: number | AtomicWriteOptions = {},
): void {
  const { mode = 0o600, durable = true } = typeof opts === "number" ? { mode: opts } : opts;
  const tmp = writeTempFile(path, data, { mode, durable });
  try {
    renameSync(tmp, path);
  } catch (e) {
    removeFile(tmp);
    throw e;
  }
  if (durable) fsyncDir(dirname(path));
}

/**
 * Writes `data` to a new temp file beside `path` (`.<name>.<suffix>.tmp`, same directory, parent dirs
 * created), fsync'd unless `durable: false`; returns its path. The caller renames or removes it.
 * Throws the underlying fs error (the temp file is removed then).
 */
export function writeTempFile(
  path: string,
  data: string | Uint8Array,
  opts: AtomicWriteOptions = {},
): string {
  const { mode = 0o600, durable = true } = opts;
  const dir = dirname(path);
  const tmp = join(dir, `.${basename(path)}.${uniqueSuffix()}.tmp`);
  let fd: number;
  try {
    fd = openSync(tmp, "w", mode);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    ensureDir(dir);
    fd = openSync(tmp, "w", mode);
  }
  try {
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    if (durable) fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    removeFile(tmp);
    throw e;
  }
  closeSync(fd);
  return tmp;
}

/** fsync a directory (best effort: some platforms cannot). */
export function fsyncDir(dir: string): void {
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

/** The file's bytes, or null when it does not exist. Other fs errors are thrown. */
export function readBytesIfExists(path: string): Buffer | null {
  try {
    return readFileSync(path);
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return null;
    throw e;
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
