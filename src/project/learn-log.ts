/**
 * The hot path of project learning. PostToolUse runs on every tool call, so it only APPENDS one small
 * line (an O_APPEND write: no lock, no read, no rewrite) to `project-memory.pending.jsonl`; the line
 * is folded into `project-memory.json` under its lock at turn end, session start/end and by the
 * extraction job (`foldToolLog`). Only calls that teach something are logged (a hot path, a command
 * that worked), already normalized and scrubbed, so nothing secret reaches the disk.
 */
import { existsSync, renameSync } from "node:fs";
import { errnoCode } from "../core/errors.js";
import { appendFileNoFollow, readTextIfExists, removeFile } from "../core/fs.js";
import { uniqueSuffix } from "../core/unique.js";
import { normalizeCommand } from "./commands.js";
import { hotPathOf, learnFromToolUse } from "./learn.js";
import { updateProjectMemory } from "./memory.js";
import type { ProjectToolCall } from "./types.js";

/**
 * One pending line: `{t, path}` for a file read or edited, `{t, command}` for a command that worked
 * (`t` in ms since the epoch). Lines written before tool kinds, `{t, tool, input: {file_path | command}}`,
 * fold the same way.
 */
interface PendingEvent {
  t: number;
  path?: string;
  command?: string;
  input?: { file_path?: unknown; command?: unknown };
}

/** `<dir>/project-memory.pending.jsonl` next to `project-memory.json`. */
export function pendingLogPath(projectMemoryFile: string): string {
  return projectMemoryFile.replace(/\.json$/, "") + ".pending.jsonl";
}

/**
 * Appends the call to the pending log when it teaches something. Returns whether it did.
 * Cheap: pure checks, then one append. Throws only on fs errors other than a missing dir.
 */
export function logToolUse(
  projectMemoryFile: string,
  root: string,
  call: ProjectToolCall,
  nowMs: number,
): boolean {
  if (!call.success) return false;
  let ev: PendingEvent | undefined;
  if (call.kind === "read" || call.kind === "edit") {
    const file = call.paths[0];
    if (file !== undefined && hotPathOf(root, file) !== undefined) ev = { t: nowMs, path: file };
  } else if (call.kind === "shell" && call.command !== undefined) {
    const cmd = normalizeCommand(call.command);
    if (cmd !== undefined) ev = { t: nowMs, command: cmd };
  }
  if (!ev) return false;
  const line = `${JSON.stringify(ev)}\n`;
  const file = pendingLogPath(projectMemoryFile);
  try {
    appendFileNoFollow(file, line);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    return false; // no state dir yet: SessionStart creates it
  }
  return true;
}

/** The call a pending line stands for, or undefined for a line that is neither a file nor a command. */
function pendingCall(ev: PendingEvent): ProjectToolCall | undefined {
  const path = ev.path ?? ev.input?.file_path;
  if (typeof path === "string") return { kind: "read", paths: [path], success: true };
  const command = ev.command ?? ev.input?.command;
  if (typeof command === "string") return { kind: "shell", paths: [], command, success: true };
  return undefined;
}

/**
 * Folds the pending log into project-memory.json (under its lock; the log is claimed by an atomic
 * rename first, so two folds never count a line twice). Returns the number of events folded.
 */
export function foldToolLog(projectMemoryFile: string, root: string, nowMs: number): number {
  const log = pendingLogPath(projectMemoryFile);
  if (!existsSync(log)) return 0; // nothing pending: no lock
  let folded = 0;
  updateProjectMemory(projectMemoryFile, root, nowMs, (pm) => {
    const claimed = `${log}.${uniqueSuffix()}`;
    try {
      renameSync(log, claimed);
    } catch (e) {
      if (errnoCode(e) === "ENOENT") return false;
      throw e;
    }
    try {
      for (const line of (readTextIfExists(claimed) ?? "").split("\n")) {
        if (!line.trim()) continue;
        let ev: PendingEvent;
        try {
          ev = JSON.parse(line) as PendingEvent;
        } catch {
          continue; // a torn line
        }
        if (typeof ev?.t !== "number") continue;
        const call = pendingCall(ev);
        if (call && learnFromToolUse(pm, root, call, ev.t)) folded++;
      }
    } finally {
      removeFile(claimed);
    }
    return folded > 0;
  });
  return folded;
}
