/** `session-started.json`: the session's owner and start time (DESIGN.md §3.2 Liveness). */
import { isoUtc } from "../core/clock.js";
import { writeJsonAtomic } from "../core/json.js";
import { num, readObject, sessionFile, withSessionLock } from "./state.js";
import type { SessionStarted } from "./types.js";

export const SESSION_STARTED_FILE = "session-started.json";

export interface SessionStartInfo {
  /**
   * Pid of the harness process that owns the session (Claude Code's `claude` process, i.e. the hook
   * process's parent), never the short-lived hook process (dead as soon as the hook returns).
   */
  ownerPid: number;
  /** Start time, ms since the epoch. */
  startedAtMs: number;
  /** The harness the session runs in (`claude-code`, `codex`, `gemini`). */
  harness?: string;
  transcriptPath?: string;
  cwd?: string;
  /** SessionStart `source`: `startup`, `resume`, `clear`, `compact` or `fork`. */
  source?: string;
  /** Linux boot id; lets a later session see that the owner died with a reboot. */
  bootId?: string;
}

/** Reads `session-started.json` of a session; undefined when missing or unreadable. */
export function readSessionStarted(stateRoot: string, sessionId: string): SessionStarted | undefined {
  const v = readObject<Partial<SessionStarted>>(sessionFile(stateRoot, sessionId, SESSION_STARTED_FILE));
  if (!v || typeof v.started_at !== "string") return undefined;
  return {
    ...v,
    session_id: sessionId,
    started_at: v.started_at,
    last_started_at: typeof v.last_started_at === "string" ? v.last_started_at : v.started_at,
    starts: num(v.starts, 1),
  } as SessionStarted;
}

/** Records the digest of the context a SessionStart injected (under the session lock). */
export function recordInjectedContext(stateRoot: string, sessionId: string, digest: string): void {
  withSessionLock(stateRoot, sessionId, () => {
    const prev = readSessionStarted(stateRoot, sessionId);
    if (!prev || prev.context_digest === digest) return;
    writeJsonAtomic(
      sessionFile(stateRoot, sessionId, SESSION_STARTED_FILE),
      { ...prev, context_digest: digest },
      { durable: false },
    );
  });
}

/**
 * Writes (or updates, on resume/clear/compact) `session-started.json` under the session lock.
 * The original `started_at` is kept; `last_started_at`, the owner pid, boot id, source, transcript
 * path and cwd take the new values (a resumed session may run in a new harness process).
 * Returns the record written. Throws MemdirError BAD_INPUT for an invalid session id.
 */
export function writeSessionStarted(
  stateRoot: string,
  sessionId: string,
  info: SessionStartInfo,
): SessionStarted {
  return withSessionLock(stateRoot, sessionId, () => {
    const prev = readSessionStarted(stateRoot, sessionId);
    const now = isoUtc(info.startedAtMs);
    const prevLast = prev ? Date.parse(prev.last_started_at) : Number.NaN;
    const rec: SessionStarted = {
      ...prev,
      session_id: sessionId,
      owner_pid: info.ownerPid,
      started_at: prev?.started_at ?? now,
      // monotonic: an out-of-order SessionStart never moves the latest start backwards
      last_started_at: prevLast > info.startedAtMs ? prev!.last_started_at : now,
      starts: (prev?.starts ?? 0) + 1,
    };
    if (info.bootId !== undefined) rec.boot_id = info.bootId;
    if (info.source !== undefined) rec.source = info.source;
    if (info.harness !== undefined) rec.harness = info.harness;
    if (info.transcriptPath !== undefined) rec.transcript_path = info.transcriptPath;
    if (info.cwd !== undefined) rec.cwd = info.cwd;
    writeJsonAtomic(sessionFile(stateRoot, sessionId, SESSION_STARTED_FILE), rec, { durable: false });
    return rec;
  });
}
