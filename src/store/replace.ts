/**
 * Replacing a topic file with a new version, guarded by the hash of the version the writer saw
 * (DESIGN.md §6 "every write: lock, re-read the current file, merge"; §4 dream/extraction "writes
 * that arrive while a job runs must survive it"). The model-driven extraction stages whole-file
 * writes against what it read (jobs/sandbox); here, under the dir lock, a file that still hashes to
 * that version is replaced, and a file a live session changed meanwhile gets the draft merged into
 * it instead, never overwritten. Also the hash-guarded delete.
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { CHECKED_ROUNDS } from "../core/checked-write.js";
import { isoUtc } from "../core/clock.js";
import { errnoCode, MemdirError } from "../core/errors.js";
import { MAX_TEXT_FILE_BYTES } from "../core/fs.js";
import { readInputBytes } from "../core/input-file.js";
import { scrub } from "../privacy/index.js";
import { trackedRemove, trackedUpdate, trackedWrite } from "./history/journal.js";
import { type StoreWriteOptions, scanAll, withStoreLock, writeIndexLocked } from "./index-write.js";
import { formatIndexLine, INDEX_FILE } from "./memory-md.js";
import { containsFact } from "./similarity.js";
import { parseTopic, serializeTopic } from "./topic.js";
import type { TopicFile } from "./types.js";
import { unionSources } from "./upsert.js";

/**
 * Hex SHA-256 of a file's text as read with `readFileSync(path, "utf8")` (the `baseHash` /
 * `expectedHash` of a guarded write). `node:crypto` is loaded on first use only (hooks import the store).
 */
export function topicHash(text: string): string {
  const { createHash } = process.getBuiltinModule("node:crypto");
  return createHash("sha256").update(text, "utf8").digest("hex");
}

export interface ReplaceOptions extends StoreWriteOptions {
  /** Time of the write, ms since the epoch (`metadata.updated`). */
  nowMs: number;
  /** `topicHash` of the file text the writer saw; the file is replaced only if it still hashes to this. */
  expectedHash: string;
  /** Provenance added to `metadata.sources` (scrubbed, unioned, newest MAX_SOURCES kept). */
  sources?: string[];
}

export interface ReplaceResult {
  /**
   * `replaced`: the file still matched `expectedHash` and now holds the new version; `merged`: it
   * had changed, the draft's new paragraphs were appended; `unchanged`: nothing to write;
   * `missing`: no such file (nothing written: a deleted memory is not resurrected); `changed`:
   * another writer kept changing it during the write (CHECKED_ROUNDS times): left as it made it.
   */
  action: "replaced" | "merged" | "unchanged" | "missing" | "changed";
  /** Absolute path of the topic file. */
  path: string;
  /** MEMORY.md budget warning, to be logged by the caller. */
  warning?: string;
}

/** The path of plain topic file name `file` in `memoryDir`. @throws MemdirError BAD_PATH */
function topicPath(memoryDir: string, file: string): string {
  const ok =
    /^[^/\\\0]+\.md$/i.test(file) && !file.startsWith(".") && file.toLowerCase() !== INDEX_FILE.toLowerCase();
  if (!ok) {
    throw new MemdirError("BAD_PATH", `${JSON.stringify(file)} is not a topic file name`, {
      expected: "a plain `<name>.md` file name in the memory dir (not MEMORY.md, not hidden, no directory)",
      received: JSON.stringify(file).slice(0, 120),
      hint: "pass the file name of a topic listed in the memory dir",
    });
  }
  return join(memoryDir, file);
}

/** The file's bytes, undefined when missing. @throws MemdirError BAD_PATH for a symlink or non-file. */
function readRegular(path: string): Buffer | undefined {
  try {
    const st = lstatSync(path);
    if (!st.isFile()) {
      throw new MemdirError("BAD_PATH", `${path} is not a regular file`, {
        expected: "a regular topic file (symlinks are never written through)",
        received: st.isSymbolicLink() ? "a symbolic link" : "a directory or special file",
        hint: "replace the link by the file itself, or leave this memory to a person",
      });
    }
    return readInputBytes(path, MAX_TEXT_FILE_BYTES);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return undefined;
    throw e;
  }
}

/** The sources after adding `add` (the existing value itself when nothing is new). */
const withSources = (existing: unknown, add: readonly string[]): unknown =>
  unionSources(existing, add) ?? existing;

/** Provenance ids scrubbed like every other text (a secret pasted as an id never reaches disk). */
const cleanSources = (sources: readonly string[] | undefined) =>
  (sources ?? []).map((s) => scrub(String(s)).trim()).filter((s) => s !== "");
const isoSeconds = (ms: number) => isoUtc(ms).replace(/\.\d{3}Z$/, "Z");
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Metadata keys the writer of a new version cannot set: provenance and the type (kept by `form`). */
const MANAGED_METADATA = new Set(["originSessionId", "sources", "updated", "type", "node_type"]);

/** `cur` with the content of `draft`: unknown keys and provenance of `cur` kept. undefined = no change. */
function replaced(cur: TopicFile, draft: TopicFile, opts: ReplaceOptions): TopicFile | undefined {
  const metadata = { ...cur.metadata };
  for (const [k, v] of Object.entries(draft.metadata)) if (!MANAGED_METADATA.has(k)) metadata[k] = v;
  const sources = withSources(cur.metadata.sources, cleanSources(opts.sources));
  if (sources !== undefined) metadata.sources = sources;
  const next: TopicFile = {
    ...cur,
    name: draft.name,
    description: draft.description,
    type: draft.type,
    body: draft.body,
    metadata,
    extra: { ...cur.extra, ...draft.extra },
  };
  const keep = ["name", "description", "type", "body", "metadata", "extra"] as const;
  if (keep.every((k) => same(next[k], cur[k]))) return undefined;
  next.metadata.updated = isoSeconds(opts.nowMs);
  return next;
}

/**
 * `cur` plus what `draft`'s body says that `cur` does not: per paragraph of the draft, its lines
 * whose words do not already appear in `cur` (so a paragraph the other writer extended is not
 * appended twice). undefined = no change.
 */
function merged(cur: TopicFile, draft: TopicFile, opts: ReplaceOptions): TopicFile | undefined {
  const known = `${cur.name}\n${cur.description}\n${cur.body}`;
  const fresh = draft.body
    .split(/\n[ \t]*\n/)
    .map((p) =>
      p
        .split("\n")
        .filter((l) => l.trim() !== "" && !containsFact(known, l))
        .join("\n")
        .trim(),
    )
    .filter((p) => p !== "");
  const sources = withSources(cur.metadata.sources, cleanSources(opts.sources));
  if (fresh.length === 0 && sources === cur.metadata.sources) return undefined;
  const metadata: Record<string, unknown> = { ...cur.metadata, updated: isoSeconds(opts.nowMs) };
  if (sources !== undefined) metadata.sources = sources;
  const add = fresh.join("\n\n");
  const body = add === "" ? cur.body : cur.body.trim() === "" ? add : `${cur.body}\n\n${add}`;
  return { ...cur, body, metadata };
}

/**
 * When the title or hook of `file` changed and its MEMORY.md line is the one memdir generated for the
 * old values, rewrites that line for the new ones (a hand-written line is left alone). Caller holds the lock.
 */
function refreshIndexLine(
  memoryDir: string,
  file: string,
  before: TopicFile,
  after: TopicFile,
  opts: StoreWriteOptions,
): void {
  if (before.name === after.name && before.description === after.description) return;
  const old = formatIndexLine(before.name, file, before.description);
  trackedUpdate(opts, join(memoryDir, INDEX_FILE), (text) => {
    if (text === undefined) return undefined;
    const lines = text.split("\n");
    const at = lines.findIndex((l) => l.trimEnd() === old);
    if (at < 0) return undefined;
    lines[at] = formatIndexLine(after.name, file, after.description);
    return lines.join("\n");
  });
}

/**
 * Replaces topic file `file` (a plain `<name>.md` name) of `memoryDir` with `topicText` (a whole
 * topic file: frontmatter with name, description, type in the closed set; every text scrubbed of
 * `<private>` blocks and secrets first). Under the dir lock the current file is re-read:
 * - it hashes to `expectedHash` → its name, description, type and body become the draft's; unknown
 *   top-level keys and metadata keys of both are kept (the draft's win), provenance
 *   (`originSessionId`, `sources`) stays the file's (+ `opts.sources`), `metadata.updated` = now;
 * - it changed (another session wrote it) → the draft's body lines that the file does not already
 *   contain are appended (grouped by paragraph); its frontmatter stays as it is (never overwritten);
 * - it is missing → nothing is written (`missing`).
 * Atomic write, MEMORY.md updated in the same lock (a line memdir generated follows a new name or
 * description; hand-written lines stay). Identical content → `unchanged`, no write.
 * @throws MemdirError BAD_PATH (not a plain topic name; a symlink or non-regular file),
 *   BAD_FRONTMATTER / BAD_MEMORY_TYPE (the draft or the current file is not a valid topic),
 *   LOCK_TIMEOUT.
 */
export function replaceMemory(
  memoryDir: string,
  file: string,
  topicText: string,
  opts: ReplaceOptions,
): ReplaceResult {
  const path = topicPath(memoryDir, file);
  const draft = parseTopic(scrub(topicText), path, opts.nowMs);
  return withStoreLock(
    memoryDir,
    (): ReplaceResult => {
      // A live writer (no memdir lock) that changes the file during the write makes the checked
      // write fail: the next round merges the draft into its bytes.
      for (let round = 0; round < CHECKED_ROUNDS; round++) {
        const bytes = readRegular(path);
        if (bytes === undefined) return { action: "missing", path };
        const text = bytes.toString("utf8");
        const cur = parseTopic(text, path, opts.nowMs);
        const isSame = topicHash(text) === opts.expectedHash;
        const next = isSame ? replaced(cur, draft, opts) : merged(cur, draft, opts);
        if (next === undefined) return { action: "unchanged", path };
        const w = trackedWrite(opts, path, serializeTopic(next), bytes);
        if (w.status === "changed") continue;
        refreshIndexLine(memoryDir, file, cur, next, opts);
        const idx = writeIndexLocked(memoryDir, scanAll(memoryDir), opts);
        const action = isSame && !w.absorbed ? "replaced" : "merged";
        return idx.warning ? { action, path, warning: idx.warning } : { action, path };
      }
      return { action: "changed", path };
    },
    opts,
  );
}

/**
 * Deletes topic file `file` of `memoryDir` only if its text still hashes to `expectedHash`, under
 * the dir lock, and drops its MEMORY.md line. `changed`: another writer changed it (kept);
 * `missing`: already gone.
 * @throws MemdirError BAD_PATH (not a plain topic name; a symlink or non-regular file), LOCK_TIMEOUT.
 */
export function deleteMemoryIfUnchanged(
  memoryDir: string,
  file: string,
  opts: { expectedHash: string } & StoreWriteOptions,
): { action: "deleted" | "changed" | "missing"; path: string; warning?: string } {
  const path = topicPath(memoryDir, file);
  return withStoreLock(
    memoryDir,
    () => {
      const bytes = readRegular(path);
      if (bytes === undefined) return { action: "missing" as const, path };
      if (topicHash(bytes.toString("utf8")) !== opts.expectedHash)
        return { action: "changed" as const, path };
      const r = trackedRemove(opts, path, bytes);
      if (r.status === "missing") return { action: "missing" as const, path };
      if (r.status === "changed") return { action: "changed" as const, path };
      const idx = writeIndexLocked(memoryDir, scanAll(memoryDir), opts);
      return idx.warning
        ? { action: "deleted" as const, path, warning: idx.warning }
        : { action: "deleted" as const, path };
    },
    opts,
  );
}
