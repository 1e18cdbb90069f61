/**
 * The second look at a replaced or deleted file (checked-write.ts, checked-remove.ts). Right after
 * its rename or unlink the old inode is read once; a writer that opened the file just before and
 * writes a few microseconds after that read (preempted between its open and its write, or between a
 * truncate and its write) would still be missed. So the old inode stays open here and is read again
 * once it is WATCH_AGE_MS old: at the next checked write, at `settleWatches` (jobs call it before
 * they finish), or from an unref'd timer. Bytes found there that memdir did not leave are kept:
 * appended to the file under that name now (a rewrite contributes the lines the file lacks).
 */
import { appendFileSync, closeSync } from "node:fs";
import { joinTail, readFd } from "./checked-read.js";
import { readBytesIfExists } from "./fs.js";

/** How old (ms) a replaced inode is when it is read the second time. */
export const WATCH_AGE_MS = 2;
/** Open old inodes at most; beyond this the oldest is read at once, whatever its age. */
const MAX_WATCHES = 32;

interface Watch {
  fd: number;
  path: string;
  /** What the old inode held when memdir replaced or deleted it. */
  left: Buffer;
  at: number;
}

const watches: Watch[] = [];
let checking = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/** The bytes of `late` that the file under `path` must get: the appended tail, or the lines it lacks. */
function missing(left: Buffer, late: Buffer, path: string): Buffer {
  if (late.length >= left.length && late.subarray(0, left.length).equals(left))
    return late.subarray(left.length);
  const have = new Set((readBytesIfExists(path) ?? Buffer.alloc(0)).toString("utf8").split("\n"));
  const lines = late
    .toString("utf8")
    .split("\n")
    .filter((l) => l.trim() !== "" && !have.has(l));
  return Buffer.from(lines.length > 0 ? `${lines.join("\n")}\n` : "", "utf8");
}

/** Keeps what another writer put in a replaced inode: appended with O_APPEND (never replaces anything). */
function keep(w: Watch, late: Buffer): void {
  const add = missing(w.left, late, w.path);
  if (add.length === 0) return;
  const cur = readBytesIfExists(w.path);
  appendFileSync(w.path, cur === null ? add : joinTail(cur, add).subarray(cur.length), { mode: 0o600 });
}

/**
 * Reads every watched inode at least `minAgeMs` old (all of them beyond MAX_WATCHES) and keeps
 * late bytes (see the file comment). Returns how many inodes held late bytes.
 */
export function checkWatches(minAgeMs = WATCH_AGE_MS): number {
  if (checking) return 0;
  checking = true;
  let kept = 0;
  try {
    const now = performance.now();
    for (let i = 0; i < watches.length; ) {
      const w = watches[i] as Watch;
      if (now - w.at < minAgeMs && watches.length <= MAX_WATCHES) {
        i++;
        continue;
      }
      watches.splice(i, 1);
      let late: Buffer;
      try {
        late = readFd(w.fd);
      } finally {
        closeSync(w.fd);
      }
      if (!late.equals(w.left)) {
        keep(w, late);
        kept++;
      }
    }
  } finally {
    checking = false;
  }
  return kept;
}

/** Watches the inode open as `fd` (memdir's replaced or deleted file, holding `left`); takes the fd. */
export function watchInode(fd: number, path: string, left: Buffer): void {
  watches.push({ fd, path, left, at: performance.now() });
  checkWatches();
  if (timer === undefined && watches.length > 0) {
    timer = setTimeout(() => {
      timer = undefined;
      checkWatches(0);
    }, WATCH_AGE_MS * 2);
    timer.unref?.();
  }
}

/**
 * Waits until every watched inode is WATCH_AGE_MS old (at most that long, sync), then reads them all
 * and closes them. Returns how many held late bytes. Jobs call it before they commit or exit.
 */
export function settleWatches(): number {
  const youngest = watches.reduce((m, w) => Math.max(m, w.at), Number.NEGATIVE_INFINITY);
  const wait = youngest + WATCH_AGE_MS - performance.now();
  if (wait > 0) Atomics.wait(sleeper, 0, 0, Math.ceil(wait));
  return checkWatches(0);
}
