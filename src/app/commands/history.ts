/**
 * `memdir history` and `memdir undo [id]` (issue 5 point 5): the change sets of the project's memory
 * dir (store/history, `<memory dir>/.history/`) and reverting one exactly. Dreams and extraction
 * runs record them; an undo is itself a change set, so undoing it is a redo.
 */
import { join } from "node:path";
import { type ChangeSetInfo, listChangeSets, type UndoResult, undoChangeSet } from "../../store/index.js";
import type { AppContext } from "../context.js";

export interface HistoryView {
  /** The project's memory dir (the change sets are in its `.history/`). */
  memoryDir: string;
  /** Newest first. */
  changeSets: ChangeSetInfo[];
}

/** The change sets of the project's memory dir, newest first. */
export function runHistory(ctx: AppContext): HistoryView {
  return { memoryDir: ctx.paths.memoryDir, changeSets: listChangeSets(ctx.paths.memoryDir) };
}

/**
 * Reverts change set `id` (a unique prefix is enough; none = the newest one not undone that is not
 * itself an undo) in the project's and the user's memory dirs; see store `undoChangeSet`.
 * @throws MemdirError NOT_FOUND (unknown id, with the list `memdir history` shows; nothing to undo),
 *   BAD_INPUT (already undone: the hint names the undo to redo it), LOCK_TIMEOUT.
 */
export function runUndo(ctx: AppContext, id: string | undefined, opts: { force?: boolean } = {}): UndoResult {
  return undoChangeSet({ project: ctx.paths.memoryDir, user: ctx.paths.userMemoryDir }, id, {
    nowMs: ctx.rt.now(),
    ...(opts.force ? { force: true } : {}),
  });
}

type Paint = (s: string) => string;
const plain: Paint = (s) => s;

/** `2026-11-29 10:15Z` from an ISO time. */
const shortTime = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}Z`;

/** How an incomplete change set reads in `memdir history`. */
const INCOMPLETE = {
  interrupted: " [interrupted: stopped before it finished; memdir undo reverts what it wrote]",
  running: " [running: still being written]",
} as const;

/**
 * One line per change set: id, time, kind, files, summary, then its state: interrupted (its writer
 * died part-way; undoable) or running, and undone.
 */
export function formatHistory(v: HistoryView, color: { bold?: Paint; dim?: Paint } = {}): string {
  const dim = color.dim ?? plain;
  if (v.changeSets.length === 0)
    return `no change sets yet in ${join(v.memoryDir, ".history")} (dreams and extraction runs record them)`;
  const lines = v.changeSets.map((c) => {
    const state =
      (c.incomplete ? INCOMPLETE[c.incomplete] : "") + (c.undoneBy ? dim(` [undone by ${c.undoneBy}]`) : "");
    const files = `${c.files} file${c.files === 1 ? "" : "s"}`;
    return `${(color.bold ?? plain)(c.id)}  ${shortTime(c.createdAt)}  ${c.kind.padEnd(10)} ${files.padStart(8)}  ${c.summary}${state}`;
  });
  return [dim(`change sets of ${v.memoryDir} (newest first; memdir undo [id] reverts one)`), ...lines].join(
    "\n",
  );
}

const ref = (f: { scope: string; file: string }) => `${f.scope}/${f.file}`;
/** At most `SHOWN` file names per line (a dream can touch hundreds; `--json` lists them all). */
const SHOWN = 12;
const refs = (fs: { scope: string; file: string }[]) =>
  fs.length <= SHOWN
    ? fs.map(ref).join(", ")
    : `${fs.slice(0, SHOWN).map(ref).join(", ")} and ${fs.length - SHOWN} more`;

/** What an undo did, for people. */
export function formatUndo(r: UndoResult): string {
  const out: string[] = [];
  const what = `${r.target.interrupted ? "interrupted " : ""}${r.target.id} (${r.target.kind}: ${r.target.summary})`;
  if (r.undoId === undefined) out.push(`nothing undone: every file of ${what} changed since`);
  else out.push(`undid ${what}, recorded as ${r.undoId}`);
  if (r.restored.length) out.push(`restored: ${refs(r.restored)}`);
  if (r.forced.length) out.push(`restored over later changes (--force): ${refs(r.forced)}`);
  if (r.already.length) out.push(`already as before: ${refs(r.already)}`);
  for (const c of r.conflicts) out.push(`kept ${ref(c)}: ${c.reason}`);
  if (r.tempRemoved.length)
    out.push(`removed temp files the interrupted writes left: ${refs(r.tempRemoved)}`);
  if (r.reindexed.length) out.push(`MEMORY.md rebuilt from the files on disk: ${r.reindexed.join(", ")}`);
  for (const w of r.warnings) out.push(`warning: ${w}`);
  if (r.conflicts.length) out.push("to restore the kept files as well (losing their later changes): --force");
  if (r.undoId) out.push(`to redo: memdir undo ${r.undoId}`);
  return out.join("\n");
}
