/**
 * The harness-neutral conversation model. Adapters (e.g. `adapters/claude-code/transcript.ts`)
 * turn a harness transcript into these records; extraction, replay and session memory read only these.
 */

import type { LineDelta, ToolUse } from "../harness/index.js";

/**
 * One tool call made by the assistant (kind, files and command filled in by the adapter), joined with
 * its result when the result was seen.
 */
export interface ToolCall extends ToolUse {
  /** Harness tool id (`toolu_…`, `call_…`). */
  id: string;
  /**
   * The result, once seen: text of the tool_result and whether it was an error; `structured` is the
   * harness's structured tool output (Claude Code `toolUseResult`, the shape of hook `tool_response`);
   * `endOffset` is the byte offset just after the transcript line that carried the result.
   */
  result?: {
    text: string;
    isError: boolean;
    structured?: unknown;
    endOffset?: number;
    /** The user declined the call: it never ran and the harness fired no after-call hook for it. */
    rejected?: boolean;
    /**
     * Lines a successful edit added and removed, as the harness's after-call hook reports them (set only
     * by adapters whose hook reports line counts; absent = none reported).
     */
    linesChanged?: LineDelta;
  };
  /** Byte offset just after the transcript line that carried the tool_use block. */
  endOffset?: number;
}

export type MessageKind =
  /** Text the user typed (not harness-injected). */
  | "prompt"
  /** Assistant prose (all text blocks of one API message, merged by message.id). */
  | "assistant"
  /** A compaction summary written by the harness (`isCompactSummary`): signal, not a prompt. */
  | "compact_summary";

/** One conversation message in order. Tool calls hang off the assistant message that made them. */
export interface ConversationMessage {
  kind: MessageKind;
  /** uuid of the (first) transcript entry. */
  uuid: string;
  /** ISO 8601 timestamp of the (first) entry, or "" when unknown. */
  timestamp: string;
  /** The text (already stripped of harness markup such as system reminders). May be "". */
  text: string;
  /** Tool calls of an assistant message, in order. */
  toolCalls: ToolCall[];
  /** True in subagent (sidechain) transcripts. */
  isSidechain: boolean;
  /** Byte offset just after the last transcript line that contributed to this message. */
  endOffset: number;
  /** Assistant messages: the API message id (`msg_…`) the blocks were merged by. */
  messageId?: string;
  /** Prompts typed as a slash command (`/name args`): the command name (without `/`) and its arguments. */
  command?: { name: string; args: string };
  /**
   * Assistant messages: the API usage recorded on the message's last transcript entry (Claude Code patches
   * `message.usage` onto the entries as the stream ends), in tokens. Absent when none was recorded.
   * input + cacheCreation + cacheRead + output = the context size the harness saw.
   */
  usage?: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheCreationTokens: number };
}

/** A compaction boundary (`system/compact_boundary`). */
export interface CompactionBoundary {
  uuid: string;
  timestamp: string;
  trigger: "manual" | "auto" | "unknown";
  /** Byte offset just after the boundary line. */
  endOffset: number;
}

/** A parsed transcript slice read from a byte cursor. */
export interface TranscriptSlice {
  sessionId: string | undefined;
  /** cwd recorded on the entries (the last one seen), trusted over directory names. */
  cwd: string | undefined;
  messages: ConversationMessage[];
  compactions: CompactionBoundary[];
  /** Where the next read should start: after the last complete line. */
  endOffset: number;
  /** Counts of skipped lines by reason (unknown type, bad JSON, meta, progress…), for status. */
  skipped: Record<string, number>;
  /** Subagent transcripts: the agent id recorded on the entries (`agentId`). */
  agentId?: string;
  /** The read stopped at its byte budget with more of the file left (continue at `endOffset`). */
  more?: boolean;
  /**
   * Entries before `fromOffset` (so returned by an earlier read) that a rewind, an edited prompt or a
   * retried turn has since left off the live branch: their uuids (the `uuid` of prompts and assistant
   * messages among them). Messages of this slice that are off the live branch are never in `messages`.
   */
  abandoned?: string[];
}

/** Byte bounds of one transcript read. */
export interface TranscriptReadBounds {
  /** Stop after this many bytes past the start offset (default: the whole file). */
  maxBytes?: number;
  /** Skip lines longer than this many bytes unread (default 16 MiB). */
  maxLineBytes?: number;
}

/**
 * A harness's transcript reader (an adapter's `transcripts.read`): the slice of `path` from the byte
 * cursor `fromOffset`. Jobs and search take one, so they never know which harness wrote the file.
 */
export type ReadTranscript = (
  path: string,
  fromOffset: number,
  bounds?: TranscriptReadBounds,
) => TranscriptSlice;
