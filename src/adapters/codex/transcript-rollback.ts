/**
 * Codex 0.171.0 `thread_rolled_back` (`event_msg`, `num_turns`): Codex rebuilds the history without the
 * last user turns, so the rollout reader drops them (the rolled-back turns stay in the file).
 */
import type { ConversationMessage } from "../../transcripts/types.js";

/**
 * `messages` without their last `turns` user turns (a turn: a prompt and every message after it up to
 * the next prompt), as Codex rebuilds the history after `thread_rolled_back`; `turnsLeft`: how many
 * turns to roll back lay before the first prompt of `messages` (then every message was dropped).
 */
export function rollBack(
  messages: ConversationMessage[],
  turns: number,
): { kept: ConversationMessage[]; dropped: number; turnsLeft: number } {
  let left = turns;
  let cut = messages.length;
  while (left > 0 && cut > 0) {
    cut--;
    if (messages[cut]!.kind === "prompt") left--;
  }
  if (left > 0) cut = 0;
  return { kept: messages.slice(0, cut), dropped: messages.length - cut, turnsLeft: left };
}
