/**
 * The plan as shown to a person (`memdir dream --dry-run [--json]`, the outcome of a run): every text
 * it carries scrubbed like anything stored or logged (privacy: `<private>` blocks and secrets
 * removed), so the preview is what would be written, not the raw text of a hand-edited file.
 */
import { scrub } from "../../../privacy/index.js";
import type { DreamPlan } from "./types.js";

/** `plan` with `content`, `text`, `reason` and `notes` scrubbed (a new object; the input is not changed). */
export function redactPlan(plan: DreamPlan): DreamPlan {
  const r = <T extends { reason: string; content?: string }>(c: T): T => ({
    ...c,
    reason: scrub(c.reason),
    ...(c.content === undefined ? {} : { content: scrub(c.content) }),
  });
  return {
    ...plan,
    merges: plan.merges.map(r),
    rewrites: plan.rewrites.map(r),
    creates: plan.creates.map(r),
    deletions: plan.deletions.map(r),
    index: plan.index.map((i) => ({ ...i, reason: scrub(i.reason), text: scrub(i.text) })),
    notes: plan.notes.map(scrub),
  };
}
