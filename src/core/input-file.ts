/**
 * Reading files that an input named (a hook's `transcript_path`, a settings or config file, a state
 * file a repository may have replaced). Every open is non-blocking and checked with `fstat` on the
 * open descriptor, so a FIFO nobody writes, a device (`/dev/zero`, `/dev/urandom`), a socket or a
 * directory is refused at once instead of blocking or streaming forever; every read has a byte bound.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats, statSync } from "node:fs";
import { errnoCode, MemdirError } from "./errors.js";

/** `fileKindAt` of a regular file. */
export const REGULAR_FILE = "a regular file";
/** `fileKindAt` of a path where nothing is. */
export const MISSING = "missing";

/** What a path turned out to be, in words for an error or an event (`"a FIFO"`, `"a directory"`). */
export function describeFileKind(st: Stats): string {
  if (st.isFile()) return REGULAR_FILE;
  if (st.isDirectory()) return "a directory";
  if (st.isFIFO()) return "a FIFO (named pipe)";
  if (st.isSocket()) return "a socket";
  if (st.isCharacterDevice()) return "a character device";
  if (st.isBlockDevice()) return "a block device";
  if (st.isSymbolicLink()) return "a symbolic link";
  return "a special file";
}

/** The kind of what `path` names, following links (`REGULAR_FILE`, `MISSING`, …). One stat; never blocks. */
export function fileKindAt(path: string): string {
  try {
    return describeFileKind(statSync(path));
  } catch (e) {
    const code = errnoCode(e);
    if (code === "ENOENT" || code === "ENOTDIR") return MISSING;
    if (code === "ELOOP") return "a symbolic link loop";
    return `unreadable (${code ?? "error"})`;
  }
}

export interface InputFileOptions {
  /** What the file is, for errors: "the transcript", "the user config" (default "the file"). */
  what?: string;
  /** Refuse a symbolic link as the last path component (default false: links to regular files are fine). */
  noFollow?: boolean;
}

/** Open flags: read-only, never blocking (a FIFO open returns at once), never a controlling terminal. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0);

function refused(what: string, path: string, found: string, cause?: unknown): MemdirError {
  return new MemdirError("INPUT_REFUSED", `refused to read ${what} ${JSON.stringify(path)}: it is ${found}`, {
    expected: `${what} as a regular file`,
    received: found,
    hint: "point memdir at a regular file (a device, FIFO, socket or directory is never read)",
    cause,
  });
}

/**
 * Opens `path` for reading when it is a regular file; the caller closes the descriptor.
 * @returns the descriptor and the size at open time (bytes).
 * @throws MemdirError NOT_FOUND (nothing there), INPUT_REFUSED (not a regular file: FIFO, device,
 *   socket, directory, symlink loop, or a link with `noFollow`), IO (other errors, e.g. EACCES).
 */
export function openInputFile(path: string, opts: InputFileOptions = {}): { fd: number; size: number } {
  const what = opts.what ?? "the file";
  let fd: number;
  try {
    fd = openSync(path, READ_FLAGS | (opts.noFollow ? (constants.O_NOFOLLOW ?? 0) : 0));
  } catch (e) {
    const code = errnoCode(e);
    if (code === "ENOENT" || code === "ENOTDIR")
      throw new MemdirError("NOT_FOUND", `${what} ${JSON.stringify(path)} does not exist`, {
        expected: `${what} as an existing regular file`,
        received: "nothing at that path",
        hint: "check the path",
        cause: e,
      });
    // ENXIO: a socket (or a FIFO opened for writing); ELOOP: a link loop or a link under noFollow.
    if (code === "ENXIO" || code === "ELOOP" || code === "EISDIR")
      throw refused(what, path, code === "ELOOP" ? linkKind(path) : fileKindAt(path), e);
    throw new MemdirError("IO", `cannot read ${what} ${JSON.stringify(path)}`, {
      expected: `${what} readable by this user`,
      received: code ?? String(e),
      hint: "check its permissions",
      cause: e,
    });
  }
  let st: Stats;
  try {
    st = fstatSync(fd);
  } catch (e) {
    closeSync(fd);
    throw e;
  }
  if (!st.isFile()) {
    closeSync(fd);
    throw refused(what, path, describeFileKind(st));
  }
  return { fd, size: st.size };
}

function linkKind(path: string): string {
  const k = fileKindAt(path);
  return k === "a symbolic link loop" ? k : "a symbolic link";
}

/**
 * Reads a whole regular file of at most `maxBytes` bytes (read to EOF, so files whose stat size is 0,
 * as in /proc, are read too).
 * @returns the bytes, or undefined when the file does not exist.
 * @throws MemdirError INPUT_REFUSED (not a regular file, or larger than `maxBytes`), IO.
 */
export function readInputBytes(
  path: string,
  maxBytes: number,
  opts: InputFileOptions = {},
): Buffer | undefined {
  let opened: { fd: number; size: number };
  try {
    opened = openInputFile(path, opts);
  } catch (e) {
    if (e instanceof MemdirError && e.code === "NOT_FOUND") return undefined;
    throw e;
  }
  const { fd, size } = opened;
  try {
    if (size > maxBytes) throw tooLarge(opts.what ?? "the file", path, size, maxBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    const buf = Buffer.allocUnsafe(Math.min(Math.max(size + 1, 4096), 1 << 20));
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n <= 0) break;
      total += n;
      if (total > maxBytes) throw tooLarge(opts.what ?? "the file", path, total, maxBytes);
      chunks.push(Buffer.from(buf.subarray(0, n)));
    }
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

function tooLarge(what: string, path: string, size: number, maxBytes: number): MemdirError {
  return new MemdirError(
    "INPUT_REFUSED",
    `refused to read ${what} ${JSON.stringify(path)}: it is too large`,
    {
      expected: `${what} of at most ${maxBytes} bytes`,
      received: `${size} bytes or more`,
      hint: "shorten the file or move it aside; memdir never loads a file this large",
    },
  );
}
