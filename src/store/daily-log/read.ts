/** Listing and reading daily logs (reads never lock: appends replace the file atomically). */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { MAX_TEXT_FILE_BYTES } from "../../core/fs.js";
import { readInputBytes } from "../../core/input-file.js";
import type { DailyLogEntry } from "./format.js";
import { type DailyLogProblem, parseDailyLog } from "./parse.js";
import { DAILY_LOG_DIR } from "./write.js";

function names(dir: string, re: RegExp): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => re.test(d.name) && (d.isDirectory() || d.isFile()))
      .map((d) => d.name);
  } catch {
    return [];
  }
}

/**
 * Every daily log of the memory dir as a path relative to it (`logs/2026/11/2026-11-29.md`, `/`
 * separators), oldest first. Only `logs/YYYY/MM/YYYY-MM-DD.md` whose folders match the file's date;
 * anything else under `logs/` is ignored. No `logs/` dir → [].
 */
export function listDailyLogs(memoryDir: string): string[] {
  const root = join(memoryDir, DAILY_LOG_DIR);
  const out: string[] = [];
  for (const y of names(root, /^\d{4}$/)) {
    for (const m of names(join(root, y), /^\d{2}$/)) {
      for (const f of names(join(root, y, m), new RegExp(`^${y}-${m}-\\d{2}\\.md$`))) {
        out.push(`${DAILY_LOG_DIR}/${y}/${m}/${f}`);
      }
    }
  }
  return out.sort();
}

export interface DailyLogRead {
  entries: (DailyLogEntry & { file: string; endByte: number })[];
  /** Where the next read should start (the file size when it was read). */
  endByte: number;
  /** Malformed entries skipped (the rest of the file is still read). */
  problems: DailyLogProblem[];
}

/**
 * Entries of the daily log `file` (relative to `memoryDir`, as `listDailyLogs` returns it) from byte
 * `fromByte` on (the `endByte` of an earlier read: the dream remembers how far it distilled). A
 * `fromByte` past the end of the file (the file was cut by hand) reads from 0 again. Each entry
 * carries `file` and the byte offset after its end marker.
 * @throws MemdirError BAD_PATH for a path outside `logs/`, NOT_FOUND when the file does not exist.
 */
export function readDailyLogEntries(memoryDir: string, file: string, fromByte = 0): DailyLogRead {
  const rel = file.replace(/\\/g, "/");
  if (!/^logs\/\d{4}\/\d{2}\/\d{4}-\d{2}-\d{2}\.md$/.test(rel)) {
    throw new MemdirError("BAD_PATH", "not a daily log path", {
      expected: "logs/YYYY/MM/YYYY-MM-DD.md relative to the memory dir (see listDailyLogs)",
      received: JSON.stringify(file.slice(0, 200)),
      hint: "pass a path listDailyLogs returned",
    });
  }
  let buf: Buffer;
  try {
    const read = readInputBytes(join(memoryDir, ...rel.split("/")), MAX_TEXT_FILE_BYTES);
    if (read === undefined) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
    buf = read;
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    throw new MemdirError("NOT_FOUND", `daily log ${rel} does not exist`, {
      expected: "an existing daily log",
      received: rel,
      hint: "list the logs again with listDailyLogs (the file may have been removed)",
      cause: e,
    });
  }
  const parsed = parseDailyLog(buf, fromByte > buf.length ? 0 : fromByte);
  return {
    entries: parsed.entries.map((e) => ({ ...e, file: rel })),
    endByte: parsed.endByte,
    problems: parsed.problems,
  };
}
