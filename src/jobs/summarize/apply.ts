/**
 * Apply step of a summary update (DESIGN.md §6: lock, re-read, write to a temp file, fsync, rename).
 */
import { writeFileAtomic } from "../../core/fs.js";
import { withLockSync } from "../../core/lock.js";
import type { SummaryPlan } from "./plan.js";
import { readSummaryFile } from "./read.js";

export type ApplyOutcome = { written: true } | { written: false; reason: "superseded" };

/** Wait this long for another writer of the same summary (ms). */
const LOCK_TIMEOUT_MS = 30_000;

/**
 * Writes `plan` to `path` atomically under `<path>.lock`, after re-reading the file: when its update
 * count is no longer `plan.previousUpdates` (another job updated the summary since the plan was made),
 * nothing is written and `superseded` is returned: that job read the newer transcript.
 * @throws MemdirError LOCK_TIMEOUT after 30 s; fs errors of the write
 */
export function applySummaryPlan(path: string, plan: SummaryPlan): ApplyOutcome {
  return withLockSync(
    `${path}.lock`,
    (): ApplyOutcome => {
      const now = readSummaryFile(path);
      if ((now?.meta.updates ?? 0) !== plan.previousUpdates) return { written: false, reason: "superseded" };
      writeFileAtomic(path, plan.text);
      return { written: true };
    },
    { timeoutMs: LOCK_TIMEOUT_MS },
  );
}
