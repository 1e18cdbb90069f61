/**
 * A prompt (Claude Code and Codex UserPromptSubmit, Gemini BeforeAgent): keeps the session's first prompt (scrubbed) for the "recent sessions" block;
 * `<remember>` tags typed by the user go to the notepad; recalls relevant topic files (app/inject/recall.ts).
 */
import { squashWhitespace, truncateCodePoints } from "../../core/text.js";
import type { PromptEvent } from "../../harness/index.js";
import { scrub } from "../../privacy/index.js";
import type { AppContext } from "../context.js";
import { recallForPrompt } from "../inject/recall.js";
import { captureRememberTags } from "../remember.js";
import { FIRST_PROMPT_MAX, readTurnState, updateTurnState } from "../turn-state.js";

export async function onPrompt(ctx: AppContext, input: PromptEvent): Promise<string | undefined> {
  const { prompt, sessionId } = input;
  // Only the first prompt is kept: later prompts cost one lock-free read.
  if (prompt.trim() && readTurnState(ctx.paths.stateRoot, sessionId).firstPrompt === undefined) {
    updateTurnState(ctx.paths.stateRoot, sessionId, (s) => {
      s.firstPrompt ??= truncateCodePoints(squashWhitespace(scrub(prompt.slice(0, 4_000))), FIRST_PROMPT_MAX);
    });
  }
  if (/<remember/i.test(prompt)) await captureRememberTags(ctx, prompt, ctx.rt.now());
  return (await recallForPrompt(ctx, sessionId, prompt)) || undefined;
}
