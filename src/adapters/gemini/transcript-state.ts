/**
 * The Gemini CLI 0.61.0 session file (`chatRecordingService`) replayed line by line into its final state,
 * the way Gemini's own `loadConversationRecord` does:
 * - the header `{sessionId, projectHash, startTime, lastUpdated, kind, directories?}` (and any later line
 *   with a string `sessionId` and `projectHash`) sets metadata; a `messages` array in it adds messages;
 * - a message record `{id, type, content, …}` replaces the message with that id in place (the same id is
 *   written again as the message grows: the last record wins, the position is the first one's), or appends;
 * - `{"$set":{…}}` patches metadata; a `messages` array in it REPLACES the whole list (resume, compression,
 *   rollback of an aborted turn);
 * - `{"$rewindTo":"<id>"}` drops that message and every later one (all of them when the id is unknown);
 *   `rewoundAt` remembers where (a `$set` that drops messages is a resume or a compression, not a rewind).
 * Besides the state, every message id and tool-call id remembers the byte offset just after the first line
 * where it was worth reporting (`introducedAt`, `callAt`); these never move and survive removal, so a
 * cursor can tell what an earlier read already returned even after history was rewritten.
 */
import { readLines } from "../../core/jsonl.js";
import type { TranscriptReadBounds } from "../../transcripts/types.js";
import { isSessionContext, isStateSnapshot, stripHookContext } from "./context-text.js";

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

export interface SessionMeta {
  sessionId?: string;
  projectHash?: string;
  kind?: string;
  startTime?: string;
  directories?: string[];
}

export interface SessionState {
  meta: SessionMeta;
  /** The current messages by id, in position order (last record per id). */
  messages: Map<string, Obj>;
  /** Message id → end offset of the first line that made it reportable. */
  introducedAt: Map<string, number>;
  /** Tool-call id → end offset of the first line that recorded the call; `resultAt`: that recorded its result. */
  callAt: Map<string, number>;
  resultAt: Map<string, number>;
  /**
   * Message id → end offset of the `$rewindTo` line that dropped it (a record of the same id written
   * later takes it back out): the branch a rewind abandoned.
   */
  rewoundAt: Map<string, number>;
  /** Compression summaries (`<state_snapshot>` user messages) by message id → end offset of their line. */
  snapshots: Map<string, number>;
  /** Line end offset → its start offset (replay puts a hook before the line that recorded its cause). */
  lineStart: Map<number, number>;
  /** Start offsets of the `{"$set":{"sessionId":…}}` lines a `--resume` writes before re-listing history. */
  resumes: number[];
  /** End offset of the last complete line read. */
  endOffset: number;
  skipped: Record<string, number>;
  /** The read stopped at its byte budget with more of the file left. */
  more: boolean;
}

/** The text parts of a content value (string, Part or Part[]), thoughts left out. */
export function contentTexts(v: unknown): string[] {
  if (typeof v === "string") return [v];
  const out: string[] = [];
  for (const p of Array.isArray(v) ? v : [v]) {
    if (typeof p === "string") out.push(p);
    else if (isObj(p) && typeof p.text === "string" && p.thought !== true) out.push(p.text);
  }
  return out;
}

/** What the user typed: `displayContent` when recorded, else `content`, without `<hook_context>` blocks. */
export function userText(m: Obj): string {
  const src = m.displayContent !== undefined ? m.displayContent : m.content;
  return stripHookContext(contentTexts(src).join("\n"));
}

/** True when a record is worth reporting: a real prompt, a compression summary, or model text or tool calls. */
export function reportable(m: Obj): boolean {
  if (m.type === "user") {
    const t = userText(m);
    return t !== "" && !isSessionContext(t);
  }
  if (m.type === "gemini") {
    const calls = Array.isArray(m.toolCalls) && m.toolCalls.length > 0;
    return calls || contentTexts(m.content).join("").trim() !== "";
  }
  return false;
}

function note(state: SessionState, m: Obj, end: number): void {
  const id = m.id as string;
  state.rewoundAt.delete(id);
  if (!state.introducedAt.has(id) && reportable(m)) {
    state.introducedAt.set(id, end);
    if (m.type === "user" && isStateSnapshot(userText(m))) state.snapshots.set(id, end);
  }
  if (!Array.isArray(m.toolCalls)) return;
  for (const c of m.toolCalls) {
    if (!isObj(c) || typeof c.id !== "string") continue;
    if (!state.callAt.has(c.id)) state.callAt.set(c.id, end);
    if (c.result !== undefined && c.result !== null && !state.resultAt.has(c.id))
      state.resultAt.set(c.id, end);
  }
}

const hasId = (v: Obj): boolean => typeof v.id === "string" && v.id !== "";
const messagesIn = (list: unknown[]): Obj[] => list.filter((v): v is Obj => isObj(v) && hasId(v));

function setMeta(state: SessionState, o: Obj): void {
  if (typeof o.sessionId === "string") state.meta.sessionId = o.sessionId;
  if (typeof o.projectHash === "string") state.meta.projectHash = o.projectHash;
  if (typeof o.kind === "string") state.meta.kind = o.kind;
  if (typeof o.startTime === "string") state.meta.startTime ??= o.startTime;
  if (Array.isArray(o.directories))
    state.meta.directories = o.directories.filter((d) => typeof d === "string");
}

/** Applies one parsed line (ending at byte `end`) to `state`; returns a skip reason or undefined. */
export function applyLine(state: SessionState, o: unknown, end: number): string | undefined {
  if (!isObj(o)) return "bad_json";
  if (typeof o.$rewindTo === "string") {
    const ids = [...state.messages.keys()];
    const at = ids.indexOf(o.$rewindTo);
    for (const id of at === -1 ? ids : ids.slice(at)) {
      state.messages.delete(id);
      state.rewoundAt.set(id, end);
    }
    return undefined;
  }
  if (hasId(o)) {
    state.messages.set(o.id as string, o);
    note(state, o, end);
    return undefined;
  }
  if (isObj(o.$set)) {
    setMeta(state, o.$set);
    if (Array.isArray(o.$set.messages)) {
      state.messages.clear();
      for (const m of messagesIn(o.$set.messages)) {
        state.messages.set(m.id as string, m);
        note(state, m, end);
      }
    }
    return undefined;
  }
  if (typeof o.sessionId === "string" && typeof o.projectHash === "string") {
    setMeta(state, o);
    if (Array.isArray(o.messages))
      for (const m of messagesIn(o.messages)) {
        state.messages.set(m.id as string, m);
        note(state, m, end);
      }
    return undefined;
  }
  return "unknown_record";
}

/**
 * Replays `path` from byte 0 through the last complete line, or through `until` bytes when given (the
 * read budget: the caller's cursor plus its maxBytes). Lines over `bounds.maxLineBytes` are skipped
 * (`oversized_line`). Throws what readLines throws (NOT_FOUND, INPUT_REFUSED, IO).
 */
export function replaySession(path: string, until?: number, bounds: TranscriptReadBounds = {}): SessionState {
  const state: SessionState = {
    meta: {},
    messages: new Map(),
    introducedAt: new Map(),
    callAt: new Map(),
    resultAt: new Map(),
    rewoundAt: new Map(),
    snapshots: new Map(),
    lineStart: new Map(),
    resumes: [],
    endOffset: 0,
    skipped: {},
    more: false,
  };
  const skip = (r: string) => {
    state.skipped[r] = (state.skipped[r] ?? 0) + 1;
  };
  const stats = { budgetHit: false };
  const opts = {
    what: "the transcript",
    stats,
    ...(bounds.maxLineBytes ? { maxLineBytes: bounds.maxLineBytes } : {}),
  };
  for (const line of readLines(path, 0, until === undefined ? opts : { ...opts, maxBytes: until })) {
    state.endOffset = line.end;
    if (line.oversized) {
      skip("oversized_line");
      continue;
    }
    if (line.text.trim() === "") continue;
    let o: unknown;
    try {
      o = JSON.parse(line.text);
    } catch {
      skip("bad_json");
      continue;
    }
    const r = applyLine(state, o, line.end);
    if (r) skip(r);
    state.lineStart.set(line.end, line.start);
    if (isObj(o) && isObj(o.$set) && Object.keys(o.$set).join() === "sessionId")
      state.resumes.push(line.start);
  }
  state.more = stats.budgetHit;
  return state;
}
