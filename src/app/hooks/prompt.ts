/**
 * UserPromptSubmit: keeps the session's first prompt (scrubbed) for the "recent sessions" block;
 * `<remember>` tags typed by the user go to the notepad; recalls relevant topic files (app/recall.ts).
 */
import type { HookInput } from "../../adapters/claude-code/hook-input.js";
import { squashWhitespace, truncateCodePoints } from "../../core/text.js";
import { scrub } from "../../privacy/index.js";
import type { AppContext } from "../context.js";
import { recallForPrompt } from "../recall.js";
import { captureRememberTags } from "./remember.js";
import { FIRST_PROMPT_MAX, readTurnState, updateTurnState } from "./turn-state.js";

export async function onUserPromptSubmit(ctx: AppContext, input: HookInput): Promise<string | undefined> {
  const prompt = typeof input.prompt === "string" ? input.prompt : "";
  // Only the first prompt is kept: later prompts cost one lock-free read.
  if (prompt.trim() && readTurnState(ctx.paths.stateRoot, input.session_id).firstPrompt === undefined) {
    updateTurnState(ctx.paths.stateRoot, input.session_id, (s) => {
      s.firstPrompt ??= truncateCodePoints(squashWhitespace(scrub(prompt.slice(0, 4_000))), FIRST_PROMPT_MAX);
    });
  }
  if (/<remember/i.test(prompt)) await captureRememberTags(ctx, prompt, ctx.rt.now());
  return (await recallForPrompt(ctx, input.session_id, prompt)) || undefined;
}
