/**
 * The journal of one change set: the store writes and deletes memory-dir files through it (checked
 * writes, core/checked-write.ts) when a caller passes `journal` in its write options. For every
 * file it keeps the bytes before the first write (the bytes the caller read under the dir lock and
 * the checked write found still there) and the SHA-256 of the bytes after the last one. It writes
 * ahead (wal.ts): the change set is on disk, incomplete, before each file's first write, and each
 * later write's hash is logged before it, so a process killed at any point leaves an undoable
 * change set; `commitChangeSet` completes it. `node:crypto` is loaded on first use only (hooks
 * import the store; without a journal nothing here runs).
 */
import { statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { type CheckedRemove, removeFileChecked } from "../../core/checked-remove.js";
import { type CheckedUpdate, updateChecked } from "../../core/checked-update.js";
import { type CheckedWrite, type Expected, replaceFileChecked } from "../../core/checked-write.js";
import { MemdirError } from "../../core/errors.js";
import { checkChangeSetId } from "./files.js";
import { bytesHash } from "./hash.js";
import type { ChangeSetKind, FileRef, HistoryRoots, HistoryScope, JournalEntry } from "./types.js";
import { createWriteAhead, registerWriteAhead } from "./wal.js";

export interface JournalOptions {
  kind: ChangeSetKind;
  /** One line for `memdir history`; `commitChangeSet` may replace it. */
  summary: string;
  /** Absolute memory dirs the writes may touch (the change set is stored in `roots.project`). */
  roots: HistoryRoots;
  /** Time of the change set, ms since the epoch (its id and `createdAt`). */
  nowMs: number;
  /** A fixed id (tests); default: made from `nowMs` at the first write. @throws BAD_INPUT when malformed. */
  id?: string;
  /** The pid recorded as the change set's writer while it is incomplete (default: this process). */
  pid?: number;
}

export interface Journal {
  readonly kind: ChangeSetKind;
  readonly summary: string;
  readonly roots: HistoryRoots;
  readonly nowMs: number;
  /** The change set's id: the fixed one, else taken at the first write (undefined before). */
  readonly id?: string;
  /**
   * Replaces `path` with `data` (a string is UTF-8; mode 0600 unless `mode`) only if it still holds
   * `expected` (core `replaceFileChecked`; null = it must not exist), recording the file first:
   * before its first write the change set on disk holds its before bytes (= `expected`) and the hash
   * this write leaves; before a later one, that hash is logged. What is recorded is what happened:
   * `changed` → nothing written (a first write is dropped from the change set, a later one marks
   * the file `interleaved`); a late append absorbed by a first write becomes the before bytes (an
   * undo gives it back), by a later write it marks the file `interleaved`. The caller holds the dir
   * lock of the file's root.
   * @throws MemdirError BAD_PATH when `path` is not inside one of `roots`, BAD_INPUT after the
   *   commit, LOCK_TIMEOUT (`.history/.lock`) — nothing written in these cases; fs errors.
   */
  write(path: string, data: string | Uint8Array, opts: { expected: Expected; mode?: number }): CheckedWrite;
  /**
   * Deletes `path` only if it holds `expected` (core `removeFileChecked`), recording it first; a
   * file found changed or missing is not recorded as deleted. Same lock rule and errors as `write`.
   */
  remove(path: string, expected: Uint8Array): CheckedRemove;
  /** Every file touched so far, in the order first written. */
  entries(): JournalEntry[];
  /** Scope and root-relative path of absolute `path`. @throws MemdirError BAD_PATH outside the roots. */
  locate(path: string): FileRef;
}

/** `path` relative to `root` with `/` separators, or undefined when it is not strictly inside it. */
function inside(root: string, path: string): string | undefined {
  const rel = relative(resolve(root), resolve(path));
  if (rel === "" || rel.startsWith("..") || isAbsolute(rel)) return undefined;
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/**
 * Starts recording a change set. Nothing touches the disk until the first write.
 * @throws MemdirError BAD_INPUT when `opts.id` is given and is not a change-set id.
 */
export function createJournal(opts: JournalOptions): Journal {
  checkChangeSetId(opts.id);
  const byKey = new Map<string, JournalEntry>();
  const wal = createWriteAhead(opts);
  const locate = (path: string): FileRef => {
    let best: { scope: HistoryScope; file: string; len: number } | undefined;
    for (const scope of ["project", "user"] as const) {
      const root = opts.roots[scope];
      if (root === undefined) continue;
      const file = inside(root, path);
      if (file !== undefined && (best === undefined || resolve(root).length > best.len))
        best = { scope, file, len: resolve(root).length };
    }
    if (!best) {
      throw new MemdirError("BAD_PATH", `${path} is outside the memory dirs of this change set`, {
        expected: `a file under ${opts.roots.project}${opts.roots.user ? ` or ${opts.roots.user}` : ""}`,
        received: path,
        hint: "create the journal with the roots of every memory dir the job writes (project and user)",
      });
    }
    return { scope: best.scope, file: best.file };
  };
  /** The state of `path` before this journal's first write of it: `expected`, the bytes the caller read. */
  const snapshot = (path: string, ref: FileRef, expected: Expected): JournalEntry => {
    const before = expected === null ? null : Buffer.from(expected);
    const e: JournalEntry = { ...ref, before, after: before === null ? null : bytesHash(before) };
    if (before !== null) {
      try {
        const st = statSync(path);
        e.beforeMode = st.mode & 0o777;
        e.beforeMtimeMs = st.mtimeMs;
      } catch {}
    }
    return e;
  };
  /**
   * Records that `path` is about to be left with hash `intended` (null = deleted), on disk before
   * the caller writes it; returns its entry and whether it is new (the caller sets `after` once
   * the write is done).
   */
  const record = (path: string, intended: string | null, expected: Expected) => {
    const ref = locate(path);
    const key = `${ref.scope}/${ref.file}`;
    const known = byKey.get(key);
    if (known) {
      // Someone else wrote it since our last write: undo cannot restore `before` without reverting them.
      const seen = expected === null ? null : bytesHash(expected);
      if (!known.interleaved && seen !== known.after) known.interleaved = true;
      wal.logWrite(ref, intended, !!known.interleaved);
      return { e: known, key, fresh: false };
    }
    const e = snapshot(path, ref, expected);
    wal.flush([...byKey.values()], e, intended);
    byKey.set(key, e);
    return { e, key, fresh: true };
  };
  /** After a write or delete that did not happen as recorded: `changed` (or gone) → drop / interleaved. */
  const notDone = (r: { e: JournalEntry; key: string; fresh: boolean }) => {
    if (r.fresh) byKey.delete(r.key);
    else r.e.interleaved = true;
  };
  const journal: Journal = {
    kind: opts.kind,
    summary: opts.summary,
    roots: opts.roots,
    nowMs: opts.nowMs,
    get id() {
      return wal.id;
    },
    write(path, data, wopts) {
      const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
      const hash = bytesHash(bytes);
      const r = record(path, hash, wopts.expected);
      const w = replaceFileChecked(
        path,
        bytes,
        wopts.expected,
        wopts.mode === undefined ? {} : { mode: wopts.mode },
      );
      if (w.status === "changed") {
        notDone(r);
        return w;
      }
      const after = w.bytes.equals(bytes) ? hash : bytesHash(w.bytes);
      if (w.interleaved || (w.absorbed && !r.fresh)) r.e.interleaved = true;
      if (w.absorbed && r.fresh) {
        // The other writer's late append happened to the file before ours replaced it: its bytes
        // (with that append) are the ones an undo must give back.
        r.e.before = w.absorbed;
        r.e.after = bytesHash(w.absorbed);
        wal.flush(
          [...byKey.values()].filter((x) => x !== r.e),
          r.e,
          after,
        );
      } else if (after !== hash) wal.logWrite(locate(path), after, !!r.e.interleaved);
      r.e.after = after;
      return w;
    },
    remove(path, expected) {
      const r = record(path, null, expected);
      const d = removeFileChecked(path, expected);
      if (d.status === "removed") r.e.after = null;
      else notDone(r);
      return d;
    },
    entries: () => [...byKey.values()].map((e) => ({ ...e })),
    locate,
  };
  registerWriteAhead(journal, wal);
  return journal;
}

/** The journal-carrying part of the store's write options. */
export interface Journaled {
  /** Record every write in this change set (see `createJournal`); absent = plain writes. */
  journal?: Journal;
}

/**
 * Replaces `path` with `text` only if it still holds `expected` (core `replaceFileChecked`; null =
 * must not exist), through `opts.journal` when there is one. Caller holds the dir lock.
 * `changed` → nothing written: re-read and merge, or leave it for the next run.
 */
export function trackedWrite(
  opts: Journaled,
  path: string,
  data: string | Uint8Array,
  expected: Expected,
): CheckedWrite {
  if (opts.journal) return opts.journal.write(path, data, { expected });
  return replaceFileChecked(path, data, expected);
}

/**
 * core `updateChecked` through `trackedWrite`: re-read `path`, `compute` its new text from what is
 * there now, checked write, again from the new bytes while another writer changes it (bounded; then
 * `changed`: the file is left as that writer made it). Caller holds the dir lock.
 */
export function trackedUpdate(
  opts: Journaled,
  path: string,
  compute: (text: string | undefined, bytes: Buffer | null) => string | Uint8Array | undefined,
): CheckedUpdate {
  return updateChecked(path, compute, (data, expected) => trackedWrite(opts, path, data, expected));
}

/** Deletes `path` only if it holds `expected`, through `opts.journal` when there is one. Caller holds the dir lock. */
export function trackedRemove(opts: Journaled, path: string, expected: Uint8Array): CheckedRemove {
  if (opts.journal) return opts.journal.remove(path, expected);
  return removeFileChecked(path, expected);
}
