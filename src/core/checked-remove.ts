/**
 * Compare-and-delete, the deleting half of checked-write.ts (files other writers change without
 * memdir's locks): the file is read through an open fd and compared with `expected`; then renamed
 * aside (`.<name>.<suffix>.del`, same dir: the name is free at once, and whatever the name held at
 * that instant is what moved); the aside file must be the inode read and still hold `expected`, is
 * unlinked, and the inode is read once more. Any change (another writer's version renamed in, bytes
 * written after the check) is put back under the name (`changed`); a file an appender created under
 * the name meanwhile keeps its bytes after the old ones. The deleted inode gets a second look a few
 * ms later (checked-watch.ts). Remaining window: a write to the inode after that (docs/ARCHITECTURE.md).
 */
import { appendFileSync, closeSync, linkSync, renameSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { asBuffer, joinTail, namesInode, openIfExists, readFd, settle } from "./checked-read.js";
import { watchInode } from "./checked-watch.js";
import { CHECKED_ROUNDS, replaceFileChecked } from "./checked-write.js";
import { errnoCode } from "./errors.js";
import { fsyncDir, readBytesIfExists, removeFile } from "./fs.js";
import { uniqueSuffix } from "./unique.js";

export type CheckedRemove =
  | { status: "removed" }
  | { status: "missing" }
  | {
      status: "changed";
      /** The file as it is now (null: missing): what another writer changed is kept. */
      current: Buffer | null;
    };

/**
 * Puts `back` under `path` again: by linking `aside` (when it still holds them), else written;
 * when a file was created under the name since, `back` goes first and that file's bytes after
 * (when other writers keep changing it, `back` is appended with one O_APPEND write instead).
 * Returns what the file holds.
 */
function putBack(path: string, back: Buffer, aside: string | undefined): Buffer | null {
  if (aside !== undefined) {
    try {
      linkSync(aside, path);
      removeFile(aside);
      return back;
    } catch (e) {
      if (errnoCode(e) !== "EEXIST") throw e;
    }
  }
  for (let r = 0; r < CHECKED_ROUNDS; r++) {
    const cur = readBytesIfExists(path);
    const w = replaceFileChecked(path, cur === null ? back : joinTail(back, cur), cur);
    if (w.status === "written") {
      if (aside !== undefined) removeFile(aside);
      return w.bytes;
    }
  }
  const cur = readBytesIfExists(path);
  appendFileSync(path, cur === null ? back : joinTail(cur, back).subarray(cur.length), { mode: 0o600 });
  if (aside !== undefined) removeFile(aside);
  return readBytesIfExists(path);
}

/**
 * Deletes `path` only if it holds exactly `expected` (see the file comment). `removed`; `missing`:
 * no such file; `changed`: it held other bytes, or another writer changed it during the delete
 * (then put back): nothing of theirs is lost. Throws fs errors.
 */
export function removeFileChecked(path: string, expected: Uint8Array | string): CheckedRemove {
  const exp = asBuffer(expected);
  const fd = openIfExists(path);
  if (fd === undefined) return { status: "missing" };
  let back: Buffer | undefined;
  let aside: string | undefined = join(dirname(path), `.${basename(path)}.${uniqueSuffix()}.del`);
  let watched = false;
  try {
    const cur = readFd(fd);
    if (!cur.equals(exp)) return { status: "changed", current: cur };
    try {
      renameSync(path, aside);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return { status: "missing" };
      throw e;
    }
    if (!namesInode(aside, fd)) back = readBytesIfExists(aside) ?? Buffer.alloc(0);
    else {
      const late = readFd(fd);
      if (!late.equals(exp)) back = settle(fd, late);
      else {
        removeFile(aside);
        aside = undefined;
        const last = readFd(fd);
        if (!last.equals(exp)) back = settle(fd, last);
        else {
          watchInode(fd, path, exp); // read again once a little older (checked-watch.ts)
          watched = true;
        }
      }
    }
  } finally {
    if (!watched) closeSync(fd);
  }
  fsyncDir(dirname(path));
  if (back === undefined) return { status: "removed" };
  return { status: "changed", current: putBack(path, back, aside) };
}
