/**
 * `syncIndex`: make the index match the files of one project (and the user scope). Cheap when
 * nothing changed: one stat per file and one SELECT; only files whose stat differs are read.
 */

import { readFileSync } from "node:fs";
import type { Db } from "../index/db.js";
import { applySync, type DocParser, readRows } from "./apply.js";
import { discoverFiles, ownsRow, type SourceRoots } from "./discover.js";
import { needsContent } from "./plan.js";
import type { FileRow, SyncPlan } from "./types.js";

export interface SyncReport {
  added: number;
  changed: number;
  touched: number;
  moved: number;
  removed: number;
  unchanged: number;
  /** Files of this sync's sources that failed to parse (now or at an earlier sync); never blocking. */
  errors: { path: string; message: string }[];
}

function report(plan: SyncPlan, errors: SyncReport["errors"]): SyncReport {
  return {
    added: plan.added.length,
    changed: plan.changed.length,
    touched: plan.touched.length,
    moved: plan.moved.length,
    removed: plan.removed.length,
    unchanged: plan.unchanged,
    errors,
  };
}

/**
 * Syncs the sources under `roots` into `db`. Async only to load the parsers lazily. Rows of other projects and of transcripts are left
 * alone. A file that vanishes or cannot be read between listing and reading is skipped this time.
 * @throws SqliteError SQLITE_BUSY when another writer holds the database past the busy timeout.
 */
export async function syncIndex(db: Db, roots: SourceRoots, nowMs: number): Promise<SyncReport> {
  const owns = (r: FileRow) => ownsRow(roots, r);
  const disk = discoverFiles(roots);
  const contents = new Map<string, { text: string; hash: string }>();
  const stale = needsContent(disk, readRows(db, roots.project, owns));
  // node:crypto costs a hook tens of ms to load: only a sync that has something to read loads it.
  // process.getBuiltinModule, not import(): dist/hook.cjs runs from a V8 code cache in a vm.Script,
  // where a dynamic import() of a builtin throws.
  const crypto = stale.length ? process.getBuiltinModule("node:crypto") : undefined;
  for (const e of stale) {
    try {
      const text = readFileSync(e.path, "utf8");
      const hash = (crypto as typeof import("node:crypto"))
        .createHash("sha256")
        .update(text, "utf8")
        .digest("hex")
        .slice(0, 32);
      contents.set(e.path, { text, hash });
    } catch {
      // vanished or unreadable: reconsidered next sync
    }
  }
  // The parsers (and `yaml`) load only when some file changed: the common no-change sync stays cheap.
  const parse: DocParser = contents.size
    ? (await import("./parse.js")).docsForFile
    : () => {
        throw new Error("unreachable: no file content to parse");
      };
  const plan = applySync(db, roots.project, disk, owns, contents, parse, nowMs);
  const errors = [...readRows(db, roots.project, owns).values()]
    .filter((r) => r.error !== null)
    .map((r) => ({ path: r.path, message: r.error as string }));
  return report(plan, errors);
}
