/**
 * The background jobs hooks start, as typed requests: `Runtime.spawnJob` takes one, `jobArgv` turns it
 * into the argv of `memdir job …` (the only place that spells those flags), and `memdir replay` runs
 * the requests in-process.
 */
import type { HarnessName } from "../../harness/index.js";

/** Extraction of a session's transcript tail (Stop, PreCompact, SessionEnd), or of the reclaimed-session queue. */
export interface ExtractRequest {
  kind: "extract";
  /** The project directory. */
  cwd: string;
  /** The harness that wrote the transcript; default: recognised from the file. */
  harness?: HarnessName;
  sessionId?: string;
  transcriptPath?: string;
  /** Also process the queue of reclaimed sessions. */
  queue?: boolean;
  /** A compaction is about to happen: the session memory is refreshed first, whatever its thresholds say. */
  precompact?: boolean;
  /** Started by a Stop: the auto-dream's gates are checked when the job is done. */
  dreamCheck?: boolean;
}

/** A mid-turn session memory update (PostToolUse, when the transcript grew enough). */
export interface SessionMemoryRequest {
  kind: "session-memory";
  cwd: string;
  harness?: HarnessName;
  sessionId: string;
  /** Default: the one the cursor or the session start recorded. */
  transcriptPath?: string;
}

/** Recovery of the tool calls no hook recorded (a Stop whose extraction is not due; recover-tools.ts). */
export interface RecoverRequest {
  kind: "recover";
  cwd: string;
  harness?: HarnessName;
  sessionId: string;
  transcriptPath?: string;
  /** Started by a Stop: the auto-dream's gates are checked when the job is done. */
  dreamCheck?: boolean;
}

/** The auto-dream (Stop, when the cheap gates opened; they are checked again in the job). */
export interface DreamRequest {
  kind: "dream";
  cwd: string;
  /** The current session (never counted by the session gate). */
  sessionId?: string;
}

/** Team memory sync (SessionStart, when the automatic pull is due): pull, then push what is pending. */
export interface TeamSyncRequest {
  kind: "team-sync";
  cwd: string;
  /** The session whose pushes a permanent failure suppresses. */
  sessionId?: string;
}

/**
 * Extraction of a subagent's own transcript into its agent type's memory (SubagentStop). `cwd` is the
 * session's working directory (project and local agent memory live under it, as in Claude Code).
 */
export interface AgentExtractRequest {
  kind: "agent-extract";
  cwd: string;
  harness?: HarnessName;
  /** The parent session. */
  sessionId: string;
  agentId: string;
  agentType: string;
  /** The subagent's transcript (`agent_transcript_path`). */
  transcriptPath: string;
}

/**
 * Every job has this shape: a request of its kind in, `run<Kind>Job(rt, request)` runs it to its end
 * (app/jobs/run.ts dispatches), its outcomes are events in events.jsonl and its return value.
 */
export type JobRequest =
  | ExtractRequest
  | SessionMemoryRequest
  | RecoverRequest
  | DreamRequest
  | TeamSyncRequest
  | AgentExtractRequest;
export type JobKind = JobRequest["kind"];

/** `["job", <kind>, …flags]`: the argv after the memdir bin. */
export function jobArgv(r: JobRequest): string[] {
  const a = ["job", r.kind];
  const flag = (name: string, v: string | undefined) => {
    if (v) a.push(`--${name}`, v);
  };
  if (r.kind !== "dream" && r.kind !== "team-sync") flag("harness", r.harness);
  flag("session", r.sessionId);
  if (r.kind !== "dream" && r.kind !== "team-sync") flag("transcript", r.transcriptPath);
  flag("cwd", r.cwd);
  if (r.kind === "extract" && r.queue) a.push("--queue");
  if (r.kind === "extract" && r.precompact) a.push("--precompact");
  if ((r.kind === "extract" || r.kind === "recover") && r.dreamCheck) a.push("--dream-check");
  if (r.kind === "agent-extract") a.push("--agent-id", r.agentId, "--agent-type", r.agentType);
  return a;
}
