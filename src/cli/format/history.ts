/** `memdir history` and `memdir undo` as text. */
import { join } from "node:path";
import type { HistoryView } from "../../app/commands/history.js";
import type { UndoResult } from "../../store/index.js";
import type { Paint } from "./color.js";

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
