/**
 * Undoing an incomplete change set (written ahead by a journal, wal.ts): what it may have left each
 * file with, the temp files its killed writes left behind, and the refusal while its writer runs.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { removeFile } from "../../core/fs.js";
import { liveWriter, writerLockPath } from "./files.js";
import type { ChangeSet, FileRef, HistoryRoots, HistoryScope, LoggedWrites, StoredEntry } from "./types.js";

/**
 * What the change set may have left the file with: its `after`; for an incomplete one also the hash
 * of the write in flight at its last flush (`pending`) and of every later write it logged (`log`).
 */
export function leftBy(e: StoredEntry, log: LoggedWrites | undefined): Set<string | null> {
  const out = new Set<string | null>([e.after]);
  if (e.pending !== undefined) out.add(e.pending);
  for (const h of log?.hashes ?? []) out.add(h);
  return out;
}

/**
 * Removes `.<name>.<suffix>.tmp` (a write killed before its rename) and `.<name>.<suffix>.del` (a
 * checked delete killed between its rename aside and its unlink, core/checked-remove.ts) beside each
 * of `files`.
 */
export function removeTempFiles(roots: HistoryRoots, files: FileRef[]): FileRef[] {
  const removed: FileRef[] = [];
  const byDir = new Map<string, { scope: HistoryScope; rel: string; names: Set<string> }>();
  for (const f of files) {
    const rel = dirname(f.file);
    const key = `${f.scope}/${rel}`;
    const d = byDir.get(key) ?? { scope: f.scope, rel, names: new Set<string>() };
    d.names.add(basename(f.file));
    byDir.set(key, d);
  }
  for (const d of byDir.values()) {
    const abs = join(d.scope === "user" ? (roots.user as string) : roots.project, d.rel);
    let names: string[];
    try {
      names = readdirSync(abs);
    } catch {
      continue;
    }
    for (const n of names) {
      const m = /^\.(.+)\.[0-9a-z]+(?:-[0-9a-z]+)*\.(?:tmp|del)$/.exec(n);
      if (!m?.[1] || !d.names.has(m[1])) continue;
      removeFile(join(abs, n));
      removed.push({ scope: d.scope, file: d.rel === "." ? n : `${d.rel}/${n}` });
    }
  }
  return removed;
}

/** @throws MemdirError BAD_INPUT: change set `cs` is still being written by a live process. */
export function refuseRunning(projectDir: string, cs: ChangeSet): never {
  throw new MemdirError("BAD_INPUT", `change set ${cs.id} is still being written`, {
    expected: "a committed change set, or one whose writer died (interrupted)",
    received: `${cs.id} ${cs.kind}: ${cs.summary}, written by the live process ${liveWriter(projectDir, cs.id)}`,
    hint: `wait for the ${cs.kind} to finish, then undo it; if no memdir process is running, delete ${writerLockPath(projectDir, cs.id)}`,
  });
}
