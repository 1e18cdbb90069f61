/**
 * Pure assembly of the SessionStart context under a budget (DESIGN.md §4: default 9,000 characters,
 * below the ~10k inline cap of Claude Code hooks). Lengths are UTF-16 code units, as Claude Code counts
 * them (`.length`), so the cap holds for emoji and CJK too; cuts never split a surrogate pair.
 * Parts come in priority order, each with its own cap so one long part cannot crowd out the rest; a
 * part's BODY is cut at a line boundary with a marker before it is fenced, so a fence is never broken.
 * Health warnings have a reserved share.
 */
import { fenceAsData, NOTEPAD_PRIORITY_TAG } from "./fence.js";

export interface ContextPart {
  /** The fence's `source` label (what the block is and where it lives). */
  source: string;
  /** Raw text of the part (fenced and escaped here). */
  body: string;
  /** Cap for this part, fence included, in UTF-16 units. */
  maxChars: number;
  /** Fence with `<notepad-priority>` instead of the memory tag. */
  notepadPriority?: boolean;
}

/** UTF-16 units reserved for health warnings out of the budget. */
export const WARNING_RESERVE_CHARS = 600;

const CUT_MARKER = "\n[… cut to fit the memdir context budget; the full text is in the file named above]";

/** Cuts `text` to at most `max` UTF-16 units at the last line boundary, adding a marker line. */
export function cutAtLine(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = max - CUT_MARKER.length;
  if (room <= 0) return "";
  let head = text.slice(0, room);
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1);
  const nl = head.lastIndexOf("\n");
  return (nl > 0 ? head.slice(0, nl) : head) + CUT_MARKER;
}

function fence(p: ContextPart, body: string): string {
  return fenceAsData(
    p.source,
    body,
    p.notepadPriority ? { tag: NOTEPAD_PRIORITY_TAG, preface: false } : { preface: false },
  );
}

/**
 * Joins `preface`, the `parts` (priority order) and `warnings` within `budget` UTF-16 units.
 * Returns "" when there are no parts and no warnings.
 */
export function assembleContext(
  preface: string,
  parts: ContextPart[],
  warnings: string[],
  budget: number,
): string {
  const live = parts.filter((p) => p.body.trim());
  if (!live.length && !warnings.length) return "";
  const warningText = warnings.length ? `memdir health:\n${warnings.map((w) => `- ${w}`).join("\n")}` : "";
  const reserve = warningText ? Math.min(WARNING_RESERVE_CHARS, warningText.length + 2) : 0;
  const out: string[] = [preface];
  let left = budget - reserve - preface.length;
  for (const p of live) {
    const allowed = Math.min(p.maxChars, left - 2);
    const overhead = fence(p, "").length;
    if (allowed - overhead < 80) continue; // too little room to be useful; a smaller later part may fit
    const piece = fence(p, cutAtLine(p.body, allowed - overhead));
    if (piece.length > allowed) continue; // escaping grew it past the cap: skip rather than overflow
    out.push(piece);
    left -= piece.length + 2;
  }
  if (warningText) {
    const piece = cutAtLine(warningText, left + reserve - 2);
    if (piece) out.push(piece);
  }
  return out.join("\n\n");
}
