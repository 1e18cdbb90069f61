/**
 * Notepad file operations (sync: PostToolUse calls them). Every write takes `<file>.lock`, re-reads
 * the file, changes the structured notepad and replaces the file with a checked write (DESIGN.md §6;
 * core/checked-write.ts), so concurrent sessions, hooks and unlocked editors lose nothing. No `yaml` / `zod` import: this is hook hot-path code.
 */
import { existsSync } from "node:fs";
import { updateChecked } from "../core/checked-update.js";
import { settleWatches } from "../core/checked-watch.js";
import { isoUtc } from "../core/clock.js";
import { MemdirError } from "../core/errors.js";
import { readTextIfExists } from "../core/fs.js";
import { withLockSync } from "../core/lock.js";
import { codePointLength, normalizeNewlines, toWellFormed, truncateCodePoints } from "../core/text.js";
import { scrub } from "../privacy/index.js";
import { emptyNotepad, entryKey, entryTimeMs, parseNotepad, serializeNotepad } from "./format.js";
import type { Notepad, NotepadEntry } from "./types.js";

/** Priority Context budget in code points over the entries' text (oh-my-claudecode `priorityMaxChars`). */
export const PRIORITY_MAX_CHARS = 500;
/** Working Memory lifetime (as in oh-my-claudecode: `<remember>` is kept 7 days). */
export const WORKING_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a write waits for the notepad lock (ms). */
export const NOTEPAD_LOCK_TIMEOUT_MS = 5_000;

/** UTC timestamp with seconds, e.g. `2026-11-29T10:00:00Z`. */
export const stamp = (ms: number) => isoUtc(ms).replace(/\.\d{3}Z$/, "Z");

/** Reads and parses the notepad; an empty notepad when the file does not exist. */
export function readNotepad(file: string): Notepad {
  const text = readTextIfExists(file);
  return text === undefined ? emptyNotepad() : parseNotepad(text);
}

/**
 * Runs `fn` on the current notepad under the lock; writes when it returns `changed: true`, with a
 * checked write against the bytes it read (core `updateChecked`): when another writer (an editor,
 * Claude Code's Edit) changed the file meanwhile, `fn` runs again on its new text. After
 * CHECKED_ROUNDS changes in a row the file is left as that writer made it and MemdirError IO thrown.
 */
function update<T>(file: string, fn: (np: Notepad) => { changed: boolean; result: T }): T {
  const out = withLockSync(
    `${file}.lock`,
    () => {
      let result: T | undefined;
      const w = updateChecked(file, (before) => {
        const np = before === undefined ? emptyNotepad() : parseNotepad(before);
        const r = fn(np);
        result = r.result;
        if (!r.changed) return undefined;
        const text = serializeNotepad(np);
        return text !== before ? text : undefined;
      });
      if (w.status === "changed") {
        throw new MemdirError("IO", `the notepad ${file} kept changing while it was written`, {
          expected: "the notepad to stay still for a moment",
          received: "a change by another writer at every try",
          hint: "nothing was written; add the note again",
        });
      }
      return result as T;
    },
    { timeoutMs: NOTEPAD_LOCK_TIMEOUT_MS },
  );
  settleWatches();
  return out;
}

/** Scrubbed (private tags, secrets), LF, trimmed, empty ones and repeats dropped. */
function clean(texts: string[]): string[] {
  const out: string[] = [];
  const keys = new Set<string>();
  for (const t of texts) {
    const c = toWellFormed(normalizeNewlines(scrub(t)))
      .replace(/[ \t]+$/gm, "")
      .trim();
    const k = entryKey({ text: c });
    if (c === "" || keys.has(k)) continue;
    keys.add(k);
    out.push(c);
  }
  return out;
}

function addWorking(np: Notepad, texts: string[], at: string): number {
  const fresh = new Set(texts.map((t) => entryKey({ text: t })));
  const before = np.working.length;
  np.working = np.working.filter((e) => !fresh.has(entryKey(e)));
  const refreshed = before - np.working.length;
  np.working.push(...texts.map((text) => ({ at, text })));
  return texts.length - refreshed;
}

/**
 * Appends notes to Working Memory, stamped `nowMs` (UTC). Text is scrubbed first. A note whose text
 * (whitespace squashed) is already there is not duplicated: its timestamp is refreshed and it moves
 * to the end. Returns the number of new notes. Throws MemdirError LOCK_TIMEOUT after 5 s.
 */
export function addWorkingMemory(file: string, texts: string[], nowMs: number): number {
  const notes = clean(texts);
  if (notes.length === 0) return 0;
  return update(file, (np) => ({ changed: true, result: addWorking(np, notes, stamp(nowMs)) }));
}

/**
 * Adds notes to Priority Context, newest first: the notes of one call (one tool output) go on top in
 * the order given, all stamped `nowMs`; an identical older note is replaced (moves up). Budget:
 * the entries' text, summed in code points from the top, must stay within PRIORITY_MAX_CHARS. The
 * first entry that does not fit and every older one are moved to Working Memory (stamped `nowMs`,
 * so they live 7 more days), never dropped; when the newest note alone is longer than the budget,
 * Priority Context keeps it cut to the budget (ending with "…") and Working Memory gets it whole.
 * Either case returns a `warning` saying what moved. Throws MemdirError LOCK_TIMEOUT after 5 s.
 */
export function addPriority(
  file: string,
  texts: string[],
  nowMs: number,
): { added: number; warning?: string } {
  const notes = clean(texts);
  if (notes.length === 0) return { added: 0 };
  return update(file, (np) => {
    const at = stamp(nowMs);
    const fresh = new Set(notes.map((t) => entryKey({ text: t })));
    const all: NotepadEntry[] = [
      ...notes.map((text) => ({ at, text })),
      ...np.priority.filter((e) => !fresh.has(entryKey(e))),
    ];
    const keep: NotepadEntry[] = [];
    const demote: string[] = [];
    let used = 0;
    let cut = false;
    for (const e of all) {
      const len = codePointLength(e.text);
      if (demote.length === 0 && used + len <= PRIORITY_MAX_CHARS) {
        keep.push(e);
        used += len;
      } else if (keep.length === 0) {
        keep.push({ at: e.at ?? at, text: truncateCodePoints(e.text, PRIORITY_MAX_CHARS) });
        demote.push(e.text);
        used = PRIORITY_MAX_CHARS;
        cut = true;
      } else demote.push(e.text);
    }
    np.priority = keep;
    if (demote.length > 0) addWorking(np, demote, at);
    const result: { added: number; warning?: string } = { added: notes.length };
    if (demote.length > 0) {
      const moved = cut ? demote.length - 1 : demote.length;
      result.warning =
        `Priority Context is limited to ${PRIORITY_MAX_CHARS} characters: ` +
        (cut ? "the newest note was cut to fit (full text kept in Working Memory)" : "") +
        (cut && moved > 0 ? "; " : "") +
        (moved > 0
          ? `moved ${moved} older note${moved === 1 ? "" : "s"} to Working Memory (kept 7 days)`
          : "") +
        ". Shorten priority notes or move lasting rules into memory topics.";
    }
    return { changed: true, result };
  });
}

/**
 * Removes Working Memory notes older than `maxAgeMs` (default 7 days): a note stamped exactly
 * `maxAgeMs` before `nowMs` is kept, one millisecond more and it goes. Notes without a (parsable)
 * timestamp and notes stamped in the future are kept. Returns the number removed; does not create
 * the file or its lock when the notepad does not exist. Throws MemdirError LOCK_TIMEOUT after 5 s.
 */
export function pruneWorkingMemory(file: string, nowMs: number, maxAgeMs = WORKING_MAX_AGE_MS): number {
  if (!existsSync(file)) return 0;
  return update(file, (np) => {
    const before = np.working.length;
    np.working = np.working.filter((e) => {
      const t = entryTimeMs(e);
      return t === undefined || nowMs - t <= maxAgeMs;
    });
    const removed = before - np.working.length;
    return { changed: removed > 0, result: removed };
  });
}
