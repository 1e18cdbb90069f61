/**
 * Change sets (DESIGN.md §3.1 reserves `memory/.history/`): every applied dream,
 * extraction run and undo is recorded as one change set that `memdir history` lists and
 * `memdir undo [id]` reverts exactly. Plain JSON on disk, one file per change set.
 */

/** What produced a change set. */
/** `withdrawal`: memories learned on a conversation branch the user abandoned, deleted or flagged. */
export type ChangeSetKind = "dream" | "extraction" | "undo" | "withdrawal";
export const CHANGE_SET_KINDS: readonly ChangeSetKind[] = ["dream", "extraction", "undo", "withdrawal"];

/** Which memory dir a recorded file lives in: the project's (DESIGN.md §3.1) or the user's (§3.3). */
export type HistoryScope = "project" | "user";

/** The memory dirs a change set may touch. Absolute paths; never stored in the change set itself. */
export interface HistoryRoots {
  project: string;
  user?: string;
}

/** A file of one scope: `file` is relative to the scope's root with `/` separators (`logs/2026/11/2026-11-29.md`). */
export interface FileRef {
  scope: HistoryScope;
  file: string;
}

/** One file as a journal recorded it (in memory: the before bytes are raw). */
export interface JournalEntry extends FileRef {
  /** The file's bytes before the first write of the change set; null = it did not exist. */
  before: Uint8Array | null;
  /** Permission bits (`mode & 0o777`) and mtime (ms) of the file before, when it existed. */
  beforeMode?: number;
  beforeMtimeMs?: number;
  /** Hex SHA-256 of the bytes after the last write; null = deleted. */
  after: string | null;
  /**
   * Another writer changed the file between two writes of this change set (its hash was not the
   * one this journal left): restoring `before` would also revert that writer, so undo treats the
   * file as a conflict.
   */
  interleaved?: boolean;
}

/** One file as stored in `<id>.json`: the before bytes base64 (byte-exact: BOM, CRLF, invalid UTF-8). */
export interface StoredEntry extends FileRef {
  before: string | null;
  beforeMode?: number;
  beforeMtimeMs?: number;
  after: string | null;
  interleaved?: boolean;
  /**
   * Only in an incomplete change set: the hash (null = deleted) the write of this file in flight at
   * the last flush was about to leave, recorded BEFORE that write (`after` is what the journal had
   * left it with before that write). Later writes of a known file are in `<id>.writes.jsonl`.
   */
  pending?: string | null;
}

/** `<project memory dir>/.history/<id>.json`. */
export interface ChangeSet {
  version: 1;
  /** Time-based, sortable as text within a second: `20261129T101500Z-ab12`. */
  id: string;
  /** Commit order in this memory dir (1, 2, …): orders change sets made in the same second. */
  seq: number;
  kind: ChangeSetKind;
  /** ISO-8601 UTC time of the journal (its `nowMs`). */
  createdAt: string;
  summary: string;
  /**
   * false: written ahead by a journal that has not committed (yet): its writer is still running or
   * was killed part-way, and `memdir undo` reverts what it did get to write. true (or absent, older
   * files) = committed.
   */
  complete?: boolean;
  /** In the order first written. */
  files: StoredEntry[];
  /** For kind "undo": the change set it reverted. */
  undoes?: string;
  /** The undo change set that reverted this one (cleared again when that undo is itself undone = redo). */
  undoneBy?: string;
}

/** A line of `memdir history`. */
export interface ChangeSetInfo {
  id: string;
  kind: ChangeSetKind;
  createdAt: string;
  summary: string;
  /** Number of files the change set touched. */
  files: number;
  undoes?: string;
  undoneBy?: string;
  /**
   * Not committed: "running" while the process that writes it is alive (its `<id>.lock` names a
   * live pid), "interrupted" when it died part-way (killed, crashed). Absent = committed.
   */
  incomplete?: IncompleteState;
}

/** Why a change set has not been committed (see `ChangeSetInfo.incomplete`). */
export type IncompleteState = "running" | "interrupted";

/** Hashes one file's later writes took, from `<id>.writes.jsonl` (an incomplete change set). */
export interface LoggedWrites {
  /** Every hash (null = deleted) a later write of the file was about to leave, in order. */
  hashes: (string | null)[];
  /** A later write found the file changed by another writer since the journal's previous one. */
  interleaved: boolean;
}
