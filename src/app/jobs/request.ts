/**
 * The background jobs hooks start, as typed requests: `Runtime.spawnJob` takes one, `jobArgv` turns it
 * into the argv of `memdir job …` (the only place that spells those flags), and `memdir replay` runs
 * the requests in-process.
 */
import type { HarnessName } from "../../harness/index.js";

export type JobRequest =
  /** Extraction of a session's transcript tail (Stop, PreCompact, SessionEnd), or of the reclaimed-session queue. */
  | {
      kind: "extract";
      cwd: string;
      harness?: HarnessName;
      sessionId?: string;
      transcriptPath?: string;
      /** Also process the queue of reclaimed sessions. */
      queue?: boolean;
      /** A compaction is about to happen: the session memory is refreshed whatever its thresholds say. */
      precompact?: boolean;
    }
  /** Recovery of the tool calls no hook recorded (a Stop whose extraction is not due; recover-tools.ts). */
  | { kind: "recover"; cwd: string; harness?: HarnessName; sessionId: string; transcriptPath?: string }
  /** A mid-turn session memory update (PostToolUse, when the transcript grew enough). */
  | { kind: "session-memory"; cwd: string; harness?: HarnessName; sessionId: string; transcriptPath: string }
  /** The auto-dream (Stop, when the cheap gates opened). */
  | { kind: "dream"; cwd: string; sessionId?: string };

/** `["job", <kind>, …flags]`: the argv after the memdir bin. */
export function jobArgv(r: JobRequest): string[] {
  const a = ["job", r.kind];
  const flag = (name: string, v: string | undefined) => {
    if (v) a.push(`--${name}`, v);
  };
  if (r.kind !== "dream") flag("harness", r.harness);
  flag("session", r.sessionId);
  if (r.kind !== "dream") flag("transcript", r.transcriptPath);
  flag("cwd", r.cwd);
  if (r.kind === "extract" && r.queue) a.push("--queue");
  if (r.kind === "extract" && r.precompact) a.push("--precompact");
  return a;
}
