import { isoUtc } from "../../core/clock.js";
import { MemdirError } from "../../core/errors.js";
import { appendFileNoFollow, ensureDir, removeFile } from "../../core/fs.js";
import { type LockHandle, tryAcquireLock } from "../../core/lock.js";
import {
  historyDir,
  readAllChangeSets,
  removeSet,
  unusedChangeSetId,
  withHistoryLock,
  writeLogPath,
  writerLockPath,
  writeSet,
} from "./files.js";
import type { ChangeSet, ChangeSetKind, FileRef, HistoryRoots, JournalEntry, StoredEntry } from "./types.js";

export interface WriteAheadInit {
  kind: ChangeSetKind;
  summary: string;
  roots: HistoryRoots;
  nowMs: number;
  /** A fixed id (tests); default: a fresh one from `nowMs`, taken at the first flush. */
  id?: string;
  /** The pid written into `<id>.lock` (default: this process, see core/lock). */
  pid?: number;
}

export interface WriteAhead {
  /** The change set's id once the first flush took it (or the fixed one). */
  readonly id: string | undefined;
  /** True once `.history/<id>.json` exists (a flush succeeded) and until commit/discard. */
  readonly open: boolean;
  /**
   * Before the first write of `entry` (not yet among `known`): rewrites `<id>.json` incomplete with
   * `known` + `entry`, `entry.pending = intended`. Takes the id and writer lock the first time.
   * Called again for the same entry when its before bytes changed (a late append it absorbed).
   * @throws MemdirError BAD_INPUT (already committed; the id is being written by another process),
   *   LOCK_TIMEOUT; fs errors (then nothing may be written: the caller has not written yet).
   */
  flush(known: JournalEntry[], entry: JournalEntry, intended: string | null): void;
  /** Before a later write of `ref` (already flushed): appends its intended hash to `<id>.writes.jsonl`. */
  logWrite(ref: FileRef, intended: string | null, interleaved: boolean): void;
  /** After the final change set is written: removes the write log, releases the writer lock. */
  close(): void;
  /** A journal that changed nothing: removes `<id>.json`, its log and lock. Call under the history lock. */
  discard(): void;
}

const sealed = (id: string | undefined) =>
  new MemdirError("BAD_INPUT", `the journal of change set ${id ?? "(none)"} is already committed`, {
    expected: "writes through a journal before commitChangeSet",
    received: "a write after the commit",
    hint: "create a new journal (createJournal) for further writes",
  });

/** A journal's write-ahead state; nothing touches the disk until the first `flush`. */
export function createWriteAhead(init: WriteAheadInit): WriteAhead {
  const dir = init.roots.project;
  // Before bytes as base64, converted once per file (again when a late append replaced them).
  const before64 = new Map<string, { of: Uint8Array | null; b64: string | null }>();
  let id = init.id;
  let seq = 0;
  let lock: LockHandle | undefined;
  let done = false;
  const toStored = (e: JournalEntry): StoredEntry => {
    const key = `${e.scope}/${e.file}`;
    let b = before64.get(key);
    if (b === undefined || b.of !== e.before) {
      b = { of: e.before, b64: e.before === null ? null : Buffer.from(e.before).toString("base64") };
      before64.set(key, b);
    }
    const s: StoredEntry = { scope: e.scope, file: e.file, before: b.b64, after: e.after };
    if (e.beforeMode !== undefined) s.beforeMode = e.beforeMode;
    if (e.beforeMtimeMs !== undefined) s.beforeMtimeMs = e.beforeMtimeMs;
    if (e.interleaved) s.interleaved = true;
    return s;
  };
  /** Takes the id, `seq` and writer lock (under the history lock). */
  const start = (): string => {
    const all = readAllChangeSets(dir);
    const taken = id ?? unusedChangeSetId(dir, init.nowMs);
    seq = Math.max(0, ...all.filter((c) => c.id !== taken).map((c) => c.seq)) + 1;
    const h = tryAcquireLock(writerLockPath(dir, taken), init.pid === undefined ? {} : { pid: init.pid });
    if (!h) {
      throw new MemdirError("BAD_INPUT", `change set ${taken} is being written by another process`, {
        expected: "one journal per change-set id",
        received: `a live writer holds ${writerLockPath(dir, taken)}`,
        hint: "leave `id` out of createJournal: each journal then gets a fresh id",
      });
    }
    lock = h;
    return taken;
  };
  return {
    get id() {
      return id;
    },
    get open() {
      return lock !== undefined && !done;
    },
    flush(known, entry, intended) {
      if (done) throw sealed(id);
      withHistoryLock(dir, () => {
        const first = lock === undefined;
        if (first) id = start();
        const files = known.map(toStored);
        const s = toStored(entry);
        s.pending = intended;
        files.push(s);
        const cs: ChangeSet = {
          version: 1,
          id: id as string,
          seq,
          kind: init.kind,
          createdAt: isoUtc(init.nowMs),
          summary: init.summary,
          complete: false,
          files,
        };
        try {
          writeSet(dir, cs);
        } catch (e) {
          if (first) {
            lock?.release();
            lock = undefined;
          }
          throw e;
        }
      });
    },
    logWrite(ref, intended, interleaved) {
      if (done) throw sealed(id);
      if (id === undefined) throw new Error("logWrite before the first flush"); // a bug, not an input
      const line = JSON.stringify({
        scope: ref.scope,
        file: ref.file,
        after: intended,
        ...(interleaved ? { interleaved } : {}),
      });
      ensureDir(historyDir(dir));
      appendFileNoFollow(writeLogPath(dir, id), `${line}\n`, 0o600, { durable: true });
    },
    close() {
      done = true;
      if (id !== undefined && lock !== undefined) removeFile(writeLogPath(dir, id));
      lock?.release();
    },
    discard() {
      done = true;
      if (id !== undefined && lock !== undefined) removeSet(dir, id);
      lock?.release();
    },
  };
}

/** Which write-ahead state belongs to a journal made by `createJournal` (commit looks it up). */
const registry = new WeakMap<object, WriteAhead>();
export const registerWriteAhead = (journal: object, wa: WriteAhead): void => {
  registry.set(journal, wa);
};
export const writeAheadOf = (journal: object): WriteAhead | undefined => registry.get(journal);
