/**
 * Gemini CLI 0.61.0 session files → the harness-neutral model of `transcripts/` (format:
 * transcript-state.ts; paths: transcript-files.ts; records: transcript-messages.ts).
 *
 * Cursor semantics. Gemini rewrites history inside the file (`$set` of the whole message list on resume
 * and compression, the same id written again as a message grows, `$rewindTo`), so a byte range does not
 * hold "the new messages". Every read therefore replays the file from byte 0, and the cursor means: a
 * message (or tool call) belongs to the one read whose `(fromOffset, endOffset]` range holds the end of the
 * first line where it became reportable (its `endOffset`). So consecutive reads return every message once,
 * in its latest state at read time, and a message rewritten later (resume `$set`) is not returned again.
 * A message reported before the cursor that gained tool calls after it comes back once more holding only
 * those calls (text ""), as a Claude Code message split across reads does. A message dropped by `$rewindTo`
 * or by a `$set` before a read is never returned (an abandoned branch is not extracted); a message an
 * earlier read returned (reportable at or before the cursor) that a `$rewindTo` after the cursor dropped is
 * listed in `abandoned` (its id), so what was learned from it can be withdrawn.
 */
import { basename, dirname } from "node:path";
import type { ConversationMessage, TranscriptReadBounds, TranscriptSlice } from "../../transcripts/types.js";
import type { Env, TranscriptRef } from "../contract.js";
import { checkCursor, inputFileSize, startSlice } from "../shared/transcript-cursor.js";
import { conversationFile, findSessions, readHeader, SESSION_FILE, sessionCwd } from "./transcript-files.js";
import { messageOf } from "./transcript-messages.js";
import { type Obj, replaySession } from "./transcript-state.js";

const fileSize = (path: string): number => inputFileSize(path, "the transcript");

/** The file holding the conversation a resume stub names (see conversationFile); `path` itself otherwise or on error. */
export function conversationPath(path: string): string {
  try {
    return conversationFile(path, replaySession(path), (p) => replaySession(p));
  } catch {
    return path;
  }
}

/**
 * Reads the Gemini session file at `path` (a resume stub resolves to the file holding the conversation,
 * see conversationFile; `endOffset` is then a cursor into that file) from cursor `fromOffset`.
 * Only complete lines are consumed. `bounds.maxBytes` bounds the bytes past the cursor (`more` is set when
 * the file goes on); lines over `bounds.maxLineBytes` (default 16 MiB) are skipped (`oversized_line`).
 * Throws MemdirError NOT_FOUND, INPUT_REFUSED (not a regular file), BAD_INPUT (negative or fractional
 * cursor). A cursor past the end of the file yields an empty slice, `skipped.cursor_past_end = 1`.
 */
export function readGeminiTranscript(
  path: string,
  fromOffset = 0,
  bounds: TranscriptReadBounds = {},
): TranscriptSlice {
  checkCursor(fromOffset);
  fileSize(path);
  const first = replaySession(path, undefined, bounds);
  const real = conversationFile(path, first, (p) => replaySession(p, undefined, bounds));
  const size = real === path ? fileSize(path) : fileSize(real);
  const { slice, skip, pastEnd } = startSlice(fromOffset, size);
  if (pastEnd) return slice;
  const until = bounds.maxBytes === undefined ? undefined : fromOffset + bounds.maxBytes;
  const state = real === path && until === undefined ? first : replaySession(real, until, bounds);
  for (const [k, n] of Object.entries(state.skipped)) skip(k, n);
  const subagent = state.meta.kind === "subagent";
  slice.sessionId = subagent ? basename(dirname(real)) : state.meta.sessionId;
  if (subagent && state.meta.sessionId) slice.agentId = state.meta.sessionId;
  slice.cwd = sessionCwd(real, state.meta);
  slice.endOffset = Math.max(fromOffset, state.endOffset);
  if (state.more) slice.more = true;
  const after = (at: number | undefined) => at !== undefined && at > fromOffset;
  let prev: Obj | undefined;
  for (const m of state.messages.values()) {
    const id = m.id as string;
    const intro = state.introducedAt.get(id);
    const msg = messageOf(
      m,
      prev,
      { endOffset: intro ?? 0, callAt: (c) => state.callAt.get(c), resultAt: (c) => state.resultAt.get(c) },
      subagent,
    );
    prev = m;
    if (typeof msg === "string") {
      if (intro === undefined || after(intro)) skip(msg);
      continue;
    }
    if (intro === undefined) continue;
    if (after(intro)) slice.messages.push(msg);
    else if (msg.kind === "assistant") {
      const calls = msg.toolCalls.filter((c) => after(c.endOffset));
      if (calls.length === 0) continue;
      const endOffset = Math.max(...calls.map((c) => c.endOffset ?? 0));
      const { usage: _usage, ...rest } = msg;
      slice.messages.push({ ...rest, text: "", toolCalls: calls, endOffset } satisfies ConversationMessage);
    }
  }
  slice.messages.sort((a, b) => a.endOffset - b.endOffset);
  const abandoned = [...state.rewoundAt].flatMap(([id, at]) => {
    const intro = state.introducedAt.get(id);
    return at > fromOffset && intro !== undefined && !after(intro) && !state.messages.has(id) ? [id] : [];
  });
  if (abandoned.length > 0) slice.abandoned = abandoned;
  for (const [id, at] of state.snapshots) {
    if (!after(at)) continue;
    const m = state.messages.get(id);
    slice.compactions.push({
      uuid: id,
      timestamp: typeof m?.timestamp === "string" ? m.timestamp : "",
      trigger: "unknown",
      endOffset: at,
    });
  }
  return slice;
}

/** True when `head` starts with a Gemini session header (`sessionId` and `projectHash` strings, `startTime`). */
export function sniffGemini(head: string): boolean {
  const text = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  const nl = text.indexOf("\n");
  try {
    const v: unknown = JSON.parse(nl === -1 ? text : text.slice(0, nl));
    if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    return (
      typeof o.sessionId === "string" && typeof o.projectHash === "string" && typeof o.startTime === "string"
    );
  } catch {
    return false;
  }
}

/** Session files of every project under `~/.gemini/tmp`, newest first, with the session id from the header. */
export function findGeminiTranscripts(env: Env, home: string): TranscriptRef[] {
  return findSessions(env, home).map((ref) => {
    if (ref.sessionId || !SESSION_FILE.test(basename(ref.path))) return ref;
    const sid = readHeader(ref.path)?.sessionId;
    return typeof sid === "string" ? { ...ref, sessionId: sid } : ref;
  });
}
