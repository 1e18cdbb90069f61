/**
 * Applying a dream plan (DESIGN.md §4 "Writes that arrive while a dream runs must
 * survive it", §6 "lock, re-read, merge"). Every change goes through the store's hash-guarded writes:
 * a file that still hashes to what the plan saw (`plan.seen`) is replaced or deleted; a file a live
 * session changed since is merged again (its new lines kept, the plan's new lines appended) or, for
 * a deletion, left for the next dream. Nothing is ever overwritten blind.
 */
import { isMemdirError } from "../../../core/errors.js";
import {
  deleteMemoryIfUnchanged,
  type MemoryDraft,
  parseTopic,
  replaceMemory,
  type StoreWriteOptions,
  upsertMemory,
} from "../../../store/index.js";
import { type DreamPlan, type DreamScope, seenKey } from "../plan/types.js";
import { applyIndexBudget } from "./index-step.js";

export interface DreamApplyOptions extends StoreWriteOptions {
  /** Time of the apply, ms since the epoch (`metadata.updated` of a planned text that has none). */
  nowMs: number;
  /**
   * Asked before each change (after yielding to the event loop, so signal handlers can run): true
   * stops the apply there, `interrupted` set; what was applied stays applied (and journaled).
   */
  shouldStop?: () => boolean;
}

/** What applying one planned change did. */
export interface AppliedChange {
  change: "merge" | "rewrite" | "create" | "delete" | "index";
  scope: DreamScope;
  file: string;
  /**
   * replaced / deleted / created: as planned; merged: the file had changed since the plan, the
   * plan's new lines were merged into it; unchanged: nothing to write; skipped: left for the next
   * dream (see `reason`).
   */
  action: "replaced" | "merged" | "created" | "deleted" | "unchanged" | "skipped";
  reason: string;
  /** MEMORY.md budget warning from the store. */
  warning?: string;
}

/** Why a write was skipped when another writer kept changing the file while it was written. */
const LEFT_FOR_NEXT_DREAM =
  "another writer kept changing the file while it was written: left for the next dream";

/** Store error codes that skip one change (bad data); anything else (LOCK_TIMEOUT, I/O) is thrown. */
const SKIP_CODES = new Set(["BAD_INPUT", "BAD_FRONTMATTER", "BAD_MEMORY_TYPE", "BAD_PATH", "NOT_FOUND"]);

function dirOf(plan: DreamPlan, scope: DreamScope): string | undefined {
  return scope === "user" ? plan.roots.user : plan.roots.project;
}

/** `metadata.sources` of a planned topic text (so a replace keeps the provenance the plan unioned). */
function sourcesOf(content: string, nowMs: number): string[] {
  try {
    const s = parseTopic(content, "plan.md", nowMs).metadata.sources;
    return Array.isArray(s) ? s.map(String) : [];
  } catch {
    return [];
  }
}

export interface DreamApplyResult {
  changes: AppliedChange[];
  /** Planned changes left for the next dream (a file changed or disappeared since the plan). */
  skipped: number;
  /** `shouldStop` said stop before every change was applied. */
  interrupted: boolean;
}

/** A planned text's own `metadata.updated` in ms (the memory's date, kept through the rewrite), else undefined. */
function ownUpdatedMs(content: string, fallbackMs: number): number | undefined {
  try {
    const u = parseTopic(content, "plan.md", fallbackMs).metadata.updated;
    const ms = typeof u === "string" ? Date.parse(u) : Number.NaN;
    return Number.isFinite(ms) ? ms : undefined;
  } catch {
    return undefined;
  }
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Writes `plan` through the store, in this order: creates, merges (the target first, then each
 * folded file deleted only if it still hashes to what the plan saw), rewrites, deletions, then each
 * planned MEMORY.md change, computed again under the lock from the files on disk (`applyIndexBudget`).
 * Per file:
 * - unchanged since the plan → replaced / deleted / created as planned;
 * - changed since (another session wrote it) → a write is merged into the current file (store
 *   `replaceMemory`: never overwritten); a deletion is skipped and left for the next dream;
 * - gone since → skipped (a deleted memory is not re-created); a merge whose target is gone deletes nothing.
 * MEMORY.md follows every write (the store rebuilds it in the same lock). Re-applying a plan is
 * safe: what is already done is `unchanged` or `skipped`.
 * @throws MemdirError LOCK_TIMEOUT and fs errors (changes before it stay applied).
 */
export async function applyDreamPlan(plan: DreamPlan, opts: DreamApplyOptions): Promise<DreamApplyResult> {
  const changes: AppliedChange[] = [];
  const { shouldStop, nowMs: _now, ...store } = opts;
  const stopNow = async () => {
    await nextTurn();
    return shouldStop?.() === true;
  };
  const guarded = (
    change: AppliedChange["change"],
    scope: DreamScope,
    file: string,
    reason: string,
    fn: (dir: string) => Omit<AppliedChange, "change" | "scope" | "file">,
  ): AppliedChange => {
    const base = { change, scope, file };
    const dir = dirOf(plan, scope);
    let r: AppliedChange;
    if (dir === undefined) r = { ...base, action: "skipped", reason: `no ${scope} memory dir` };
    else {
      try {
        r = { ...base, ...fn(dir) };
      } catch (e) {
        if (!isMemdirError(e) || !SKIP_CODES.has(e.code)) throw e;
        r = { ...base, action: "skipped", reason: `${reason}; not applied: ${e.message.split("\n")[0]}` };
      }
    }
    changes.push(r);
    return r;
  };
  const write = (scope: DreamScope, file: string, content: string, reason: string) => (dir: string) => {
    const expectedHash = plan.seen[seenKey(scope, file)];
    const r = replaceMemory(dir, file, content, {
      ...store,
      // The memory keeps its own date (the newest of what was merged), not the dream's.
      nowMs: ownUpdatedMs(content, opts.nowMs) ?? opts.nowMs,
      expectedHash: expectedHash ?? "",
      sources: sourcesOf(content, opts.nowMs),
    });
    if (r.action === "missing")
      return { action: "skipped" as const, reason: `${reason}; the file was deleted since the plan` };
    if (r.action === "changed")
      return { action: "skipped" as const, reason: `${reason}; ${LEFT_FOR_NEXT_DREAM}` };
    const why =
      r.action === "merged"
        ? `${reason}; the file changed since the plan: merged, nothing overwritten`
        : reason;
    return { action: r.action, reason: why, ...(r.warning ? { warning: r.warning } : {}) };
  };
  const remove = (scope: DreamScope, file: string, reason: string) => (dir: string) => {
    const expectedHash = plan.seen[seenKey(scope, file)];
    if (typeof expectedHash !== "string")
      return { action: "skipped" as const, reason: `${reason}; the plan did not read it` };
    const r = deleteMemoryIfUnchanged(dir, file, { ...store, expectedHash });
    if (r.action === "deleted")
      return { action: "deleted" as const, reason, ...(r.warning ? { warning: r.warning } : {}) };
    const why = r.action === "missing" ? "already gone" : "changed since the plan: kept for the next dream";
    return { action: "skipped" as const, reason: `${reason}; ${why}` };
  };

  // The overflow topic of MEMORY.md is written by the index step, from what is on disk then.
  const done = (interrupted: boolean): DreamApplyResult => ({
    changes,
    skipped: changes.filter((c) => c.action === "skipped").length,
    interrupted,
  });
  for (const c of plan.creates.filter((c) => c.kind !== "index-overflow")) {
    if (await stopNow()) return done(true);
    guarded("create", c.scope, c.file, c.reason, (dir) => {
      const t = parseTopic(c.content, c.file, opts.nowMs);
      const sources = sourcesOf(c.content, opts.nowMs);
      const draft: MemoryDraft = {
        type: t.type,
        name: c.file.replace(/\.md$/i, ""),
        description: t.description,
        body: t.body,
        ...(sources.length > 0 ? { sources } : {}),
      };
      const r = upsertMemory(dir, draft, { ...store, nowMs: opts.nowMs });
      const action = r.action === "created" ? "created" : r.action;
      const why =
        r.action === "merged" ? `${c.reason}; merged into the near-duplicate ${r.name}.md` : c.reason;
      return { action, reason: why, ...(r.warning ? { warning: r.warning } : {}) };
    });
  }
  for (const m of plan.merges) {
    if (await stopNow()) return done(true);
    const into = guarded("merge", m.scope, m.file, m.reason, write(m.scope, m.file, m.content, m.reason));
    for (const from of m.from) {
      // Stopping between two folded files leaves duplicates of merged text: harmless, the next dream folds them.
      if (await stopNow()) return done(true);
      if (into.action === "skipped") {
        changes.push({
          change: "delete",
          scope: m.scope,
          file: from,
          action: "skipped",
          reason: `not folded: the merge into ${m.file} was not applied`,
        });
        continue;
      }
      guarded(
        "delete",
        m.scope,
        from,
        `folded into ${m.file}`,
        remove(m.scope, from, `folded into ${m.file}`),
      );
    }
  }
  for (const w of plan.rewrites) {
    if (await stopNow()) return done(true);
    guarded("rewrite", w.scope, w.file, w.reason, write(w.scope, w.file, w.content, w.reason));
  }
  for (const d of plan.deletions) {
    if (await stopNow()) return done(true);
    guarded("delete", d.scope, d.file, d.reason, remove(d.scope, d.file, d.reason));
  }
  for (const ix of plan.index) {
    if (await stopNow()) return done(true);
    const overflow = plan.creates.find((c) => c.kind === "index-overflow" && c.scope === ix.scope);
    guarded("index", ix.scope, "MEMORY.md", ix.reason, (dir) => {
      const r = applyIndexBudget(dir, opts.nowMs, {
        ...store,
        ...(overflow ? { overflowFile: overflow.file } : {}),
      });
      const moved = r.overflowFile ? `; ${r.moved} hand-written line(s) moved to ${r.overflowFile}` : "";
      return {
        action: r.action,
        reason: `${ix.reason}${moved}`,
        ...(r.warning ? { warning: r.warning } : {}),
      };
    });
  }
  return done(false);
}
