/**
 * Claude Code transcript adapter (reference/claude-code.md §3): `~/.claude/projects/<dir>/<session>.jsonl`
 * (and `<session>/subagents/agent-<id>.jsonl`) → the harness-neutral model of `transcripts/`.
 * Also exports `deriveHookEvents` (replay) from `hook-events.ts`.
 */
import type {
  ConversationMessage,
  ToolCall,
  TranscriptReadBounds,
  TranscriptSlice,
} from "../../transcripts/types.js";
import type { ReplayHook } from "../contract.js";
import { checkCursor, finishSlice, startSlice } from "../shared/transcript-cursor.js";
import { deriveHookEvents } from "./hook-events.js";
import { toolLinesChanged } from "./tool-lines.js";
import { toolUse } from "./tools.js";
import { ChainCollector, liveBranch } from "./transcript-branch.js";
import { readClaudeRows, transcriptSize } from "./transcript-entries.js";

export { type DeriveHookEventsOptions, deriveHookEvents, type HookEventSpec } from "./hook-events.js";

/** The contract's replay hooks: `deriveHookEvents` in the contract's shape. */
export function deriveReplayHooks(path: string, opts: { fallbackCwd?: string } = {}): ReplayHook[] {
  return deriveHookEvents(path, opts).map((s) => ({
    event: s.event,
    payload: s.input,
    offset: s.transcriptOffset,
    ...(s.timestampMs !== undefined ? { timestampMs: s.timestampMs } : {}),
  }));
}

/**
 * Reads the transcript at `path` from byte `fromOffset` (a cursor returned earlier as `endOffset`; 0 = from
 * the start). Streams the file line by line (lines over 1 MB are fine). Rules (reference/claude-code.md §3):
 * - only complete lines are read: a partial last line (file still being written) is not consumed, and
 *   `endOffset` stops before it, so the next read continues exactly there;
 * - assistant entries sharing `message.id` merge into one `assistant` message (text blocks joined by a
 *   blank line, tool calls in order; thinking blocks ignored), even when tool results sit between them;
 * - `tool_result` blocks attach to their ToolCall by `tool_use_id` (`is_error`, structured `toolUseResult`,
 *   `rejected` for a call the user declined, `linesChanged` of a successful edit as PostToolUse counts it);
 * - `prompt` messages are real prompts only: `isMeta` entries, command caveats and output, task
 *   notifications, interrupt markers, bash-mode echoes and system reminders are dropped (reminder blocks
 *   are cut out of otherwise real text); a custom slash command becomes the prompt `/name args`;
 * - an assistant message's `usage` is that of the last of its entries that recorded one (streaming patches
 *   the final counts onto the later entries); synthetic (`<synthetic>`, API error) entries carry none;
 * - `isCompactSummary` entries become `compact_summary` messages; `compact_boundary` entries `compactions`;
 * - only the live branch is returned (transcript-chain.ts): messages on a branch a rewind, an edited
 *   prompt or `--resume-session-at` left behind are dropped (`skipped.abandoned_branch`), and the uuids
 *   of entries an earlier read returned (before `fromOffset`) that are no longer live are `abandoned`;
 * - every other line is counted in `skipped` by reason (`progress`, `file-history-snapshot`, `bad_json`,
 *   `meta`, `task_notification`, `interrupt`, `local_command`, `system:<subtype>`, `orphan_tool_result`…).
 * Text is returned as recorded: callers scrub it (privacy/) before storing or extracting.
 * Bounds: a line over `bounds.maxLineBytes` (default 16 MiB) is skipped unread (`oversized_line`); the
 * read stops after `bounds.maxBytes` bytes (`more` is then set; the next read continues at `endOffset`).
 * Throws MemdirError NOT_FOUND when the file does not exist, INPUT_REFUSED when it is not a regular
 * file (a FIFO, device, socket or directory: never opened in blocking mode), BAD_INPUT for a negative or fractional
 * offset. An offset past the end of the file (the file was replaced) yields an empty slice whose
 * `endOffset` is the file size and `skipped.cursor_past_end = 1`.
 */
export function readClaudeTranscript(
  path: string,
  fromOffset = 0,
  bounds: TranscriptReadBounds = {},
): TranscriptSlice {
  checkCursor(fromOffset);
  const size = transcriptSize(path);
  const { slice, skip, pastEnd } = startSlice(fromOffset, size);
  if (pastEnd) return slice;
  const byMessageId = new Map<string, ConversationMessage>();
  const calls = new Map<string, ToolCall>();
  const stats = { budgetHit: false };
  const chain = new ChainCollector();
  for (const { env, item, lineEnd } of readClaudeRows(path, fromOffset, { ...bounds, stats })) {
    slice.endOffset = lineEnd;
    chain.add(env, item);
    if (env.sessionId) slice.sessionId ??= env.sessionId;
    if (env.cwd) slice.cwd = env.cwd;
    if (env.agentId) slice.agentId ??= env.agentId;
    const base = {
      uuid: env.uuid,
      timestamp: env.timestamp,
      isSidechain: env.isSidechain,
      endOffset: env.end,
    };
    switch (item.kind) {
      case "prompt":
        slice.messages.push({
          kind: "prompt",
          ...base,
          text: item.text,
          toolCalls: [],
          ...(item.command ? { command: item.command } : {}),
        });
        break;
      case "compact_summary":
        slice.messages.push({ kind: "compact_summary", ...base, text: item.text, toolCalls: [] });
        break;
      case "assistant": {
        let m = byMessageId.get(item.messageId);
        if (!m) {
          m = { kind: "assistant", ...base, text: "", toolCalls: [], messageId: item.messageId };
          byMessageId.set(item.messageId, m);
          slice.messages.push(m);
        }
        if (item.text) m.text = m.text ? `${m.text}\n\n${item.text}` : item.text;
        if (item.usage) m.usage = item.usage; // the last entry's usage is the final one
        m.endOffset = env.end;
        for (const u of item.toolUses) {
          if (calls.has(u.id)) continue;
          const call: ToolCall = { ...toolUse(u.name, u.input), id: u.id, endOffset: env.end };
          calls.set(u.id, call);
          m.toolCalls.push(call);
        }
        break;
      }
      case "tool_result": {
        const call = calls.get(item.toolUseId);
        if (!call) {
          skip("orphan_tool_result");
          break;
        }
        call.result = { text: item.text, isError: item.isError, endOffset: env.end };
        if (item.structured !== undefined) call.result.structured = item.structured;
        if (item.rejected) call.result.rejected = true;
        else if (!item.isError) {
          // PostToolUse's count (hook-event.ts): the same `toolUseResult` is the hook's `tool_response`.
          const lines = toolLinesChanged(call.name, call.input, item.structured);
          if (lines.added || lines.removed) call.result.linesChanged = lines;
        }
        break;
      }
      case "compact_boundary":
        slice.compactions.push({
          uuid: env.uuid,
          timestamp: env.timestamp,
          trigger: item.trigger,
          endOffset: env.end,
        });
        break;
      case "skip":
        skip(item.reason);
        break;
      case "turn_end":
        skip("system:turn_end");
        break;
      default:
        skip(item.kind);
    }
  }
  const branch = liveBranch(path, fromOffset, chain.flush(), bounds);
  if (branch.offBranch.size > 0) {
    const before = slice.messages.length;
    slice.messages = slice.messages.filter((m) => !branch.offBranch.has(m.uuid));
    if (slice.messages.length < before) skip("abandoned_branch", before - slice.messages.length);
  }
  if (branch.abandoned.length > 0) slice.abandoned = branch.abandoned;
  return finishSlice(slice, stats.budgetHit);
}
