/**
 * `ingestTranscript`: a Claude Code transcript -> one search document per user turn, incrementally
 * by byte offset. Rules:
 * - a read starts at the file's stored `files.offset`; after it the offset points at the start of
 *   the LAST turn read, which stays open: the next read re-reads it and replaces its document by
 *   key, so an append never duplicates or loses a turn (turn numbers come from the stored keys);
 * - documents and the offset commit in one IMMEDIATE transaction per batch of turns; `size` and
 *   `mtime_ms` are only stored by the last batch, so a process killed between batches resumes from
 *   the last committed offset and never takes a half-indexed file for an unchanged one;
 * - a file that shrank, or whose first 4 KB changed (`head.ts`), is re-indexed from byte 0;
 * - a file whose size and mtime equal its row is not read at all.
 */

import { statSync } from "node:fs";
import { basename, dirname, resolve } from "node:path";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { canonicalGitRoot } from "../../paths/index.js";
import { scrub } from "../../privacy/index.js";
import type { ReadTranscript } from "../../transcripts/types.js";
import type { Db } from "../db/db.js";
import { deleteDocsOf, insertDocs } from "../sync/apply.js";
import { turnDoc, turnKey } from "./doc.js";
import { headFingerprint, headMatches } from "./head.js";
import {
  deleteDocByKey,
  groupOf,
  keysFromTurn,
  lastTurnOf,
  readTranscriptRow,
  type TranscriptRow,
  turnOfKey,
  writeTranscriptRow,
} from "./rows.js";
import { splitTurns, type Turn } from "./turns.js";

/** Turns per transaction by default. */
export const DEFAULT_BATCH_TURNS = 64;

export interface IngestTranscriptOptions {
  /** Stored as `files.indexed_ms`. */
  nowMs: number;
  /** Turns per transaction (default 64). */
  batchTurns?: number;
  /** Read at most this many bytes of the transcript per call (default: to the end); `more` says when some are left. */
  maxBytes?: number;
  /** The reader of the harness that wrote the transcript (its adapter's `transcripts.read`). */
  read: ReadTranscript;
}

export interface IngestTranscriptResult {
  /** Absolute transcript path. */
  path: string;
  /** Session id (the parent session for a subagent transcript). */
  sessionId: string;
  /** Project the turns were filed under: canonical git root of the recorded cwd, else the cwd. */
  project: string;
  /** Turns whose documents did not exist before. */
  turnsAdded: number;
  /** Turns re-indexed in place (the open last turn after an append). */
  turnsUpdated: number;
  /** Turns indexed earlier whose prompt a rewind has since left off the live branch (`slice.abandoned`). */
  turnsRemoved?: number;
  /** Bytes of transcript consumed by this call (0 when nothing was read). */
  bytesRead: number;
  /** Why the file was re-indexed from byte 0. */
  reset?: "shrank" | "head-changed";
  /** Why nothing was done: unchanged since the last run, or another process indexed it meanwhile. */
  skipped?: "unchanged" | "concurrent";
  /** `maxBytes` stopped the read with more of the file left: call again to continue. */
  more?: boolean;
}

/** The session a transcript belongs to when its lines do not say: `<sid>.jsonl` or `<sid>/subagents/*.jsonl`. */
export function sessionIdFromPath(path: string): string {
  const dir = dirname(path);
  return basename(dir) === "subagents" ? basename(dirname(dir)) : basename(path, ".jsonl");
}

/** Canonical git root of `cwd` when the directory exists, else `cwd` itself. */
export function projectOfCwd(cwd: string): string {
  try {
    if (statSync(cwd).isDirectory()) return canonicalGitRoot(cwd) ?? cwd;
  } catch {
    // recorded on another machine, or deleted since
  }
  return cwd;
}

function statFile(path: string): { size: number; mtimeMs: number } {
  let st: ReturnType<typeof statSync>;
  try {
    st = statSync(path);
  } catch (e) {
    const code = errnoCode(e);
    throw new MemdirError(code === "ENOENT" ? "NOT_FOUND" : "IO", `cannot read the transcript ${path}`, {
      expected: "a readable Claude Code transcript (.jsonl)",
      received: code ?? String(e),
      hint:
        code === "ENOENT" ? "it may have been deleted (Claude Code cleanupPeriodDays)" : "check permissions",
    });
  }
  if (!st.isFile()) {
    throw new MemdirError("BAD_INPUT", `not a transcript file: ${path}`, {
      expected: "a regular file",
      received: "a directory or special file",
      hint: "pass a .jsonl transcript",
    });
  }
  return { size: st.size, mtimeMs: Math.trunc(st.mtimeMs) };
}

class Concurrent extends Error {}

function sameRow(a: TranscriptRow | undefined, b: TranscriptRow | undefined): boolean {
  return (
    a?.offset === b?.offset &&
    a?.head === b?.head &&
    a?.nextTurn === b?.nextTurn &&
    a?.size === b?.size &&
    a?.mtimeMs === b?.mtimeMs
  );
}

/**
 * The key of turn `turnNo`: `key`, unless a document of another turn already holds it (a prompt
 * uuid recorded twice in one file), then `key~<turnNo>`. Deterministic for a given file content.
 */
function uniqueKey(db: Db, key: string, turnNo: number): string {
  const held = turnOfKey(db, key);
  return held === undefined || held === turnNo ? key : `${key}~${turnNo}`;
}

/**
 * Indexes the turns of `path` added since the last call (see the module doc for the rules).
 * @returns counts; `bytesRead` is 0 and `skipped` "unchanged" when size and mtime match the row.
 * @throws MemdirError NOT_FOUND (file gone), IO (unreadable), BAD_INPUT (not a regular file);
 *   SqliteError when the database is busy past its timeout.
 */
export function ingestTranscript(
  db: Db,
  file: string,
  opts: IngestTranscriptOptions,
): IngestTranscriptResult {
  const path = resolve(file);
  const batch = Math.max(1, Math.trunc(opts.batchTurns ?? DEFAULT_BATCH_TURNS));
  const st = statFile(path);
  const row = readTranscriptRow(db, path);
  const result = (sessionId: string, project: string): IngestTranscriptResult => ({
    path,
    sessionId,
    project,
    turnsAdded: 0,
    turnsUpdated: 0,
    bytesRead: 0,
  });
  if (row && row.size === st.size && row.mtimeMs === st.mtimeMs) {
    return { ...result(groupOf(db, path) ?? sessionIdFromPath(path), row.project), skipped: "unchanged" };
  }
  let reset: IngestTranscriptResult["reset"];
  if (row && (st.size < row.size || st.size < row.offset)) reset = "shrank";
  else if (row && !headMatches(path, row.head)) reset = "head-changed";
  const base = row && !reset ? row : undefined;
  const from = base?.offset ?? 0;
  const slice = opts.read(path, from, { maxBytes: opts.maxBytes });
  const head = headFingerprint(path, st.size);
  const cwd = slice.cwd ?? "";
  const project = cwd ? scrub(projectOfCwd(cwd)) : (row?.project ?? "");
  const sessionId = slice.sessionId ?? (base ? groupOf(db, path) : undefined) ?? sessionIdFromPath(path);
  const out: IngestTranscriptResult = { ...result(sessionId, project), bytesRead: slice.endOffset - from };
  if (reset) out.reset = reset;
  if (slice.more) out.more = true;
  const { turns } = splitTurns(slice.messages, from);
  const src = { path, sessionId, cwd, agentId: slice.agentId, fallbackMs: st.mtimeMs };
  const fileInfo = { path, source: "sessions", scope: "project", project };
  const firstTurn = base?.nextTurn ?? 1;
  /** Where the next read starts and which turn it meets first, once turns [0, upTo) are committed. */
  const resume = (upTo: number): { offset: number; nextTurn: number } => {
    if (!turns.length) {
      // Nothing but lines before a first prompt: skip them, unless an open turn is being re-read.
      return base && lastTurnOf(db, path) > 0
        ? { offset: from, nextTurn: firstTurn }
        : { offset: slice.endOffset, nextTurn: 1 };
    }
    // The last turn stays open; a turn sharing its start (interleaved lines) is re-read with it.
    const at = upTo < turns.length ? upTo : turns.length - 1;
    const offset = (turns[at] as Turn).startOffset;
    const j = turns.findIndex((t) => t.startOffset === offset);
    // A turn that alone fills the byte budget is closed where the budget ended (no read may repeat forever).
    if (slice.more && upTo >= turns.length && offset <= from)
      return { offset: slice.endOffset, nextTurn: firstTurn + turns.length };
    return { offset, nextTurn: firstTurn + j };
  };
  let expected = row;
  try {
    for (let i = 0; i === 0 || i < turns.length; i += batch) {
      const chunk = turns.slice(i, i + batch);
      const last = i + batch >= turns.length;
      const done = last && !slice.more;
      const next: TranscriptRow = {
        size: done ? st.size : -1,
        mtimeMs: done ? st.mtimeMs : -1,
        head,
        ...resume(i + batch),
        project,
      };
      db.transaction(() => {
        if (!sameRow(readTranscriptRow(db, path), expected)) throw new Concurrent();
        if (reset && i === 0) deleteDocsOf(db, path);
        if (i === 0) {
          // Turns of a branch the user abandoned (rewind, edited prompt, rolled-back turn) leave the index:
          // those an earlier read returned, and those from the turn this read resumes at that it does not
          // read again (the open last turn, when a rewind replaced it).
          const stale = new Set((slice.abandoned ?? []).map((u) => `${path}#${u}`));
          const branched = stale.size > 0 || (slice.skipped.abandoned_branch ?? 0) > 0;
          if (base && branched) {
            const fresh = new Set(turns.map((t) => turnKey(path, t.prompt)));
            for (const k of keysFromTurn(db, path, firstTurn))
              if (!fresh.has(k.replace(/~\d+$/, ""))) stale.add(k);
          }
          let removed = 0;
          for (const k of stale) if (deleteDocByKey(db, k)) removed++;
          if (removed > 0) out.turnsRemoved = removed;
        }
        chunk.forEach((t, k) => {
          const turnNo = firstTurn + i + k;
          const key = uniqueKey(db, turnKey(path, t.prompt), turnNo);
          if (deleteDocByKey(db, key)) out.turnsUpdated++;
          else out.turnsAdded++;
          // One at a time: a later turn of this batch must see the keys taken before it.
          insertDocs(db, fileInfo, [{ ...turnDoc(t, turnNo, src), key }]);
        });
        writeTranscriptRow(db, path, next, opts.nowMs);
      }).immediate();
      expected = next;
    }
  } catch (e) {
    if (!(e instanceof Concurrent)) throw e;
    return { ...out, skipped: "concurrent" };
  }
  return out;
}
