/**
 * Compare-and-replace for files that other writers change WITHOUT memdir's locks (Claude Code's own
 * Write/Edit of a memory file, an editor, `echo >>`). A lock only orders memdir's own writers, so
 * every replacing write of such a file states the bytes it was computed from (`expected`), and:
 * 1. the new bytes go to a temp file beside the target, fsync'd (all slow work before the check);
 * 2. the target is opened and read through that fd; bytes ≠ `expected` → `changed` (nothing written);
 *    the path must still name the inode read (a writer that renamed its own version in meanwhile);
 * 3. rename(temp, target), the fd still open on the replaced inode;
 * 4. the replaced inode is read again: a writer that opened the file before the rename and wrote
 *    after the check (an appender, or a truncate-and-write) left its bytes there, where nobody would
 *    see them again. Bytes appended to `expected` are appended to the new file (`absorbed`); an
 *    emptied file (a truncate whose write is still to come) is left to step 5; any other change puts
 *    the other writer's version back and returns `changed`.
 * A file that must not exist (`expected` null) is created with link(2), which never replaces one.
 * 5. the replaced inode stays open and is read once more when it is a few ms old (checked-watch.ts).
 * The remaining window (documented in docs/ARCHITECTURE.md): a write that lands on the replaced
 * inode after that last read, and a rename by another writer between step 2 and step 3.
 * No `node:crypto` (hooks load this): bytes are compared, never hashed.
 */
import { appendFileSync, closeSync, linkSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { asBuffer, joinTail, namesInode, openIfExists, readFd, settle } from "./checked-read.js";
import { watchInode } from "./checked-watch.js";
import { errnoCode } from "./errors.js";
import { type AtomicWriteOptions, fsyncDir, readBytesIfExists, removeFile, writeTempFile } from "./fs.js";

/** The bytes a writer computed its new version from; null = the file must not exist. */
export type Expected = Uint8Array | null;

export type CheckedWrite =
  | {
      status: "written";
      /** What the file holds now: the new bytes, plus any bytes `absorbed` added after them. */
      bytes: Buffer;
      /**
       * Set when another writer appended to the replaced file after the check: its last bytes
       * (`expected` + the appended tail, now also at the end of `bytes`). A change set records them
       * as the bytes before, so an undo gives the other writer's lines back.
       */
      absorbed?: Buffer;
      /** Bytes of other writers written after the rename are part of `bytes` too (an undo must not restore over them). */
      interleaved?: boolean;
    }
  | {
      status: "changed";
      /** The file as it is now (null: missing); nothing of the new bytes is in it. */
      current: Buffer | null;
    };

/** Rounds of re-checking a file other writers keep changing before the tail is appended plainly. */
export const CHECKED_ROUNDS = 8;
/** Creates `path` from `tmp` only when no file has that name (link(2) never replaces). */
function createChecked(tmp: string, path: string, bytes: Buffer, mode: number): CheckedWrite {
  try {
    linkSync(tmp, path);
  } catch (e) {
    const code = errnoCode(e);
    if (code === "EEXIST") return { status: "changed", current: readBytesIfExists(path) };
    if (code !== "EPERM" && code !== "ENOTSUP" && code !== "EOPNOTSUPP" && code !== "EXDEV") throw e;
    // A file system without hard links: an exclusive create (never replaces; not atomic for readers).
    try {
      writeFileSync(path, bytes, { flag: "wx", mode });
    } catch (e2) {
      if (errnoCode(e2) === "EEXIST") return { status: "changed", current: readBytesIfExists(path) };
      throw e2;
    }
  }
  return { status: "written", bytes };
}

/**
 * Replaces `path` with `data` only if it still holds exactly `expected` (see the file comment).
 * `written`: the file holds `bytes` (`absorbed`: another writer's late append was kept at its end);
 * `changed`: it did not hold `expected` (or another writer rewrote it during the rename, and its
 * version was put back): nothing of `data` is in it, re-read and merge, or leave it for later.
 * Parent dirs are created. Throws fs errors (the temp file is removed).
 */
export function replaceFileChecked(
  path: string,
  data: string | Uint8Array,
  expected: Expected,
  opts: AtomicWriteOptions = {},
): CheckedWrite {
  return replaceRound(path, asBuffer(data), expected === null ? null : asBuffer(expected), opts, 0);
}

/** One round of `replaceFileChecked`; `round` counts nested rounds (bounded by CHECKED_ROUNDS). */
export function replaceRound(
  path: string,
  bytes: Buffer,
  expected: Buffer | null,
  opts: AtomicWriteOptions,
  round: number,
): CheckedWrite {
  const tmp = writeTempFile(path, bytes, opts);
  let late: Buffer;
  let renamed = false;
  try {
    if (expected === null) {
      const r = createChecked(tmp, path, bytes, opts.mode ?? 0o600);
      if (r.status === "written" && opts.durable !== false) fsyncDir(dirname(path));
      return r;
    }
    const fd = openIfExists(path);
    if (fd === undefined) return { status: "changed", current: null };
    let watched = false;
    try {
      const cur = readFd(fd);
      if (!cur.equals(expected)) return { status: "changed", current: cur };
      if (!namesInode(path, fd)) return { status: "changed", current: readBytesIfExists(path) };
      renameSync(tmp, path);
      renamed = true;
      late = readFd(fd);
      if (!late.equals(expected) || expected.length === 0) late = settle(fd, late);
      // Unchanged, or emptied (a truncate-and-write whose write has not come yet): ours stays, and
      // the old inode is read again once a little older (checked-watch.ts).
      if (late.equals(expected) || late.length === 0) {
        watchInode(fd, path, expected);
        watched = true;
        late = expected;
      }
    } finally {
      if (!watched) closeSync(fd);
    }
  } finally {
    if (!renamed) removeFile(tmp); // a hard link (a created file) leaves the temp name to remove too
  }
  if (opts.durable !== false) fsyncDir(dirname(path));
  if (late.equals(expected)) return { status: "written", bytes };
  const appended = late.length >= expected.length && late.subarray(0, expected.length).equals(expected);
  if (appended) return appendTail(path, bytes, late, late.subarray(expected.length), opts, round);
  return putBack(path, bytes, late, opts, round);
}

/**
 * Another writer rewrote the replaced file after the check (`theirs`): their version wins. It is
 * put back over `ours` (with whatever was appended to ours since), and `changed` returned.
 */
function putBack(path: string, ours: Buffer, theirs: Buffer, opts: AtomicWriteOptions, round: number) {
  for (let r = round; r < CHECKED_ROUNDS; r++) {
    const cur = readBytesIfExists(path);
    if (cur === null || cur.length < ours.length || !cur.subarray(0, ours.length).equals(ours))
      return { status: "changed" as const, current: cur }; // rewritten again since: the newest version stays
    const data = cur.length === ours.length ? theirs : joinTail(theirs, cur.subarray(ours.length));
    const w = replaceRound(path, data, cur, opts, r + 1);
    if (w.status === "written") return { status: "changed" as const, current: w.bytes };
  }
  return { status: "changed" as const, current: readBytesIfExists(path) };
}

/**
 * Another writer appended `tail` to the replaced file after the check (`late` = its last bytes):
 * the tail is appended to the new file too, through further checked rounds; when other writers
 * keep changing it, with one O_APPEND write at last (never replaces anything).
 */
function appendTail(
  path: string,
  ours: Buffer,
  late: Buffer,
  tail: Buffer,
  opts: AtomicWriteOptions,
  round: number,
): CheckedWrite {
  for (let r = round; r < CHECKED_ROUNDS; r++) {
    const cur = readBytesIfExists(path);
    const w = replaceRound(path, cur === null ? tail : joinTail(cur, tail), cur, opts, r + 1);
    if (w.status !== "written") continue;
    const others = w.interleaved || w.absorbed !== undefined || cur === null || !cur.equals(ours);
    return { status: "written", bytes: w.bytes, absorbed: late, ...(others ? { interleaved: true } : {}) };
  }
  const cur = readBytesIfExists(path);
  const add = cur === null ? tail : joinTail(cur, tail).subarray(cur.length);
  appendFileSync(path, add, { mode: opts.mode ?? 0o600 });
  return { status: "written", bytes: readBytesIfExists(path) ?? add, absorbed: late, interleaved: true };
}
