/**
 * Recovery of what the after-call hook records (tool stats, lines changed, hot paths and commands that
 * worked, `<remember>` notes of a subagent's output) for the tool calls whose hook never ran to its end:
 * Claude Code 2.1.332 runs PostToolUse async and cancels it when a `claude -p` session ends, so the last
 * calls of a headless session are often the ones missing. Reads the session's transcript from its own
 * cursor (tool-recovery-state.json, not the extraction cursor: recovery runs when extraction is
 * throttled too, and a call waiting for its result holds its cursor back), through the harness's reader.
 * Runs in the detached jobs only: the extraction job (Stop when due, PreCompact, SessionEnd, reclaimed
 * sessions at SessionStart) and the recover job (a Stop whose extraction is not due). The ledger makes
 * it exact whatever runs first: see sessions/tool-ledger.ts.
 */
import { statSync } from "node:fs";
import { describeError } from "../../core/errors.js";
import type { HarnessName } from "../../harness/index.js";
import { foldToolLog, logToolUse } from "../../project/index.js";
import {
  applyToolRecovery,
  endsLatestStart,
  type RecoverableCall,
  readEndRecord,
  readSessionStarted,
  readToolRecoveryState,
} from "../../sessions/index.js";
import { allToolCalls, settledOffset } from "../../transcripts/index.js";
import { type AppContext, ensureProjectState, projectContext } from "../context.js";
import { captureRememberTags } from "../remember.js";
import type { Runtime } from "../runtime.js";
import { transcriptAdapterFor } from "../transcript-reader.js";
import { checkTranscriptInput } from "./input.js";
import { TRANSCRIPT_READ_BYTES } from "./limits.js";
import type { RecoverRequest } from "./request.js";

export interface RecoverTarget {
  sessionId: string;
  transcriptPath?: string;
  harness?: HarnessName;
}

export interface RecoverToolsResult {
  sessionId: string;
  /** Calls recorded now (no record held them). */
  recorded: number;
  /** `<remember>` notes taken from recorded agent calls' output. */
  notes: number;
  /** Byte cursor before and after. */
  from: number;
  to: number;
  /** Why nothing was read: `no_ledger` (hooks kept none), `no_transcript`, `transcript_missing`, `input_refused`. */
  skipped?: string;
}

/** Reads of one run at most (each TRANSCRIPT_READ_BYTES), as the extraction job. */
const MAX_ROUNDS = 16;

/** The session's transcript: the caller's, else the one recovery read last, else the one SessionStart named. */
function transcriptOf(ctx: AppContext, t: RecoverTarget, statePath: string | undefined): string | undefined {
  return (
    t.transcriptPath ?? statePath ?? readSessionStarted(ctx.paths.stateRoot, t.sessionId)?.transcript_path
  );
}

/** The project learning of recorded calls, as the hook appends it (caller holds the session lock). */
function learn(ctx: AppContext, calls: readonly RecoverableCall[], atMs: number): void {
  for (const c of calls)
    logToolUse(
      ctx.paths.projectMemory,
      ctx.paths.projectRoot,
      {
        kind: c.kind,
        paths: c.paths,
        ...(c.command !== undefined ? { command: c.command } : {}),
        success: c.result?.isError === false,
      },
      atMs,
    );
}

/**
 * Recovers the calls of one session's transcript that no record holds. Never throws for a missing or
 * unreadable transcript (a `skipped` result); throws for state it cannot write (LOCK_TIMEOUT, IO).
 */
export async function recoverToolRecords(ctx: AppContext, t: RecoverTarget): Promise<RecoverToolsResult> {
  const { stateRoot } = ctx.paths;
  const state = readToolRecoveryState(stateRoot, t.sessionId);
  const out = (from: number, skipped?: string): RecoverToolsResult => ({
    sessionId: t.sessionId,
    recorded: 0,
    notes: 0,
    from,
    to: from,
    ...(skipped ? { skipped } : {}),
  });
  if (!state) return out(0, "no_ledger");
  const transcript = transcriptOf(ctx, t, state.transcriptPath);
  if (!transcript) return out(state.offset, "no_transcript");
  const input = checkTranscriptInput(ctx, "recover", t.sessionId, transcript);
  if (input !== "ok") return out(state.offset, input === "refused" ? "input_refused" : "transcript_missing");
  const read = (await transcriptAdapterFor(transcript, t.harness)).transcripts.read;
  const nowMs = ctx.rt.now();
  const activityMs = Math.min(nowMs, statSync(transcript).mtimeMs);
  // An ended session gets no more results: a call still waiting never will, so it holds nothing back.
  const ended = endsLatestStart(stateRoot, t.sessionId, readEndRecord(stateRoot, t.sessionId));
  const start = state.transcriptPath === transcript ? state.offset : 0;
  const res = out(start);
  const agentOutputs: string[] = [];
  for (let from = start, round = 0; round < MAX_ROUNDS; round++) {
    const slice = read(transcript, from, { maxBytes: TRANSCRIPT_READ_BYTES });
    const to = ended && !slice.more ? slice.endOffset : settledOffset(slice, from);
    const r = applyToolRecovery(stateRoot, t.sessionId, allToolCalls(slice.messages), {
      nowMs,
      activityMs,
      cursor: { transcriptPath: transcript, offset: to },
      whileLocked: (calls) => learn(ctx, calls, activityMs),
    });
    res.recorded += r.record.length;
    res.to = Math.max(res.to, to);
    for (const c of r.record)
      if (c.kind === "agent" && c.result?.isError === false && /<remember/i.test(c.result.text))
        agentOutputs.push(c.result.text);
    if (!slice.more || to <= from) break;
    from = to;
  }
  for (const text of agentOutputs) res.notes += await captureRememberTags(ctx, text, nowMs);
  if (res.recorded > 0)
    ctx.event("tool_calls_recovered", {
      session_id: t.sessionId,
      recorded: res.recorded,
      notes: res.notes,
      from: res.from,
      to: res.to,
    });
  return res;
}

/** recoverToolRecords for each target; a failure is logged and costs only its own session. */
export async function recoverSessions(ctx: AppContext, targets: readonly RecoverTarget[]): Promise<void> {
  for (const t of targets) {
    try {
      await recoverToolRecords(ctx, t);
    } catch (e) {
      ctx.log("error", "job:recover", `tool calls not recovered: ${describeError(e)}`, {
        session_id: t.sessionId,
      });
    }
  }
}

/**
 * The recover job (`memdir job recover`, started by a Stop whose extraction is not due): one session's
 * recovery, then the project learning folded into project-memory.json. Failures are logged, not thrown.
 */
export async function runRecoveryJob(
  rt: Runtime,
  o: RecoverRequest,
): Promise<RecoverToolsResult | undefined> {
  const ctx = projectContext(rt, o.cwd);
  ensureProjectState(ctx);
  let r: RecoverToolsResult | undefined;
  try {
    r = await recoverToolRecords(ctx, o);
  } catch (e) {
    ctx.log("error", "job:recover", `tool calls not recovered: ${describeError(e)}`, {
      session_id: o.sessionId,
    });
  }
  foldToolLog(ctx.paths.projectMemory, ctx.paths.projectRoot, rt.now());
  return r;
}
