/**
 * The JSONL log appender (one JSON object per line). Callers in `app/` redact text before it gets
 * here; this module never throws: logging must not fail a hook.
 */
import { lstatSync, renameSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { appendFileNoFollow, ensureDir } from "./fs.js";

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface LogRecord {
  level: LogLevel;
  /** What emitted it, e.g. `hook:PostToolUse` or `job:extract`. */
  source: string;
  msg: string;
  [key: string]: unknown;
}

/** Rotate the log to `<file>.1` past this size (bytes). */
export const LOG_ROTATE_BYTES = 5 * 1024 * 1024;

/** Appends `record` (plus `ts`) as one line to `file`; rotates past LOG_ROTATE_BYTES. Never throws. */
export function appendLog(file: string, record: LogRecord, nowMs: number = Date.now()): void {
  try {
    const dir = dirname(file);
    if (isLink(dir)) return; // never through a symbolic link (the log dir is memdir's own)
    ensureDir(dir);
    try {
      if (statSync(file).size > LOG_ROTATE_BYTES) renameSync(file, `${file}.1`);
    } catch {
      // no file yet
    }
    appendFileNoFollow(file, `${JSON.stringify({ ts: new Date(nowMs).toISOString(), ...record })}\n`);
  } catch {
    // Logging is best effort.
  }
}
