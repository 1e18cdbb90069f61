/**
 * `<remember>` capture (the hooks and the tool-call recovery): `<remember>` → Working Memory with a UTC timestamp,
 * `<remember priority>` → Priority Context. The notepad module is imported lazily (it pulls the store).
 */
import type { AppContext } from "./context.js";

/** Parses tags in `text` and stores them; returns how many were stored. Budget warnings are logged. */
export async function captureRememberTags(ctx: AppContext, text: string, nowMs: number): Promise<number> {
  const { parseRememberTags, addWorkingMemory, addPriority } = await import("../notepad/index.js");
  const tags = parseRememberTags(text);
  if (tags.working.length) addWorkingMemory(ctx.paths.notepad, tags.working, nowMs);
  if (tags.priority.length) {
    const r = addPriority(ctx.paths.notepad, tags.priority, nowMs);
    if (r.warning) ctx.log("warn", "notepad", r.warning);
  }
  return tags.working.length + tags.priority.length;
}
