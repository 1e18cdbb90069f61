/**
 * Applying the staged operations of a memory sandbox through the store (DESIGN.md §6: lock,
 * re-read, merge, atomic replace; MEMORY.md rebuilt in the same lock). Every text is scrubbed
 * (privacy `scrub`) before it is written, and every path is checked again with the sandbox's rules:
 * the ops may have been serialized, so they are not trusted.
 */
import { basename } from "node:path";
import { isMemdirError } from "../../core/errors.js";
import { scrub } from "../../privacy/index.js";
import {
  deleteMemoryIfUnchanged,
  type MemoryDraft,
  parseTopic,
  replaceMemory,
  type StoreWriteOptions,
  upsertMemory,
} from "../../store/index.js";
import { displayName, type MemoryTarget, resolveMemoryPath } from "./paths.js";
import { checkTopicText } from "./topic-check.js";
import type { AppliedOp, ApplyOptions, SandboxRoots, StagedOp } from "./types.js";

/** Error codes that skip one op (bad data); anything else (LOCK_TIMEOUT, I/O) is thrown. */
const SKIP_CODES = new Set(["BAD_INPUT", "BAD_FRONTMATTER", "BAD_MEMORY_TYPE", "BAD_PATH", "NOT_FOUND"]);

/** The store options every store call of an apply gets: the lock timeout and the change-set journal. */
function storeOptions(opts: ApplyOptions): StoreWriteOptions {
  return {
    ...(opts.lockTimeoutMs === undefined ? {} : { lockTimeoutMs: opts.lockTimeoutMs }),
    ...(opts.journal === undefined ? {} : { journal: opts.journal }),
  };
}

function applyWrite(
  op: Extract<StagedOp, { op: "write" }>,
  dir: string,
  t: MemoryTarget,
  opts: ApplyOptions,
) {
  const content = scrub(op.content);
  checkTopicText(content, t.display);
  const store = storeOptions(opts);
  const path = t.path;
  if (op.baseHash === undefined && !t.exists) {
    const topic = parseTopic(content, path, opts.nowMs);
    const draft: MemoryDraft = {
      type: topic.type,
      name: op.file.replace(/\.md$/i, ""),
      description: topic.description,
      body: topic.body,
    };
    if (opts.originSessionId !== undefined) draft.originSessionId = opts.originSessionId;
    if (opts.sources !== undefined) draft.sources = opts.sources;
    const r = upsertMemory(dir, draft, { nowMs: opts.nowMs, ...store });
    const renamed = basename(r.path) !== op.file ? `stored in ${basename(r.path)}` : undefined;
    const reason = r.action === "merged" ? `merged into the near-duplicate ${basename(r.path)}` : renamed;
    return {
      action: r.action,
      path: r.path,
      ...(reason ? { reason } : {}),
      ...(r.warning ? { warning: r.warning } : {}),
    };
  }
  // A file the model saw (baseHash), or one another writer created after the model looked (no
  // baseHash, "" never matches: the draft is merged into it).
  const r = replaceMemory(dir, op.file, content, {
    nowMs: opts.nowMs,
    expectedHash: op.baseHash ?? "",
    ...(opts.sources ? { sources: opts.sources } : {}),
    ...store,
  });
  if (r.action === "missing") {
    return {
      action: "skipped" as const,
      path: r.path,
      reason: "deleted after the model read it; not re-created",
    };
  }
  if (r.action === "changed") {
    return {
      action: "skipped" as const,
      path: r.path,
      reason: "another writer kept changing it while it was written; left as that writer made it",
    };
  }
  const reason =
    r.action !== "merged"
      ? undefined
      : op.baseHash === undefined
        ? "created by another writer meanwhile: the new lines were merged into it, nothing was overwritten"
        : "changed on disk after the model read it: its new lines were merged in, nothing was overwritten";
  return {
    action: r.action,
    path: r.path,
    ...(reason ? { reason } : {}),
    ...(r.warning ? { warning: r.warning } : {}),
  };
}

function applyDelete(op: Extract<StagedOp, { op: "delete" }>, dir: string, opts: ApplyOptions) {
  const r = deleteMemoryIfUnchanged(dir, op.file, {
    expectedHash: String(op.baseHash),
    ...storeOptions(opts),
  });
  if (r.action === "deleted")
    return { action: "deleted" as const, path: r.path, ...(r.warning ? { warning: r.warning } : {}) };
  const reason = r.action === "missing" ? "already gone" : "changed on disk after the model read it; kept";
  return { action: "skipped" as const, path: r.path, reason };
}

/**
 * Writes `ops` (from `MemorySandbox.staged()`), in order, one result per op:
 * - write, no `baseHash` (a new file) → store `upsertMemory` (merges into a near-duplicate or the
 *   same-named topic; the file name is the slug of `file`): `created` | `merged` | `unchanged`;
 *   when another writer created `file` itself meanwhile, the draft is merged into that file;
 * - write with `baseHash`, file unchanged since the model read it → `replaced` (store
 *   `replaceMemory`: unknown frontmatter keys and provenance kept) or `unchanged`;
 * - write with `baseHash`, file changed since → `merged` (its new paragraphs appended, never
 *   overwritten); file deleted since → `skipped`;
 * - delete → `deleted` when the file still hashes to `baseHash`, else `skipped` with the reason.
 * With `opts.journal`, every store write and delete (MEMORY.md included) is recorded in that change set.
 * An op whose path breaks the sandbox rules, whose scope has no root, or whose content is not a
 * valid topic file (after scrubbing) is `skipped` with the reason. Re-applying the same ops
 * changes nothing more.
 * @throws MemdirError LOCK_TIMEOUT and fs errors (ops before it stay applied; re-running is safe).
 */
export function applyStagedOps(
  ops: readonly StagedOp[],
  roots: SandboxRoots,
  opts: ApplyOptions,
): AppliedOp[] {
  return ops.map((op): AppliedOp => {
    const base = { op: op.op, scope: op.scope, file: op.file };
    const skip = (reason: string): AppliedOp => ({ ...base, action: "skipped", reason });
    try {
      if (op.scope !== "project" && op.scope !== "user")
        return skip(`unknown scope ${JSON.stringify(op.scope)}`);
      if (typeof op.file !== "string") return skip("the file name is not a string");
      const t = resolveMemoryPath(displayName(op.scope, op.file), roots, "write");
      if (t.scope !== op.scope || t.file !== op.file)
        return skip("the file name is not a plain topic file name");
      const dir = t.scope === "user" ? (roots.user as string) : roots.project;
      if (op.op === "write" && typeof op.content === "string")
        return { ...base, ...applyWrite(op, dir, t, opts) };
      if (op.op === "delete" && typeof op.baseHash === "string")
        return { ...base, ...applyDelete(op, dir, opts) };
      return skip("malformed operation");
    } catch (e) {
      if (isMemdirError(e) && SKIP_CODES.has(e.code)) return skip(e.message.split("\n")[0] ?? e.code);
      throw e;
    }
  });
}
