/**
 * Durable file writes on Node built-ins (DESIGN.md §6): write a temp file in the same directory,
 * fsync it, rename it over the target, then fsync the directory (best effort).
 */
import {
  closeSync,
  constants,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import { errnoCode } from "./errors.js";
import { readInputBytes } from "./input-file.js";
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

/** A new file only: never an existing one, never through a symbolic link. */
const CREATE_NEW = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);
/** Append to `path` itself: a symbolic link there is refused (ELOOP), never followed. */
const APPEND_NO_FOLLOW =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | (constants.O_NOFOLLOW ?? 0);

/**
 * Appends `data` to `path` (created with `mode`, default 0600) with one write, without following a
 * symbolic link at `path`, fsync'd with `durable`. Parent dirs must exist.
 * @throws the fs error (ELOOP for a link, ENOENT for a missing dir).
 */
export function appendFileNoFollow(
  path: string,
  data: string | Uint8Array,
  mode = 0o600,
  opts: { durable?: boolean } = {},
): void {
  const fd = openSync(path, APPEND_NO_FOLLOW, mode);
  try {
    const buf = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    if (opts.durable) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
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
    fd = openSync(tmp, CREATE_NEW, mode);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    ensureDir(dir);
    fd = openSync(tmp, CREATE_NEW, mode);
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

/** The largest file `readTextIfExists` reads by default (bytes). */
export const MAX_TEXT_FILE_BYTES = 64 * 1024 * 1024;

/**
 * The file's UTF-8 text, or `undefined` when it does not exist. Only a regular file of at most
 * `maxBytes` bytes is read (a FIFO, device, socket or directory is refused without blocking).
 * @throws MemdirError INPUT_REFUSED (not a regular file, too large), IO (other read errors).
 */
export function readTextIfExists(path: string, maxBytes = MAX_TEXT_FILE_BYTES): string | undefined {
  return readInputBytes(path, maxBytes)?.toString("utf8");
}

/** The file's bytes, or null when it does not exist (a regular file of at most MAX_TEXT_FILE_BYTES, as readTextIfExists). */
export function readBytesIfExists(path: string): Buffer | null {
  return readInputBytes(path, MAX_TEXT_FILE_BYTES) ?? null;
}
