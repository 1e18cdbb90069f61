/**
 * Committing, listing and pruning change sets (`<project memory dir>/.history/<id>.json`, DESIGN.md
 * §3.1; files.ts has the layout, wal.ts the write-ahead). Retention: the newest 100 change sets and
 * nothing older than 90 days, pruned at every commit (never one whose writer is still running).
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { SETTLE_AGE_MS, settleWatches } from "../../core/checked-watch.js";
import { isoUtc } from "../../core/clock.js";
import { removeFile } from "../../core/fs.js";
import {
  checkChangeSetId,
  historyDir,
  incompleteState,
  liveWriter,
  readAllChangeSets,
  removeSet,
  unusedChangeSetId,
  withHistoryLock,
  writeSet,
} from "./files.js";
import { bytesHash } from "./hash.js";
import type { Journal } from "./journal.js";
import type { ChangeSet, ChangeSetInfo, IncompleteState, StoredEntry } from "./types.js";
import { writeAheadOf } from "./wal.js";

/**
 * Retention: newest N kept PER KIND (extraction runs every turn; they must
 * not push the last dreams and undos out of reach) …
 */
export const HISTORY_MAX_SETS = 100;
/** … and nothing older than this (ms): 90 days. */
export const HISTORY_MAX_AGE_MS = 90 * 24 * 3600 * 1000;

/** The `memdir history` view of a change set; `incomplete` from `incompleteState` (files.ts). */
export const changeSetInfo = (cs: ChangeSet, incomplete?: IncompleteState): ChangeSetInfo => ({
  id: cs.id,
  kind: cs.kind,
  createdAt: cs.createdAt,
  summary: cs.summary,
  files: cs.files.length,
  ...(cs.undoes ? { undoes: cs.undoes } : {}),
  ...(cs.undoneBy ? { undoneBy: cs.undoneBy } : {}),
  ...(incomplete ? { incomplete } : {}),
});

/**
 * The change sets of `projectMemoryDir`, newest first: `{id, kind, createdAt (ISO UTC), summary,
 * files (count), undoes?, undoneBy?, incomplete?}` (`incomplete`: "running" while its writer is
 * alive, "interrupted" when it died before committing). [] when there is no history. Unreadable
 * files are skipped.
 */
export function listChangeSets(projectMemoryDir: string): ChangeSetInfo[] {
  return readAllChangeSets(projectMemoryDir).map((cs) =>
    changeSetInfo(cs, incompleteState(projectMemoryDir, cs)),
  );
}

const LEFTOVER_RE = /^(\d{8}T\d{6}Z-[0-9a-f]{4,})\.(?:writes\.jsonl|lock)$/;

/**
 * Drops change sets beyond the newest HISTORY_MAX_SETS of their kind or older than HISTORY_MAX_AGE_MS (never
 * `keep`, never one still being written), with their write logs and writer locks; and removes
 * write logs and writer locks no incomplete change set needs (a writer killed before its first
 * flush ended, or between its commit and the clean-up). Call under the history lock.
 */
function prune(projectMemoryDir: string, nowMs: number, keep: string): void {
  const all = readAllChangeSets(projectMemoryDir);
  const rank = new Map<string, number>(); // newest first, per kind
  for (const cs of all) {
    const i = rank.get(cs.kind) ?? 0;
    rank.set(cs.kind, i + 1);
    if (cs.id === keep || incompleteState(projectMemoryDir, cs) === "running") continue;
    const old = nowMs - Date.parse(cs.createdAt) > HISTORY_MAX_AGE_MS;
    if (i >= HISTORY_MAX_SETS || old) removeSet(projectMemoryDir, cs.id);
  }
  const incomplete = new Set(all.filter((c) => c.complete === false).map((c) => c.id));
  const dir = historyDir(projectMemoryDir);
  for (const n of readdirSync(dir)) {
    const id = LEFTOVER_RE.exec(n)?.[1];
    if (id && id !== keep && !incomplete.has(id) && liveWriter(projectMemoryDir, id) === undefined)
      removeFile(join(dir, n));
  }
}

export interface CommitOptions {
  /** Replaces the journal's summary (e.g. once the counts are known). */
  summary?: string;
  /** For an undo: the change set it reverted (marked `undoneBy`; if that was itself an undo, its target is live again). */
  undoes?: string;
  /** Write the change set even when no file changed (an undo that found everything already reverted). */
  allowEmpty?: boolean;
  /** Wait at most this long for `.history/.lock` (ms, default 30,000). */
  lockTimeoutMs?: number;
}

/** The journal's entries that changed something, as stored (before bytes base64). */
function storedEntries(journal: Journal): StoredEntry[] {
  const out: StoredEntry[] = [];
  for (const e of journal.entries()) {
    const beforeHash = e.before === null ? null : bytesHash(e.before);
    if (beforeHash === e.after) continue; // written back to what it was (or created then deleted)
    const s: StoredEntry = {
      scope: e.scope,
      file: e.file,
      before: e.before === null ? null : Buffer.from(e.before).toString("base64"),
      after: e.after,
    };
    if (e.beforeMode !== undefined) s.beforeMode = e.beforeMode;
    if (e.beforeMtimeMs !== undefined) s.beforeMtimeMs = e.beforeMtimeMs;
    if (e.interleaved) s.interleaved = true;
    out.push(s);
  }
  return out;
}

/**
 * Completes the journal's change set `<roots.project>/.history/<id>.json` (written ahead, incomplete,
 * since its first write; see wal.ts): the final after-hashes, `complete: true`, a `seq` after every
 * other change set, and its write log and writer lock removed. Prunes old change sets and returns
 * the id. When no file ended up different from before (and not `allowEmpty`), the incomplete file is
 * removed and undefined returned: an empty journal leaves nothing. First, every file this process
 * replaced gets its last look (core `settleWatches`: it waits until the youngest is 50 ms old). With `undoes`, marks that change
 * set `undoneBy` this one in the same lock, and when it was itself an undo, clears `undoneBy` on the
 * change set it had reverted (redo). Later writes through the journal throw BAD_INPUT.
 * @throws MemdirError LOCK_TIMEOUT, BAD_INPUT (a malformed fixed id); fs errors.
 */
export function commitChangeSet(journal: Journal, opts: CommitOptions = {}): string | undefined {
  checkChangeSetId(journal.id);
  // The last look at the files this run replaced: a live write that reached an old inode is kept now.
  settleWatches(SETTLE_AGE_MS);
  const wal = writeAheadOf(journal);
  const files = storedEntries(journal);
  const dir = journal.roots.project;
  if (files.length === 0 && !opts.allowEmpty) {
    if (wal?.open) withHistoryLock(dir, () => wal.discard(), opts.lockTimeoutMs);
    else wal?.discard();
    return undefined;
  }
  return withHistoryLock(
    dir,
    () => {
      const all = readAllChangeSets(dir);
      const id = journal.id ?? unusedChangeSetId(dir, journal.nowMs);
      const cs: ChangeSet = {
        version: 1,
        id,
        seq: Math.max(0, ...all.filter((c) => c.id !== id).map((c) => c.seq)) + 1,
        kind: journal.kind,
        createdAt: isoUtc(journal.nowMs),
        summary: opts.summary ?? journal.summary,
        complete: true,
        files,
        ...(opts.undoes ? { undoes: opts.undoes } : {}),
      };
      writeSet(dir, cs);
      wal?.close();
      if (opts.undoes) {
        const target = all.find((c) => c.id === opts.undoes);
        if (target) {
          writeSet(dir, { ...target, undoneBy: id });
          const redone = target.undoes ? all.find((c) => c.id === target.undoes) : undefined;
          if (redone && redone.undoneBy === target.id) {
            const { undoneBy: _drop, ...live } = redone;
            writeSet(dir, live);
          }
        }
      }
      prune(dir, journal.nowMs, id);
      return id;
    },
    opts.lockTimeoutMs,
  );
}
