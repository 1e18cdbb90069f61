/**
 * Codex CLI 0.171.0 rollout reader (transcript-entries.ts has the line shapes) → the neutral model of
 * `transcripts/`, with the byte-cursor rules of the Claude Code reader.
 */
import { readLines } from "../../core/jsonl.js";
import type {
  ConversationMessage,
  ToolCall,
  TranscriptReadBounds,
  TranscriptSlice,
} from "../../transcripts/types.js";
import { checkCursor, finishSlice, inputFileSize, startSlice } from "../shared/transcript-cursor.js";
import { toolUse } from "./tools.js";
import { type Item, parseRolloutLine, readRolloutRows } from "./transcript-entries.js";
import { rollBack } from "./transcript-rollback.js";

/** The name a rollout tool call is shown and classified by: `<namespace>.<name>` for namespaced tools. */
export function rolloutToolName(item: Extract<Item, { kind: "tool_call" }>): string {
  return item.namespace ? `${item.namespace}.${item.name}` : item.name;
}

/** Size in bytes of the rollout at `path` (opened without blocking, then closed). */
export function rolloutSize(path: string): number {
  return inputFileSize(path, "the Codex rollout");
}

/** The `session_meta` of the rollout's first line (read bounded: at most 1 MiB), if it is one. */
export function rolloutMeta(path: string): Extract<Item, { kind: "meta" }> | undefined {
  for (const line of readLines(path, 0, {
    maxBytes: 1 << 20,
    maxLineBytes: 1 << 20,
    what: "the Codex rollout",
  })) {
    if (line.oversized) return undefined;
    const { item } = parseRolloutLine(line.text, line.start, line.end);
    return item.kind === "meta" ? item : undefined;
  }
  return undefined;
}

/**
 * Reads the rollout at `path` from byte `fromOffset` (0 = start; else an `endOffset` of an earlier read).
 * - only complete lines are read; `endOffset` stops before a partial last line;
 * - `sessionId` is `session_meta.session_id` (a subagent's root session) and `agentId` the thread id when
 *   it differs; read from the first line even when `fromOffset` is past it; `cwd` from `session_meta` and
 *   `turn_context` (the last one seen);
 * - user messages are prompts only for what the person typed (developer messages, memdir's own injected
 *   context among them, environment context, AGENTS.md instructions, subagent notifications are not);
 * - each assistant `message` item is one `assistant` message; `function_call` / `custom_tool_call` items
 *   hang off the assistant message of the same model response (a new one, empty, when none precedes them)
 *   and are joined to their `*_output` by `call_id`;
 * - a `compacted` line is a compaction boundary (trigger `unknown`: 0.171.0 records none) and a
 *   `compact_summary` message (the summary without Codex's preface); the compaction request's own
 *   assistant output (`metadata.compaction_output`) is skipped;
 * - an `event_msg` `thread_rolled_back` (`num_turns`) drops the last turns before it (a turn: a prompt
 *   and what follows it; `skipped.abandoned_branch`); turns that an earlier read returned (before
 *   `fromOffset`) are read again from byte 0 once and listed in `abandoned`;
 * - everything else is counted in `skipped` by reason.
 * Bounds, errors and a cursor past the end as in the Claude Code reader: NOT_FOUND, INPUT_REFUSED,
 * BAD_INPUT for a negative or fractional offset; past the end → empty slice, `skipped.cursor_past_end`.
 */
export function readCodexRollout(
  path: string,
  fromOffset = 0,
  bounds: TranscriptReadBounds = {},
): TranscriptSlice {
  checkCursor(fromOffset);
  const size = rolloutSize(path);
  const { slice, skip, pastEnd } = startSlice(fromOffset, size);
  if (pastEnd) return slice;
  const applyMeta = (m: Extract<Item, { kind: "meta" }>) => {
    slice.sessionId ??= m.sessionId;
    if (m.cwd) slice.cwd ??= m.cwd;
    if (m.threadId && m.threadId !== m.sessionId) slice.agentId ??= m.threadId;
  };
  if (fromOffset > 0) {
    const m = rolloutMeta(path);
    if (m) applyMeta(m);
  }
  const calls = new Map<string, ToolCall>();
  /** The assistant message tool calls attach to (reset by any input to the model). */
  let open: ConversationMessage | undefined;
  const stats = { budgetHit: false };
  /** Turns rolled back that lie before `fromOffset` (read by an earlier read). */
  let pending = 0;
  for (const { env, item } of readRolloutRows(path, fromOffset, { ...bounds, stats })) {
    slice.endOffset = env.end;
    const base = { timestamp: env.timestamp, isSidechain: slice.agentId !== undefined, endOffset: env.end };
    switch (item.kind) {
      case "meta":
        applyMeta(item);
        skip("session_meta");
        break;
      case "turn_context":
        if (item.cwd) slice.cwd = item.cwd;
        skip("turn_context");
        break;
      case "prompt":
        open = undefined;
        slice.messages.push({ kind: "prompt", uuid: item.id, ...base, text: item.text, toolCalls: [] });
        break;
      case "injected":
        skip("injected");
        break;
      case "assistant":
        if (item.compactionOutput) {
          skip("compaction_output");
          break;
        }
        open = {
          kind: "assistant",
          uuid: item.id,
          ...base,
          text: item.text,
          toolCalls: [],
          messageId: item.id,
        };
        slice.messages.push(open);
        break;
      case "tool_call": {
        if (calls.has(item.callId)) break;
        if (!open) {
          open = { kind: "assistant", uuid: item.id, ...base, text: "", toolCalls: [], messageId: item.id };
          slice.messages.push(open);
        }
        const call: ToolCall = {
          ...toolUse(rolloutToolName(item), item.input),
          id: item.callId,
          endOffset: env.end,
        };
        calls.set(item.callId, call);
        open.toolCalls.push(call);
        open.endOffset = env.end;
        break;
      }
      case "tool_result": {
        open = undefined;
        const call = calls.get(item.callId);
        if (!call) {
          skip("orphan_tool_result");
          break;
        }
        call.result = { text: item.text, isError: item.isError, structured: item.text, endOffset: env.end };
        break;
      }
      case "compacted":
        open = undefined;
        slice.compactions.push({
          uuid: `compacted-${env.ordinal}`,
          timestamp: env.timestamp,
          trigger: "unknown",
          endOffset: env.end,
        });
        if (item.summary)
          slice.messages.push({
            kind: "compact_summary",
            uuid: `compacted-${env.ordinal}`,
            ...base,
            text: item.summary,
            toolCalls: [],
          });
        break;
      case "turn_start":
      case "turn_end":
        open = undefined;
        skip(item.kind);
        break;
      case "settings":
        skip("thread_settings_applied");
        break;
      case "rollback": {
        open = undefined;
        const left = rollBack(slice.messages, item.turns);
        slice.messages = left.kept;
        if (left.dropped) skip("abandoned_branch", left.dropped);
        if (left.turnsLeft > 0 && fromOffset > 0) pending += left.turnsLeft;
        break;
      }
      case "usage": {
        // Codex 0.171.0 writes a token_count after each model call: it belongs to the newest assistant message.
        const last = slice.messages.findLast((m) => m.kind === "assistant");
        if (last)
          last.usage = {
            inputTokens: item.inputTokens,
            outputTokens: item.outputTokens,
            cacheReadTokens: item.cacheReadTokens,
            cacheCreationTokens: 0,
          };
        else skip("token_count");
        break;
      }
      case "skip":
        skip(item.reason);
        break;
    }
  }
  if (pending > 0) {
    const before = readCodexRollout(path, 0, { ...bounds, maxBytes: fromOffset }).messages;
    const gone = before.length - rollBack(before, pending).kept.length;
    const abandoned = before.slice(before.length - gone).map((m) => m.uuid);
    if (abandoned.length > 0) slice.abandoned = abandoned;
  }
  return finishSlice(slice, stats.budgetHit);
}

/**
 * True when `head` (the first bytes of a file) is a Codex rollout: its first line is a JSON object whose
 * `type` is `session_meta` with a `payload` object (0.171.0 writes `timestamp`, `ordinal`, `type`,
 * `payload` in that order; the type is looked for within the first 200 characters).
 */
export function sniffRollout(head: string): boolean {
  const h = head.charCodeAt(0) === 0xfeff ? head.slice(1) : head;
  if (!h.startsWith("{")) return false;
  const start = h.slice(0, 200);
  return /"type"\s*:\s*"session_meta"/.test(start) && /"payload"\s*:\s*\{/.test(start);
}
