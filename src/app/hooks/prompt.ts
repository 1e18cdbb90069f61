/**
 * A prompt (Claude Code and Codex UserPromptSubmit, Gemini BeforeAgent): keeps the session's first prompt (scrubbed) for the "recent sessions" block;
 * `<remember>` tags typed by the user go to the notepad; recalls relevant topic files (app/inject/recall.ts).
 * After a SessionStart that had to cut the project MEMORY.md (a harness with an inline context cap),
 * the next prompts give the rest of the index, before the recall, one capped piece each.
 */
import { squashWhitespace, truncateCodePoints } from "../../core/text.js";
import type { PromptEvent } from "../../harness/index.js";
import { scrub } from "../../privacy/index.js";
import type { AppContext } from "../context.js";
import { recallForPrompt } from "../inject/recall.js";
import { captureRememberTags } from "../remember.js";
import { FIRST_PROMPT_MAX, type IndexContinuation, readTurnState, updateTurnState } from "../turn-state.js";

export async function onPrompt(ctx: AppContext, input: PromptEvent): Promise<string | undefined> {
  const { prompt, sessionId } = input;
  // Only the first prompt is kept: later prompts cost one lock-free read.
  const turn = readTurnState(ctx.paths.stateRoot, sessionId);
  let cut: IndexContinuation | undefined;
  if ((prompt.trim() && turn.firstPrompt === undefined) || turn.indexContinuesAt) {
    updateTurnState(ctx.paths.stateRoot, sessionId, (s) => {
      if (prompt.trim())
        s.firstPrompt ??= truncateCodePoints(
          squashWhitespace(scrub(prompt.slice(0, 4_000))),
          FIRST_PROMPT_MAX,
        );
      cut = s.indexContinuesAt;
      delete s.indexContinuesAt; // given once
    });
  }
  if (/<remember/i.test(prompt)) await captureRememberTags(ctx, prompt, ctx.rt.now());
  const recall = await recallForPrompt(ctx, sessionId, prompt);
  if (!cut) return recall || undefined;
  // The rest of the MEMORY.md index SessionStart could not fit under the harness's inline cap.
  const room = cut.maxChars - (recall ? recall.length + 2 : 0);
  // Loaded only then: the module pulls in what SessionStart reads.
  const { indexContinuation } = await import("../inject/session-context.js");
  const rest = indexContinuation(ctx, cut.fromLine, room);
  if (rest.nextLine !== undefined) {
    const next = { fromLine: rest.nextLine, maxChars: cut.maxChars };
    updateTurnState(ctx.paths.stateRoot, sessionId, (s) => {
      s.indexContinuesAt ??= next;
    });
  }
  return [rest.text, recall].filter(Boolean).join("\n\n") || undefined;
}
