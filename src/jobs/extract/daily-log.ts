/**
 * KAIROS mode (seed 000 §24.1: "the write strategy switches from topic file + MEMORY.md updates to
 * appending to the daily log"): what an extraction would have stored becomes entries
 * of today's daily log `memory/logs/YYYY/MM/YYYY-MM-DD.md` in the project memory dir, the raw signal
 * the dream distills into topic files later. `user` memories are logged there too (with their type):
 * the dream puts them in the user memory dir.
 */
import { basename } from "node:path";
import {
  appendDailyLog,
  type DailyLogEntry,
  type Journal,
  type MemoryDraft,
  parseTopic,
} from "../../store/index.js";

/** A draft as a daily-log entry stamped `nowMs`. */
export function draftToLogEntry(d: MemoryDraft, nowMs: number, sessionId?: string): DailyLogEntry {
  const sid = d.originSessionId ?? sessionId;
  return {
    atMs: nowMs,
    type: d.type,
    ...(d.name ? { name: d.name } : {}),
    description: d.description,
    body: d.body,
    ...(sid ? { sessionId: sid } : {}),
    ...(d.sources?.length ? { sources: d.sources } : {}),
  };
}

/** A whole topic file text a model staged, as a draft named after `file` (throws MemdirError BAD_FRONTMATTER / BAD_MEMORY_TYPE). */
export function topicTextToDraft(file: string, text: string, nowMs: number): MemoryDraft {
  const t = parseTopic(text, file, nowMs);
  return {
    type: t.type,
    name: basename(file).replace(/\.md$/i, ""),
    description: t.description,
    body: t.body,
  };
}

/**
 * Appends `drafts` to the daily log of `memoryDir` for the calendar day of `o.nowMs` in `o.timeZone`
 * (IANA, default "UTC") (scrubbed by the store, under its lock,
 * recorded in `journal` when given). Returns the log's path and the number of entries.
 * @throws MemdirError LOCK_TIMEOUT, BAD_INPUT; fs errors.
 */
export function logDrafts(
  memoryDir: string,
  drafts: MemoryDraft[],
  o: { nowMs: number; sessionId?: string; timeZone?: string; journal?: Journal },
): { path: string; appended: number } {
  const entries = drafts.map((d) => draftToLogEntry(d, o.nowMs, o.sessionId));
  return appendDailyLog(memoryDir, entries, {
    nowMs: o.nowMs,
    ...(o.timeZone ? { timeZone: o.timeZone } : {}),
    ...(o.journal ? { journal: o.journal } : {}),
  });
}
