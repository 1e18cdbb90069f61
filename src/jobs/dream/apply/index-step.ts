/**
 * The prune-and-index phase at apply time (DESIGN.md §3.1 budget): MEMORY.md
 * is computed again under the dir lock from what is on disk THEN (the topic writes before it have
 * already changed it, and a live session may have added a line), with the offline planner's pure
 * `compactIndex`. Hand-written lines that do not fit move to the overflow topic the plan named
 * (appended when it exists), never dropped.
 */
import { basename, join } from "node:path";
import { CHECKED_ROUNDS } from "../../../core/checked-write.js";
import { readBytesIfExists } from "../../../core/fs.js";
import {
  bytesHash,
  INDEX_FILE,
  parseTopic,
  type StoreWriteOptions,
  scanTopics,
  serializeTopic,
  trackedUpdate,
  trackedWrite,
  withStoreLock,
} from "../../../store/index.js";
import { compactIndex, INDEX_OVERFLOW_FILE, indexOverflowTopic, toIndexTopics } from "../offline/index.js";

export interface IndexStepResult {
  action: "replaced" | "unchanged";
  /** Non-blank hand-written lines moved to `overflowFile`. */
  moved: number;
  overflowFile?: string;
  warning?: string;
}

export const LIVE_EDIT_WARNING =
  "MEMORY.md was changed by another writer during the dream: its budget is left for the next dream";

/**
 * True when this change set wrote `path` before and the file (`bytes`, as just read) no longer holds
 * what it wrote (another writer changed it since), or the journal saw such an interleaved write already.
 */
function changedByOthers(path: string, bytes: Buffer | null, opts: StoreWriteOptions): boolean {
  const j = opts.journal;
  if (!j) return false;
  const ref = j.locate(path);
  const e = j.entries().find((x) => x.scope === ref.scope && x.file === ref.file);
  if (!e) return false;
  if (e.interleaved) return true;
  return e.after !== (bytes === null ? null : bytesHash(bytes));
}

/** Appends the lines of `overflow` that `file` does not hold yet, or creates it. Caller holds the lock. */
function writeOverflow(dir: string, file: string, overflow: string, nowMs: number, opts: StoreWriteOptions) {
  const path = join(dir, file);
  trackedUpdate(opts, path, (cur) => {
    if (cur === undefined) return indexOverflowTopic(file, overflow, nowMs);
    const topic = parseTopic(cur, path, nowMs);
    const have = new Set(topic.body.split("\n").map((l) => l.trim()));
    const add = overflow.split("\n").filter((l) => l.trim() !== "" && !have.has(l.trim()));
    if (add.length === 0) return undefined;
    const body = topic.body.trim() === "" ? add.join("\n") : `${topic.body}\n${add.join("\n")}`;
    return serializeTopic({ ...topic, body });
  });
}

/**
 * Brings `<dir>/MEMORY.md` within budget (200 lines, 25,000 bytes, entry lines ≤ 150 characters),
 * under the dir lock, with a checked write against the bytes it was computed from (computed again
 * when a live writer changed them). `overflowFile` = where hand-written lines that do not fit go
 * (default INDEX_OVERFLOW_FILE). No MEMORY.md and no topics → unchanged.
 * @throws MemdirError LOCK_TIMEOUT, BAD_FRONTMATTER (an overflow file that is not a topic), fs errors.
 */
export function applyIndexBudget(
  dir: string,
  nowMs: number,
  opts: StoreWriteOptions & { overflowFile?: string },
): IndexStepResult {
  return withStoreLock(
    dir,
    (): IndexStepResult => {
      const path = join(dir, INDEX_FILE);
      for (let round = 0; round < CHECKED_ROUNDS; round++) {
        const bytes = readBytesIfExists(path);
        const cur = bytes === null ? undefined : bytes.toString("utf8");
        if (cur !== undefined && changedByOthers(path, bytes, opts)) {
          // A live session wrote MEMORY.md during this dream: moving its new lines out now would tie
          // them to this dream's change set (an undo would take them away). The next dream does it.
          return { action: "unchanged", moved: 0, warning: LIVE_EDIT_WARNING };
        }
        const scan = scanTopics(dir, { maxFiles: Number.POSITIVE_INFINITY });
        const keep = scan.errors.map((e) => basename(e.path));
        const overflowFile = opts.overflowFile ?? INDEX_OVERFLOW_FILE;
        const r = compactIndex(cur, toIndexTopics(scan.topics), { keep, overflowFile });
        if (r.overflow !== undefined) writeOverflow(dir, overflowFile, r.overflow, nowMs, opts);
        if (r.text === cur) return { action: "unchanged", moved: 0 };
        const w = trackedWrite(opts, path, r.text, bytes);
        if (w.status === "changed") continue;
        const warning = w.absorbed ? LIVE_EDIT_WARNING : r.warning;
        return {
          action: "replaced",
          moved: r.moved,
          ...(r.overflow !== undefined ? { overflowFile } : {}),
          ...(warning ? { warning } : {}),
        };
      }
      return { action: "unchanged", moved: 0, warning: LIVE_EDIT_WARNING };
    },
    opts,
  );
}
