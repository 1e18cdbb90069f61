/**
 * `memdir undo [id]`: reverts one change set exactly, under the dir lock of every
 * memory dir it touched. A file that still hashes to what the change set left is given back its
 * bytes from before (or deleted when it did not exist); a file someone changed since is a conflict,
 * kept and reported (unless `force`), and MEMORY.md of that scope is then rebuilt from the files on
 * disk so the index never lists a missing file. An interrupted change set (its writer died before
 * committing) is undone the same way, "what it left" being any hash it recorded before a write.
 * The undo is itself a change set (kind "undo"): undoing it is a redo.
 */
import { utimesSync } from "node:fs";
import { join, resolve } from "node:path";
import { CHECKED_ROUNDS } from "../../core/checked-write.js";
import { MemdirError } from "../../core/errors.js";
import { scanAll, withStoreLock, writeIndexLocked } from "../index-write.js";
import { changeSetInfo, commitChangeSet } from "./changeset.js";
import { incompleteState, readChangeSet, readWriteLog } from "./files.js";
import { bytesHash, readBytesIfExists } from "./hash.js";
import { leftBy, refuseRunning, removeTempFiles } from "./interrupted.js";
import { createJournal, type Journal } from "./journal.js";
import { pickTarget, refuseUndone } from "./pick.js";
import type { ChangeSet, FileRef, HistoryRoots, HistoryScope, LoggedWrites, StoredEntry } from "./types.js";

export interface UndoOptions {
  /** Time of the undo, ms since the epoch (its change set's id and `createdAt`). */
  nowMs: number;
  /** Restore files that changed since the change set too (the later changes are lost). */
  force?: boolean;
  /** Wait at most this long for each dir lock (ms, store default 30,000). */
  lockTimeoutMs?: number;
}

export interface UndoConflict extends FileRef {
  /** Why it was kept, e.g. "changed since the change set". */
  reason: string;
}

export interface UndoResult {
  /**
   * The change set reverted, as `memdir history` shows it (before this undo); `interrupted` when
   * its writer died before committing it.
   */
  target: { id: string; kind: ChangeSet["kind"]; summary: string; interrupted?: true };
  /** The undo's own change set; undefined when nothing was reverted (every changed file conflicted). */
  undoId?: string;
  /** Files given back their bytes from before (forced ones included). */
  restored: FileRef[];
  /** Restored although they had changed since (`force`). */
  forced: FileRef[];
  /** Already as they were before the change set: nothing to do. */
  already: FileRef[];
  /** Changed since the change set: kept as they are. */
  conflicts: UndoConflict[];
  /** Scopes whose MEMORY.md was rebuilt from the topic files on disk (after a conflict or a forced restore). */
  reindexed: HistoryScope[];
  /** MEMORY.md budget warnings from a rebuild. */
  warnings: string[];
  /**
   * Interrupted change sets only: temp files its killed writes left beside its files
   * (`.<name>.<suffix>.tmp`, core/fs `writeFileAtomic`), removed. Paths relative to their root.
   */
  tempRemoved: FileRef[];
}

type Outcome = "restored" | "forced" | "already" | { conflict: string };

/**
 * Reverts one recorded file (the caller holds its root's dir lock), with a checked write or delete
 * against the bytes it judged: a live writer that changes the file meanwhile makes it judge again
 * (a line appended during the restore is kept after the restored bytes). `log`: its later writes
 * when the change set is incomplete.
 */
function revertFile(
  journal: Journal,
  root: string,
  e: StoredEntry,
  force: boolean,
  log: LoggedWrites | undefined,
): Outcome {
  const path = join(root, e.file);
  const before = e.before === null ? null : Buffer.from(e.before, "base64");
  const beforeHash = before === null ? null : bytesHash(before);
  for (let round = 0; round < CHECKED_ROUNDS; round++) {
    const cur = readBytesIfExists(path);
    const curHash = cur === null ? null : bytesHash(cur);
    if (curHash === beforeHash) return "already";
    const interleaved = e.interleaved || log?.interleaved;
    const untouched = leftBy(e, log).has(curHash) && !interleaved;
    if (!untouched && !force) {
      const conflict = interleaved
        ? "another writer changed it while the change set was being made"
        : cur === null
          ? "deleted since the change set"
          : "changed since the change set";
      return { conflict };
    }
    if (before === null) {
      if ((cur === null ? "missing" : journal.remove(path, cur).status) === "changed") continue;
    } else {
      const mode = e.beforeMode === undefined ? {} : { mode: e.beforeMode };
      if (journal.write(path, before, { expected: cur, ...mode }).status === "changed") continue;
      if (e.beforeMtimeMs !== undefined) {
        const t = new Date(e.beforeMtimeMs);
        utimesSync(path, t, t);
      }
    }
    return untouched ? "restored" : "forced";
  }
  return { conflict: "another writer kept changing it while it was restored" };
}

/** Runs `fn` holding the dir lock of every root in `scopes` (project first, then user). */
function withRootLocks<T>(roots: HistoryRoots, scopes: Set<HistoryScope>, fn: () => T, timeout?: number): T {
  const opts = timeout === undefined ? {} : { lockTimeoutMs: timeout };
  const separate = roots.user !== undefined && resolve(roots.user) !== resolve(roots.project);
  const user = () => (scopes.has("user") && separate ? withStoreLock(roots.user as string, fn, opts) : fn());
  return withStoreLock(roots.project, user, opts);
}

/**
 * Reverts change set `id` of `roots.project` (exact id or a unique prefix; undefined = the newest
 * change set that is not undone and is not itself an undo). Per file, newest first: unchanged since
 * the change set → its bytes from before are written back exactly (mode and mtime too) or it is
 * deleted; already as before → nothing; changed since → kept and reported as a conflict (restored
 * anyway with `force`). After a conflict or a forced restore, that scope's MEMORY.md is rebuilt
 * from the topic files on disk. An interrupted change set (written ahead, its writer dead) is
 * undone the same way: a file still as before its write is "already"; one holding the hash any of
 * its recorded writes was about to leave is restored; the temp files its killed writes left beside
 * its files are removed (`tempRemoved`). The undo is recorded as a change set of kind "undo" and the target
 * is marked `undoneBy`; undoing an undo restores what it reverted (redo) and makes its target live.
 * When every changed file conflicts, nothing is written or recorded (`undoId` undefined).
 * @throws MemdirError NOT_FOUND (unknown id: the message lists what `memdir history` shows; nothing
 *   to undo), BAD_INPUT (already undone, ambiguous prefix, user-scope files without `roots.user`,
 *   a change set whose writer is still running),
 *   BAD_JSON (an unreadable change set), LOCK_TIMEOUT; fs errors.
 */
export function undoChangeSet(roots: HistoryRoots, id: string | undefined, opts: UndoOptions): UndoResult {
  const first = pickTarget(roots.project, id);
  refuseUndone(first);
  const scopes = new Set<HistoryScope>(first.files.map((f) => f.scope));
  if (scopes.has("user") && roots.user === undefined) {
    throw new MemdirError("BAD_INPUT", `change set ${first.id} changed user-scope memories`, {
      expected: "the user memory dir (~/.memdir/user-memory) among the roots",
      received: "only the project memory dir",
      hint: "run the undo through `memdir undo`, which passes both dirs",
    });
  }
  return withRootLocks(
    roots,
    scopes,
    (): UndoResult => {
      // Re-read under the locks: a concurrent undo of the same change set may have just finished.
      const cs = readChangeSet(roots.project, first.id) ?? first;
      refuseUndone(cs);
      const state = incompleteState(roots.project, cs);
      if (state === "running") refuseRunning(roots.project, cs);
      const logs = state === "interrupted" ? readWriteLog(roots.project, cs.id) : undefined;
      const info = changeSetInfo(cs, state);
      const journal = createJournal({
        kind: "undo",
        summary: `undo of ${cs.id} (${cs.kind}: ${cs.summary})`,
        roots,
        nowMs: opts.nowMs,
      });
      const r: UndoResult = {
        target: {
          id: info.id,
          kind: info.kind,
          summary: info.summary,
          ...(state === "interrupted" ? { interrupted: true as const } : {}),
        },
        restored: [],
        forced: [],
        already: [],
        conflicts: [],
        reindexed: [],
        warnings: [],
        tempRemoved: logs ? removeTempFiles(roots, cs.files) : [],
      };
      const rebuild = new Set<HistoryScope>();
      for (const e of [...cs.files].reverse()) {
        const root = e.scope === "user" ? (roots.user as string) : roots.project;
        const ref = { scope: e.scope, file: e.file };
        const o = revertFile(journal, root, e, !!opts.force, logs?.get(`${e.scope}/${e.file}`));
        if (o === "already") r.already.push(ref);
        else if (typeof o === "object") {
          r.conflicts.push({ ...ref, reason: o.conflict });
          rebuild.add(e.scope);
        } else {
          r.restored.push(ref);
          if (o === "forced") {
            r.forced.push(ref);
            rebuild.add(e.scope);
          }
        }
      }
      if (r.restored.length === 0 && r.conflicts.length > 0) return r;
      for (const scope of rebuild) {
        const dir = scope === "user" ? (roots.user as string) : roots.project;
        const idx = writeIndexLocked(dir, scanAll(dir), { journal });
        r.reindexed.push(scope);
        if (idx.warning) r.warnings.push(idx.warning);
      }
      const undoId = commitChangeSet(journal, {
        undoes: cs.id,
        allowEmpty: true,
        ...(opts.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: opts.lockTimeoutMs }),
      });
      if (undoId) r.undoId = undoId;
      return r;
    },
    opts.lockTimeoutMs,
  );
}
