/**
 * Reading files for the sandbox without following symlinks: `lstat`, then open with O_NOFOLLOW and
 * check that the opened inode is the one `lstat` saw (nothing swapped in between).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, type Stats } from "node:fs";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { truncateCodePoints } from "../../core/text.js";

/** `lstat` of `path`, undefined when it (or a parent) does not exist. Other errors are thrown. */
export function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return undefined;
    throw e;
  }
}

const badPath = (summary: string, label: string) =>
  new MemdirError("BAD_PATH", `Refused: ${summary}`, {
    expected: "a regular file (symbolic links are never followed)",
    received: truncateCodePoints(JSON.stringify(label), 120),
    hint: "read another file",
  });

/**
 * The bytes of regular file `path` (with `head`, only its first `maxBytes` bytes), or undefined when
 * it does not exist. `label` names the file in messages.
 * @throws MemdirError BAD_PATH (a symlink, not a regular file, replaced while opening), BAD_INPUT
 *   (larger than `maxBytes` without `head`).
 */
export function readRegularFile(
  path: string,
  maxBytes: number,
  label: string,
  opts: { head?: boolean } = {},
): Buffer | undefined {
  const st = lstatOrUndefined(path);
  if (st === undefined) return undefined;
  if (st.isSymbolicLink()) throw badPath("symbolic links are never followed", label);
  if (!st.isFile()) throw badPath("not a regular file", label);
  if (st.size > maxBytes && !opts.head) {
    throw new MemdirError("BAD_INPUT", `Refused: ${label} is too large to read (${st.size} bytes)`, {
      expected: `a file of at most ${maxBytes} bytes`,
      received: `${st.size} bytes`,
      hint: "search it with project_grep instead",
    });
  }
  // Non-blocking: a FIFO swapped in after the lstat must not hang the open.
  const fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0));
  try {
    const now = fstatSync(fd);
    if (now.ino !== st.ino || now.dev !== st.dev || !now.isFile()) {
      throw badPath("the file was replaced while it was opened", label);
    }
    const size = Math.min(now.size, maxBytes);
    const buf = Buffer.allocUnsafe(size);
    let off = 0;
    while (off < size) {
      const n = readSync(fd, buf, off, size - off, off);
      if (n === 0) break;
      off += n;
    }
    return buf.subarray(0, off);
  } finally {
    closeSync(fd);
  }
}
