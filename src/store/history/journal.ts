/**
 * The journal of one change set (issue 5 point 5): the store writes and deletes memory-dir files
 * through it instead of `writeFileAtomic` / `rmSync` when a caller passes `journal` in its write
 * options. For every file it keeps the bytes before the first write (read just before that write,
 * under the dir lock the store holds) and the SHA-256 of the bytes after the last one. It writes
 * ahead (wal.ts): the change set is on disk, incomplete, before each file's first write, and each
 * later write's hash is logged before it, so a process killed at any point leaves an undoable
 * change set; `commitChangeSet` completes it. `node:crypto` is loaded on first use only (hooks
 * import the store; without a journal nothing here runs).
 */
import { statSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { removeFile, writeFileAtomic } from "../../core/fs.js";
import { checkChangeSetId } from "./files.js";
import { bytesHash, fileHash, readBytesIfExists } from "./hash.js";
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
   * Atomically writes `data` (a string is UTF-8) to `path` (`core/fs.writeFileAtomic`, mode 0600 unless
   * `mode`), recording the file first: before its first write the change set on disk holds its
   * before bytes and the hash this write leaves; before a later one, that hash is logged. The
   * caller holds the dir lock of the file's root.
   * @throws MemdirError BAD_PATH when `path` is not inside one of `roots`, BAD_INPUT after the
   *   commit, LOCK_TIMEOUT (`.history/.lock`) — nothing written in these cases; fs errors.
   */
  write(path: string, data: string | Uint8Array, opts?: { mode?: number }): void;
  /** Deletes `path` (missing is fine), recording it first. Same lock rule and errors as `write`. */
  remove(path: string): void;
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
  /** The state of `path` before this journal's first write of it. */
  const snapshot = (path: string, ref: FileRef): JournalEntry => {
    const before = readBytesIfExists(path);
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
   * the caller writes it; returns its entry (the caller sets `after` once the write is done).
   */
  const record = (path: string, intended: string | null): JournalEntry => {
    const ref = locate(path);
    const key = `${ref.scope}/${ref.file}`;
    const known = byKey.get(key);
    if (known) {
      // Someone else wrote it since our last write: undo cannot restore `before` without reverting them.
      if (!known.interleaved && fileHash(path) !== known.after) known.interleaved = true;
      wal.logWrite(ref, intended, !!known.interleaved);
      return known;
    }
    const e = snapshot(path, ref);
    wal.flush([...byKey.values()], e, intended);
    byKey.set(key, e);
    return e;
  };
  const journal: Journal = {
    kind: opts.kind,
    summary: opts.summary,
    roots: opts.roots,
    nowMs: opts.nowMs,
    get id() {
      return wal.id;
    },
    write(path, data, wopts = {}) {
      const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
      const hash = bytesHash(bytes);
      const e = record(path, hash);
      writeFileAtomic(path, bytes, wopts.mode === undefined ? {} : { mode: wopts.mode });
      e.after = hash;
    },
    remove(path) {
      const e = record(path, null);
      removeFile(path);
      e.after = null;
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

/** `writeFileAtomic(path, text)`, through `opts.journal` when there is one. Caller holds the dir lock. */
export function trackedWrite(opts: Journaled, path: string, text: string): void {
  if (opts.journal) opts.journal.write(path, text);
  else writeFileAtomic(path, text);
}

/** Deletes `path` (missing is fine), through `opts.journal` when there is one. Caller holds the dir lock. */
export function trackedRemove(opts: Journaled, path: string): void {
  if (opts.journal) opts.journal.remove(path);
  else removeFile(path);
}
