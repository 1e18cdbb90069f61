/**
 * The second look at a replaced or deleted file (checked-write.ts, checked-remove.ts). Right after
 * its rename or unlink the old inode is read once; a writer that opened the file just before and
 * writes a few microseconds after that read (preempted between its open and its write, or between a
 * truncate and its write) would still be missed. So the old inode stays open here and is read again
 * once it is WATCH_AGE_MS old, and at every later check until it is CLOSE_AGE_MS old: at the next
 * checked write, at `settleWatches` (change sets wait there until the youngest is SETTLE_AGE_MS old,
 * since a writer preempted on a loaded machine can sleep several ms between its open and its write),
 * or from an unref'd timer. Bytes found there that memdir did not leave are kept: appended to the file
 * under that name now (a rewrite contributes the lines the file lacks).
 */
import { appendFileSync, closeSync } from "node:fs";
import { joinTail, readFd } from "./checked-read.js";
import { readBytesIfExists } from "./fs.js";

/** How old (ms) a replaced inode is when it is read the second time. */
export const WATCH_AGE_MS = 2;
/** How old (ms) a replaced inode is when it is read the last time and closed. */
export const CLOSE_AGE_MS = 50;
/** The age (ms) `settleWatches` waits for by default before its last read. */
export const SETTLE_AGE_MS = 50;
/** Open old inodes at most (file descriptors); beyond this the oldest is read and closed at once. */
const MAX_WATCHES = 128;

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
 * late bytes (see the file comment); closes those CLOSE_AGE_MS old, beyond MAX_WATCHES, or all of
 * them with `closeAll`. Returns how many inodes held late bytes.
 */
export function checkWatches(minAgeMs = WATCH_AGE_MS, closeAll = false): number {
  if (checking) return 0;
  checking = true;
  let kept = 0;
  try {
    const now = performance.now();
    for (let i = 0; i < watches.length; ) {
      const w = watches[i] as Watch;
      const overflow = watches.length > MAX_WATCHES;
      if (now - w.at < minAgeMs && !overflow) {
        i++;
        continue;
      }
      const close = closeAll || overflow || now - w.at >= CLOSE_AGE_MS;
      if (close) watches.splice(i, 1);
      else i++;
      let late: Buffer;
      try {
        late = readFd(w.fd);
      } finally {
        if (close) closeSync(w.fd);
      }
      if (!late.equals(w.left)) {
        keep(w, late);
        w.left = late;
        kept++;
      }
    }
  } finally {
    checking = false;
  }
  return kept;
}

/** Reads the watches from an unref'd timer until every one is closed. */
function scheduleCheck(delayMs: number): void {
  if (timer !== undefined || watches.length === 0) return;
  timer = setTimeout(() => {
    timer = undefined;
    checkWatches(0);
    scheduleCheck(CLOSE_AGE_MS);
  }, delayMs);
  timer.unref?.();
}

/** Watches the inode open as `fd` (memdir's replaced or deleted file, holding `left`); takes the fd. */
export function watchInode(fd: number, path: string, left: Buffer): void {
  watches.push({ fd, path, left, at: performance.now() });
  checkWatches();
  scheduleCheck(WATCH_AGE_MS * 2);
}

/**
 * Waits until every watched inode is `ageMs` old (at most that long, sync; default WATCH_AGE_MS, what
 * a hook can afford), then reads them all and closes them. Returns how many held late bytes. Writers
 * call it before they finish: change sets (jobs, undo) with SETTLE_AGE_MS.
 */
export function settleWatches(ageMs = WATCH_AGE_MS): number {
  const youngest = watches.reduce((m, w) => Math.max(m, w.at), Number.NEGATIVE_INFINITY);
  const wait = youngest + ageMs - performance.now();
  if (wait > 0) Atomics.wait(sleeper, 0, 0, Math.ceil(wait));
  return checkWatches(0, true);
}
