/**
 * The pure sync plan: files on disk vs `files` rows, by path + size + mtime +
 * content hash -> added / changed / touched / moved / removed. No I/O: the caller reads the
 * content hashes of the files `needsContent` names and passes them in.
 */

import type { DiskEntry, FileRow, SyncPlan } from "./types.js";

/** The disk entries whose size or mtime differ from their row (or have no row): their content must be read. */
export function needsContent(disk: DiskEntry[], rows: Map<string, FileRow>): DiskEntry[] {
  return disk.filter((d) => {
    const r = rows.get(d.path);
    return !r || r.size !== d.size || r.mtimeMs !== d.mtimeMs;
  });
}

/**
 * Builds the plan. `hashes` maps each path from `needsContent` to its content hash; a path missing
 * from it (the file vanished between the listing and the read) is left out of the plan and
 * reconsidered on the next sync. A rename is recognised when an added file's hash equals a removed
 * row's hash under the same source (each removed row can be claimed once).
 */
export function planSync(
  disk: DiskEntry[],
  rows: Map<string, FileRow>,
  hashes: Map<string, string>,
): SyncPlan {
  const plan: SyncPlan = { added: [], changed: [], touched: [], moved: [], removed: [], unchanged: 0 };
  const onDisk = new Set(disk.map((d) => d.path));
  const gone = [...rows.values()].filter((r) => !onDisk.has(r.path));
  const goneByHash = new Map<string, FileRow[]>();
  for (const r of gone) {
    const k = `${r.source}\0${r.hash}`;
    goneByHash.set(k, [...(goneByHash.get(k) ?? []), r]);
  }
  const claimed = new Set<string>();
  for (const d of disk) {
    const r = rows.get(d.path);
    if (r && r.size === d.size && r.mtimeMs === d.mtimeMs) {
      plan.unchanged++;
      continue;
    }
    const hash = hashes.get(d.path);
    if (hash === undefined) continue;
    if (r) {
      if (r.hash === hash && r.scope === d.scope && r.project === d.project) plan.touched.push(d);
      else plan.changed.push(d);
      continue;
    }
    const twin = (goneByHash.get(`${d.source}\0${hash}`) ?? []).find((g) => !claimed.has(g.path));
    if (twin && twin.error === null) {
      claimed.add(twin.path);
      plan.moved.push({ from: twin.path, to: d });
    } else plan.added.push(d);
  }
  plan.removed = gone.filter((g) => !claimed.has(g.path)).map((g) => g.path);
  plan.removed.sort();
  return plan;
}

/** True when applying the plan would change nothing. */
export function isEmptyPlan(p: SyncPlan): boolean {
  return !p.added.length && !p.changed.length && !p.touched.length && !p.moved.length && !p.removed.length;
}
