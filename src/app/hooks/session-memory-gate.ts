/**
 * Mid-turn session memory gate. Claude Code evaluates its session-memory trigger after
 * every model sampling; memdir's extraction job only runs at Stop and PreCompact, and a long agent turn
 * (hundreds of tool calls) has no Stop. So PostToolUse starts a detached "session memory only" job
 * (`memdir job session-memory`) each time the transcript has grown by `SESSION_MEMORY_PROBE_BYTES`
 * since the last such start; the job's trigger (jobs/summarize/trigger.ts) decides from the recorded
 * usage whether an update is due.
 * Hot path (every tool call): sync fs, no yaml/zod, no transcript read: one stat of the transcript and,
 * only once it is at least the probe size, one small state read; the state is written only on a spawn.
 */
import { statSync } from "node:fs";
import { describeError } from "../../core/errors.js";
import { writeJsonAtomic } from "../../core/json.js";
import type { ToolAfterEvent } from "../../harness/index.js";
import { readStateJson, sessionStatePaths } from "../../paths/index.js";
import type { AppContext } from "../context.js";
import type { JobRequest } from "../jobs/request.js";

/**
 * Transcript growth (bytes) between two mid-turn session-memory jobs. Measured on the real long
 * transcripts (../shared/data/transcripts/claude-code, 2.7-3.2 MB each): per 5,000-token window of
 * context growth (main-chain `usage`), the transcript grows 7.1 / 9.8 / 13.6 bytes per token at the
 * 10th / 25th / 50th percentile (about 15 bytes per token overall: each entry repeats its metadata and
 * `toolUseResult` duplicates tool output). 5,000 tokens × 9.8 ≈ 48 KiB, so a job comes about every
 * 3,300 tokens on average (more often than Claude Code's 5,000-token step, never much later). On those
 * transcripts: 40-46 jobs per session for 24-29 five-thousand-token windows, a median of 3-6 tool calls
 * per job, and the first summary at 27.5k-29.5k context tokens where Claude Code's trigger first
 * fires at 26k-26.5k (without the gate: 82k-167k).
 */
export const SESSION_MEMORY_PROBE_BYTES = 48 * 1024;

/** State file name (`<stateRoot>/state/sessions/<id>/session-memory-gate-state.json`). */
export const SESSION_MEMORY_GATE_STATE = "session-memory-gate";

/** What the gate keeps between tool calls. */
export interface SessionMemoryGateState {
  /** Transcript size (bytes) when the last job was started. */
  size: number;
  /** When (ms since the epoch). */
  atMs: number;
}

/** The session-memory job of a session. */
export function sessionMemoryJob(ctx: AppContext, input: ToolAfterEvent, transcriptPath: string): JobRequest {
  return {
    kind: "session-memory",
    cwd: ctx.paths.projectRoot,
    harness: input.harness,
    sessionId: input.sessionId,
    transcriptPath,
  };
}

/** The transcript size (bytes) at the last job start, 0 when none (or the file is unusable). */
export function readGateSize(stateRoot: string, sessionId: string): number {
  // A new file: it has no legacy location, so only the session's own path is read (one read).
  const [own] = sessionStatePaths(stateRoot, sessionId).read(SESSION_MEMORY_GATE_STATE);
  const s = readStateJson<Partial<SessionMemoryGateState> | null>(own ? [own] : [], null);
  const size = s && typeof s === "object" ? s.size : undefined;
  return typeof size === "number" && Number.isFinite(size) && size >= 0 ? size : 0;
}

/**
 * After a tool call: starts `memdir job session-memory` detached when
 * `config.sessionMemory.enabled` and the transcript grew by at least `SESSION_MEMORY_PROBE_BYTES`
 * since the last start (a transcript smaller than the recorded size was replaced: growth counts from 0).
 * Never throws (a failure is one log line).
 * @returns whether a job was started
 */
export async function maybeStartSessionMemory(ctx: AppContext, input: ToolAfterEvent): Promise<boolean> {
  if (!ctx.config.sessionMemory.enabled) return false;
  const transcript = input.transcriptPath;
  if (!transcript) return false;
  try {
    const st = statSync(transcript, { throwIfNoEntry: false });
    if (!st?.isFile() || st.size < SESSION_MEMORY_PROBE_BYTES) return false;
    const size = st.size;
    const { stateRoot } = ctx.paths;
    let last = readGateSize(stateRoot, input.sessionId);
    if (size < last) last = 0;
    if (size - last < SESSION_MEMORY_PROBE_BYTES) return false;
    const state: SessionMemoryGateState = { size, atMs: ctx.rt.now() };
    writeJsonAtomic(sessionStatePaths(stateRoot, input.sessionId).write(SESSION_MEMORY_GATE_STATE), state, {
      durable: false,
    });
    await ctx.rt.spawnJob(sessionMemoryJob(ctx, input, transcript));
    return true;
  } catch (e) {
    ctx.log("warn", "hook:session-memory-gate", describeError(e), { session_id: input.sessionId });
    return false;
  }
}
