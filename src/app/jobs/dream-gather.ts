/**
 * The orient and gather phases of a dream: every
 * topic file and MEMORY.md of the project and user memory dirs, the daily-log entries not yet
 * distilled (from the cursor in `memory/.dream-state.json`), and the session summaries of the
 * substantive sessions since the last consolidation (sessions without substantive interaction are
 * skipped by their end record's `toolStats`).
 */
import { lstatSync } from "node:fs";
import { join } from "node:path";
import { errnoCode } from "../../core/errors.js";
import { MAX_TEXT_FILE_BYTES, readTextIfExists } from "../../core/fs.js";
import { readInputBytes } from "../../core/input-file.js";
import { readJsonFile } from "../../core/json.js";
import type { DreamScope } from "../../jobs/dream/index.js";
import { scrub } from "../../privacy/index.js";
import {
  bytesHash,
  INDEX_FILE,
  listDailyLogs,
  listTopicFiles,
  readDailyLogEntries,
} from "../../store/index.js";
import type { AppContext } from "../context.js";

/** The distillation cursor: how far (bytes) each daily log has been distilled. Kept in the memory dir so `memdir undo` restores it with the topics. */
export const DREAM_STATE_FILE = ".dream-state.json";

export interface LogCursor {
  /** Bytes of the log already distilled. */
  bytes: number;
  /** sha256 of those bytes: a hand edit before the cursor is detected and the log read again from 0. */
  sha256: string;
}

export interface DreamState {
  version: 2;
  /** Daily log path relative to the memory dir → how far it was distilled. */
  logs: Record<string, LogCursor>;
}

export function readDreamState(memoryDir: string): DreamState {
  const v = readJsonFile<{ logs?: unknown } | null>(join(memoryDir, DREAM_STATE_FILE), null, true);
  const logs: Record<string, LogCursor> = {};
  if (v && typeof v.logs === "object" && v.logs !== null)
    for (const [k, c] of Object.entries(v.logs as Record<string, Partial<LogCursor>>))
      if (c && Number.isInteger(c.bytes) && (c.bytes as number) >= 0 && typeof c.sha256 === "string")
        logs[k] = { bytes: c.bytes as number, sha256: c.sha256 };
  return { version: 2, logs };
}

/** sha256 (hex) of the first `bytes` bytes of `path`; undefined when the file is shorter. */
export function prefixHash(path: string, bytes: number): string | undefined {
  const buf = readInputBytes(path, MAX_TEXT_FILE_BYTES) ?? Buffer.alloc(0);
  return buf.length < bytes ? undefined : bytesHash(buf.subarray(0, bytes));
}

export interface GatheredTopic {
  scope: DreamScope;
  file: string;
  text: string;
  mtimeMs: number;
}

export interface Gathered {
  roots: { project: string; user?: string };
  topics: GatheredTopic[];
  indexes: { scope: DreamScope; text: string | undefined }[];
  logEntries: ReturnType<typeof readDailyLogEntries>["entries"];
  /** Per log file, the byte offset reached. */
  logEnds: { file: string; bytes: number }[];
  /** Things the planner should report: malformed log entries, logs re-read after a hand edit, symlinks skipped. */
  notes: string[];
  sessions: { used: string[]; skipped: string[] };
  summaries: { sessionId: string; text: string }[];
}

/** A regular file's text and mtime (symlinks are not followed: the store never writes through them). */
function readIfFile(path: string): { text: string; mtimeMs: number } | undefined {
  try {
    const st = lstatSync(path);
    if (!st.isFile()) return undefined;
    const text = readTextIfExists(path);
    return text === undefined ? undefined : { text, mtimeMs: st.mtimeMs };
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return undefined;
    throw e;
  }
}

/** Summaries read per dream at most (the newest sessions first). */
const MAX_SUMMARIES = 20;

/**
 * Reads what the dream works on. `sessions` = the gate's scan (substantive ids and skipped ids).
 * Unreadable topic files are left out (the planner never touches what it did not read).
 */
export function gatherDream(ctx: AppContext, sessions: { used: string[]; skipped: string[] }): Gathered {
  const { paths } = ctx;
  const roots = { project: paths.memoryDir, user: paths.userMemoryDir };
  const notes: string[] = [];
  const topics: GatheredTopic[] = [];
  const indexes: Gathered["indexes"] = [];
  for (const scope of ["project", "user"] as const) {
    const dir = roots[scope];
    for (const file of listTopicFiles(dir)) {
      const f = readIfFile(join(dir, file));
      if (f) topics.push({ scope, file, ...f });
      else
        notes.push(
          `${scope === "user" ? "user/" : ""}${file} is not a regular file (a symlink?): left as it is`,
        );
    }
    indexes.push({ scope, text: readIfFile(join(dir, INDEX_FILE))?.text });
  }
  const state = readDreamState(paths.memoryDir);
  const logEntries: Gathered["logEntries"] = [];
  const logEnds: Gathered["logEnds"] = [];
  for (const file of listDailyLogs(paths.memoryDir)) {
    const cursor = state.logs[file];
    let from = cursor?.bytes ?? 0;
    if (cursor && prefixHash(join(paths.memoryDir, file), cursor.bytes) !== cursor.sha256) {
      notes.push(`${file} was edited before the point already distilled: read again from the start`);
      from = 0;
    }
    const r = readDailyLogEntries(paths.memoryDir, file, from);
    for (const p of r.problems) notes.push(`${file} at byte ${p.byte}: ${p.reason} (entry skipped)`);
    if (r.endByte <= from) continue;
    logEntries.push(...r.entries);
    logEnds.push({ file, bytes: r.endByte });
  }
  const summaries: Gathered["summaries"] = [];
  for (const id of sessions.used.slice(-MAX_SUMMARIES)) {
    const f = readIfFile(join(paths.summariesDir, `${id}.md`));
    if (f && f.text.trim() !== "") summaries.push({ sessionId: id, text: scrub(f.text) });
  }
  return { roots, topics, indexes, logEntries, logEnds, sessions, summaries, notes };
}
