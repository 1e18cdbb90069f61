/**
 * The staging area of a memory sandbox: memory_write / memory_edit / memory_delete change nothing
 * on disk, they record the final state of each file here; reads and lists see it
 * (read-your-writes). What the model last read of each file is remembered, so a staged write
 * carries the hash of the version it was based on (applyStagedOps merges instead of overwriting a
 * file that changed since).
 */
import { readdirSync } from "node:fs";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { INDEX_FILE, topicHash } from "../../store/index.js";
import type { MemoryTarget } from "./paths.js";
import { readRegularFile } from "./read-file.js";
import type { MemoryScope, StagedOp } from "./types.js";

/** Largest memory file read whole, in bytes (topic files are a few KB). */
export const MAX_MEMORY_FILE_BYTES = 1024 * 1024;

/** What the model saw of a file on disk: `text` undefined = it did not exist. */
interface Seen {
  text?: string;
  hash?: string;
}

interface Entry {
  scope: MemoryScope;
  file: string;
  kind: "write" | "delete";
  content?: string;
  baseHash?: string;
  /** The model's reasons, distinct ones joined with "; " (jobs/dream/model shows them in the plan). */
  reason?: string;
}

/** Reasons over several calls on one file: distinct ones kept, in order. */
function addReason(prev: string | undefined, next: string | undefined): string | undefined {
  const r = next?.trim();
  if (!r) return prev;
  if (prev === undefined) return r;
  return prev.split("; ").includes(r) ? prev : `${prev}; ${r}`;
}

/** `reason` as an optional field. */
const withReason = (reason: string | undefined) => (reason === undefined ? {} : { reason });

/** The model's current view of one file. */
export type FileView =
  | { source: "staged"; text: string }
  | { source: "disk"; text: string }
  | { source: "deleted" }
  | { source: "missing" };

const notFound = (t: MemoryTarget, why: string) =>
  new MemdirError("NOT_FOUND", `${t.display} does not exist${why}`, {
    expected: "an existing topic file (see memory_list)",
    received: JSON.stringify(t.display),
    hint: "use memory_list, or memory_write to create it",
  });

export class Staging {
  private readonly seen = new Map<string, Seen>();
  private readonly entries = new Map<string, Entry>();

  private static key(scope: MemoryScope, file: string): string {
    return `${scope}/${file}`;
  }

  /** The disk text now (undefined = missing); not recorded as seen. */
  private disk(t: MemoryTarget): string | undefined {
    return readRegularFile(t.path, MAX_MEMORY_FILE_BYTES, t.display)?.toString("utf8");
  }

  /** What the model sees when it reads `t`; a disk read is recorded as seen. */
  read(t: MemoryTarget): FileView {
    const e = this.entries.get(Staging.key(t.scope, t.file));
    if (e?.kind === "write") return { source: "staged", text: e.content as string };
    if (e?.kind === "delete") return { source: "deleted" };
    const text = this.disk(t);
    this.seen.set(Staging.key(t.scope, t.file), text === undefined ? {} : { text, hash: topicHash(text) });
    return text === undefined ? { source: "missing" } : { source: "disk", text };
  }

  /** The base a change to an unstaged file rests on: what the model read. @throws if it never read an existing file. */
  private base(t: MemoryTarget, verb: string): Seen {
    const seen = this.seen.get(Staging.key(t.scope, t.file));
    if (seen) return seen;
    if (this.disk(t) === undefined) return {};
    throw new MemdirError("BAD_INPUT", `Refused: ${t.display} exists and has not been read yet`, {
      expected: `a memory_read of ${t.display} before you ${verb} it`,
      received: `${verb} without a prior read`,
      hint: `call memory_read on ${t.display} first, then ${verb} it`,
    });
  }

  /**
   * Stages the whole new `content` of `t`, with the model's optional `reason`. Returns whether the
   * file is new in the model's view.
   */
  write(t: MemoryTarget, content: string, reason?: string): { isNew: boolean } {
    const key = Staging.key(t.scope, t.file);
    const e = this.entries.get(key);
    if (e) {
      const r = withReason(addReason(e.reason, reason));
      this.entries.set(key, { ...e, kind: "write", content, ...r });
      return { isNew: e.kind === "write" && e.baseHash === undefined };
    }
    const b = this.base(t, "overwrite");
    const r = withReason(addReason(undefined, reason));
    this.entries.set(key, { scope: t.scope, file: t.file, kind: "write", content, baseHash: b.hash, ...r });
    return { isNew: b.text === undefined };
  }

  /** The text an edit of `t` applies to (staged content, else what the model read). */
  editBase(t: MemoryTarget): string {
    const e = this.entries.get(Staging.key(t.scope, t.file));
    if (e?.kind === "write") return e.content as string;
    if (e?.kind === "delete") throw notFound(t, " (deleted earlier in this run)");
    const b = this.base(t, "edit");
    if (b.text === undefined) throw notFound(t, "");
    return b.text;
  }

  /**
   * Stages the deletion of `t`, with the model's optional `reason` (it replaces the reasons of
   * earlier writes). @throws MemdirError NOT_FOUND when there is nothing to delete.
   */
  delete(t: MemoryTarget, reason?: string): void {
    const r = withReason(addReason(undefined, reason));
    const key = Staging.key(t.scope, t.file);
    const e = this.entries.get(key);
    if (e?.kind === "delete") throw notFound(t, " (already deleted in this run)");
    if (e?.kind === "write") {
      if (e.baseHash === undefined) this.entries.delete(key);
      else
        this.entries.set(key, { scope: t.scope, file: t.file, kind: "delete", baseHash: e.baseHash, ...r });
      return;
    }
    const seen = this.seen.get(key);
    let hash = seen?.hash;
    if (seen === undefined) {
      const text = this.disk(t);
      if (text !== undefined) hash = topicHash(text);
    }
    if (hash === undefined) throw notFound(t, "");
    this.entries.set(key, { scope: t.scope, file: t.file, kind: "delete", baseHash: hash, ...r });
  }

  /** Staged state of `file` in `scope`, if any (for listings). */
  entry(scope: MemoryScope, file: string): Entry | undefined {
    return this.entries.get(Staging.key(scope, file));
  }

  /** File names staged for writing in `scope`. */
  stagedWrites(scope: MemoryScope): string[] {
    return [...this.entries.values()]
      .filter((e) => e.scope === scope && e.kind === "write")
      .map((e) => e.file);
  }

  /** One op per file with a staged change, in the order first staged. */
  ops(): StagedOp[] {
    return [...this.entries.values()].map((e): StagedOp => {
      const r = withReason(e.reason);
      if (e.kind === "delete")
        return { op: "delete", scope: e.scope, file: e.file, baseHash: e.baseHash as string, ...r };
      const op: StagedOp = { op: "write", scope: e.scope, file: e.file, content: e.content as string };
      if (e.baseHash !== undefined) op.baseHash = e.baseHash;
      if (e.reason !== undefined) op.reason = e.reason;
      return op;
    });
  }
}

/**
 * Regular `.md` files directly in `dir` (no symlinks, no hidden files, no MEMORY.md), sorted by name;
 * [] for a missing dir.
 */
export function regularTopicFiles(dir: string): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return [];
    throw e;
  }
  return entries
    .filter(
      (d) =>
        d.isFile() &&
        /\.md$/i.test(d.name) &&
        !d.name.startsWith(".") &&
        d.name.toLowerCase() !== INDEX_FILE.toLowerCase(),
    )
    .map((d) => d.name)
    .sort();
}
