/**
 * Text Gemini CLI 0.61.0 injects into user turns, as opposed to what the user typed:
 * - `<hook_context>…</hook_context>`: hook `additionalContext` (SessionStart context prepended to the first
 *   prompt in `-p` mode and followed by a blank line; BeforeAgent context as its own text part; AfterTool
 *   context appended to a tool result). Gemini escapes `<` and `>` in the context as `&lt;` / `&gt;`, so
 *   the first `</hook_context>` closes the block.
 * - `<session_context>…</session_context>`: the environment preamble Gemini writes as the first user message.
 * - `<state_snapshot>…`: the summary a chat compression puts in place of the compressed history.
 */

const HOOK_CONTEXT = /<hook_context>[\s\S]*?<\/hook_context>/g;
const LEADING_HOOK_CONTEXT = /^\s*<hook_context>[\s\S]*?<\/hook_context>\s*/;

/** `text` without its leading `<hook_context>` blocks (BeforeAgent `prompt` in `-p` mode). */
export function stripLeadingHookContext(text: string): string {
  let out = text;
  for (let m = LEADING_HOOK_CONTEXT.exec(out); m; m = LEADING_HOOK_CONTEXT.exec(out))
    out = out.slice(m[0].length);
  return out;
}

/** `text` with every `<hook_context>` block removed and the result trimmed. */
export function stripHookContext(text: string): string {
  return text.replace(HOOK_CONTEXT, "").trim();
}

/** True for Gemini's own environment preamble (`<session_context>`), never a prompt. */
export function isSessionContext(text: string): boolean {
  return text.trimStart().startsWith("<session_context>");
}

/** True for a compression summary (`<state_snapshot>`), recorded as a user message. */
export function isStateSnapshot(text: string): boolean {
  return text.trimStart().startsWith("<state_snapshot>");
}

/** The model reply Gemini records right after a compression summary (0.61 chat compression service). */
export const SNAPSHOT_ACK = "Got it. Thanks for the additional context!";
