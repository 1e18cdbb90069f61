/** Small, pure helpers over the harness-neutral conversation model (`types.ts`). */
import type { ConversationMessage, ToolCall, TranscriptSlice } from "./types.js";

/** Every tool call of `messages`, in order. */
export function allToolCalls(messages: readonly ConversationMessage[]): ToolCall[] {
  return messages.flatMap((m) => m.toolCalls);
}

/** Number of tool calls in `messages` (each `tool_use` block counts once). */
export function countToolCalls(messages: readonly ConversationMessage[]): number {
  let n = 0;
  for (const m of messages) n += m.toolCalls.length;
  return n;
}

/** Tool calls per tool name, e.g. `{ Bash: 3, Read: 5 }`. */
export function toolCallsByName(messages: readonly ConversationMessage[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of allToolCalls(messages)) counts[c.name] = (counts[c.name] ?? 0) + 1;
  return counts;
}

/** The texts of the real user prompts (kind `prompt`), in order. */
export function userPrompts(messages: readonly ConversationMessage[]): string[] {
  return messages.filter((m) => m.kind === "prompt").map((m) => m.text);
}

/** The text of the last assistant message with non-empty text, or undefined. */
export function lastAssistantText(messages: readonly ConversationMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i]!;
    if (m.kind === "assistant" && m.text !== "") return m.text;
  }
  return undefined;
}

/**
 * The byte cursor up to which every tool call of `slice` (read from `fromOffset`) has its result:
 * `slice.endOffset` when all have one; else the last line end the slice records before the first call
 * still waiting for its result, so a read from there sees that call again with its result; `fromOffset`
 * when there is none (or the waiting call records no offset).
 */
export function settledOffset(slice: TranscriptSlice, fromOffset: number): number {
  const calls = allToolCalls(slice.messages);
  const waiting = calls.filter((c) => !c.result);
  if (waiting.length === 0) return slice.endOffset;
  if (waiting.some((c) => c.endOffset === undefined)) return fromOffset;
  const first = Math.min(...waiting.map((c) => c.endOffset!));
  const ends = [
    ...slice.messages.map((m) => m.endOffset),
    ...calls.flatMap((c) => [c.endOffset, c.result?.endOffset]),
    ...slice.compactions.map((c) => c.endOffset),
  ];
  let best = fromOffset;
  for (const e of ends) if (e !== undefined && e < first && e > best) best = e;
  return best;
}
