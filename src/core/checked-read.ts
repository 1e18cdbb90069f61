/**
 * Reading helpers of the checked writes (checked-write.ts, checked-remove.ts): a file read through
 * an open fd (the inode, whatever its name now), inode identity, and waiting for a writer that is
 * part-way through a rewrite. Sync: hooks use them.
 */
import { fstatSync, readSync, statSync } from "node:fs";
import { errnoCode, isMemdirError } from "./errors.js";
import { openInputFile } from "./input-file.js";

export const asBuffer = (b: Uint8Array | string) =>
  typeof b === "string" ? Buffer.from(b, "utf8") : Buffer.isBuffer(b) ? b : Buffer.from(b);

/** Every byte of the file open as `fd`, from offset 0 to its end now. */
export function readFd(fd: number): Buffer {
  const chunks: Buffer[] = [];
  let pos = 0;
  let buf = Buffer.allocUnsafe(Math.max(fstatSync(fd).size + 1, 4096));
  for (;;) {
    const n = readSync(fd, buf, 0, buf.length, pos);
    if (n === 0) break;
    chunks.push(Buffer.from(buf.subarray(0, n)));
    pos += n;
    if (n === buf.length) buf = Buffer.allocUnsafe(buf.length * 2);
  }
  return Buffer.concat(chunks);
}

/**
 * The fd of `path` opened for reading, or undefined when it does not exist.
 * @throws MemdirError INPUT_REFUSED when it is not a regular file (opened without blocking), IO.
 */
export function openIfExists(path: string): number | undefined {
  try {
    return openInputFile(path).fd;
  } catch (e) {
    if (isMemdirError(e, "NOT_FOUND")) return undefined;
    throw e;
  }
}

/** True when `path` names the inode open as `fd`. */
export function namesInode(path: string, fd: number): boolean {
  try {
    const a = fstatSync(fd);
    const b = statSync(path);
    return a.ino === b.ino && a.dev === b.dev;
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return false;
    throw e;
  }
}

/** Re-reads of a file another writer is changing before it is taken as it is. */
const SETTLE_TRIES = 5;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * The bytes of `fd` once they stop changing: re-read after 1, 2, 4, 8 and 16 ms until two reads
 * agree (a truncate-and-write caught between its truncate and its write reads as empty).
 * `first`: the read that differed.
 */
export function settle(fd: number, first: Buffer): Buffer {
  let prev = first;
  for (let i = 0, wait = 1; i < SETTLE_TRIES; i++, wait *= 2) {
    Atomics.wait(sleeper, 0, 0, wait);
    const next = readFd(fd);
    if (next.equals(prev)) return next;
    prev = next;
  }
  return prev;
}

/** `base` then `tail`, with a newline between when `base` does not end with one. */
export function joinTail(base: Buffer, tail: Buffer): Buffer {
  if (base.length === 0 || base[base.length - 1] === 0x0a) return Buffer.concat([base, tail]);
  return Buffer.concat([base, Buffer.from("\n"), tail]);
}
