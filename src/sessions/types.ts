/** Shapes of the session-scoped state files and the session end record (DESIGN.md §3.2). */
import type { LineDelta, ToolKind } from "../harness/index.js";

/**
 * Session-level tool statistics: the seven dimensions of Claude Code's `toolStats`
 * (`sdk-tools.d.ts` of Claude Code 2.1.100). Counts are tool calls; lines are text lines.
 */
export interface ToolStats {
  readCount: number;
  searchCount: number;
  bashCount: number;
  editFileCount: number;
  linesAdded: number;
  linesRemoved: number;
  otherToolCount: number;
}

/** One tool call as a PostToolUse / PostToolUseFailure hook sees it. */
export interface ToolCallRecord {
  /** The tool's name as the harness spells it (display, and "the same tool failed again"). */
  toolName: string;
  kind: ToolKind;
  /** The harness's id of the call, when its hook sends one (the id its transcript records). */
  id?: string;
  /** The files and the command the call works on (the fingerprint of a call without id). */
  paths?: readonly string[];
  command?: string;
  /** The tool's input object (previewed, scrubbed, in the last tool error). */
  toolInput: unknown;
  /** Lines a successful edit added and removed, as the adapter read them off the call. */
  linesChanged?: LineDelta;
  /** false for a failed call. */
  success: boolean;
  /** The failure's error text. */
  error?: string;
  /** The user stopped the call: counted, never a retry. */
  interrupted?: boolean;
}

/** `session-started.json`: who owns the session and since when. */
export interface SessionStarted {
  session_id: string;
  /** Pid of the harness process (the long-lived `claude` process), not of the hook process. */
  owner_pid?: number;
  /** Linux `/proc/sys/kernel/random/boot_id` at start; a different boot means the owner is gone. */
  boot_id?: string;
  /** First start of this session (ISO 8601 UTC); kept on resume. */
  started_at: string;
  /** Latest (re)start (ISO 8601 UTC). */
  last_started_at: string;
  /** How many SessionStart events this session has seen. */
  starts: number;
  /** SessionStart `source` of the latest start (`startup`, `resume`, `clear`, `compact`, `fork`). */
  source?: string;
  /** The harness of the latest start (`claude-code`, `codex`, `gemini`). */
  harness?: string;
  transcript_path?: string;
  cwd?: string;
  /** FNV-1a digest (8 hex digits) of the context the latest SessionStart injected. */
  context_digest?: string;
}

/** `last-tool-error-state.json` (DESIGN.md §3.2; field names as in oh-my-claudecode). */
export interface LastToolError {
  session_id: string;
  tool_name: string;
  /** JSON of the tool input, at most 200 code points. */
  input_preview: string;
  /** The error text, at most 500 code points. */
  error: string;
  /** ISO 8601 UTC time of this failure. */
  timestamp: string;
  /** 1 for a first failure; +1 for each failure of the same tool within 60 s of the previous one. */
  retry_count: number;
}

export type SubagentStatus = "running" | "completed" | "failed";

export interface SubagentEntry {
  agent_id: string;
  agent_type: string;
  /** ISO time of SubagentStart; null for a stop whose start was never seen. */
  started_at: string | null;
  ended_at?: string;
  status: SubagentStatus;
  /** true for an entry made from a stop without a start: never counted in the totals. */
  synthetic?: boolean;
}

/** `subagent-tracking-state.json`. */
export interface SubagentTracking {
  session_id: string;
  agents: SubagentEntry[];
  total_spawned: number;
  total_completed: number;
  total_failed: number;
  /** Stops whose start was never seen (forked agents, hooks installed mid-session). */
  total_unmatched_stops: number;
  last_updated: string;
}

/** `sessions/<id>.json`, the session end record: every field of DESIGN.md §3.2. */
export interface SessionEndRecord {
  session_id: string;
  /** From this session's own `session-started.json` only (never another session's state); null if unknown. */
  started_at: string | null;
  ended_at: string;
  /** ended_at − started_at in ms; null when started_at is unknown. */
  duration_ms: number | null;
  /** SessionEnd `reason` (`clear`, `resume`, `logout`, `prompt_input_exit`, `other`) or `reclaimed`. */
  reason: string;
  agents_spawned: number;
  agents_completed: number;
  modes_used: string[];
  toolStats: ToolStats;
}

/** Extraction cursor of a session's transcript. */
export interface ExtractionCursor {
  transcriptPath?: string;
  /** Byte offset in the transcript up to which extraction is done. */
  offset: number;
  /** Turns processed so far (for the every-N-turns throttle). */
  turns: number;
}

/** One entry of `state/extract-queue.json`. */
export interface ExtractionQueueEntry {
  sessionId: string;
  transcriptPath: string;
  /** Byte offset where the unprocessed tail starts. */
  offset: number;
  /** ISO time the entry was queued. */
  queuedAt: string;
}
