/**
 * Transcript slice -> turns: a turn is one real user prompt and every message after
 * it up to the next prompt (assistant text, tool calls, compaction summaries). Pure.
 */

import type { ConversationMessage } from "../../transcripts/types.js";

/** One user turn of a transcript slice. */
export interface Turn {
  prompt: ConversationMessage;
  /** Assistant and compaction-summary messages that answered the prompt, in order. */
  replies: ConversationMessage[];
  /**
   * Byte offset where a re-read must start to see this turn whole: the largest `endOffset` of the
   * messages before the prompt (or the slice's start). Lines in between carry no message (tool
   * results of the previous turn, skipped entries), so a read from here yields this prompt first.
   */
  startOffset: number;
  /** Byte offset just after the last line that contributed to the turn. */
  endOffset: number;
}

/**
 * Splits `messages` (from `readClaudeTranscript(path, fromOffset)`) into turns. Messages before the
 * first prompt belong to no turn and are returned as `preamble` (count only).
 */
export function splitTurns(
  messages: ConversationMessage[],
  fromOffset: number,
): { turns: Turn[]; preamble: number } {
  const turns: Turn[] = [];
  let preamble = 0;
  let maxEnd = fromOffset;
  let cur: Turn | undefined;
  for (const m of messages) {
    if (m.kind === "prompt") {
      // Interleaved lines (an earlier message continued after this prompt): start at the previous
      // turn instead, which a re-read replaces by key.
      const start = maxEnd < m.endOffset ? maxEnd : (cur?.startOffset ?? fromOffset);
      cur = { prompt: m, replies: [], startOffset: start, endOffset: m.endOffset };
      turns.push(cur);
    } else if (cur) {
      cur.replies.push(m);
      cur.endOffset = Math.max(cur.endOffset, m.endOffset);
    } else preamble++;
    maxEnd = Math.max(maxEnd, m.endOffset);
  }
  return { turns, preamble };
}
