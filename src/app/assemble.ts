/**
 * Pure assembly of the SessionStart context under a character budget (DESIGN.md §4: default 9,000
 * characters, below the ~10k inline cap of Claude Code hooks). Parts are taken in priority order; a part
 * that does not fit is cut at a line boundary with a marker, and later parts get what is left. Health
 * warnings have a small reserved share so they are never crowded out.
 */
import { codePointLength, truncateCodePoints } from "../core/text.js";

export interface ContextPart {
  /** Short label for the fence, e.g. "user memory index". */
  label: string;
  /** Already fenced and escaped text of this part. */
  text: string;
}

/** Characters reserved for health warnings out of the budget. */
export const WARNING_RESERVE_CHARS = 600;

/** Cuts `text` to `max` code points at the last line boundary, adding a marker line. */
export function cutAtLine(text: string, max: number): string {
  if (codePointLength(text) <= max) return text;
  const marker = "\n[… cut to fit the memdir context budget]";
  const room = max - marker.length;
  if (room <= 0) return "";
  const head = truncateCodePoints(text, room, "");
  const nl = head.lastIndexOf("\n");
  return (nl > 0 ? head.slice(0, nl) : head) + marker;
}

/**
 * Joins `parts` (priority order) and `warnings` within `budgetChars` code points.
 * Returns "" when there is nothing to inject.
 */
export function assembleContext(parts: ContextPart[], warnings: string[], budgetChars: number): string {
  const warningText = warnings.length ? `memdir health:\n${warnings.map((w) => `- ${w}`).join("\n")}` : "";
  const reserve = warningText ? Math.min(WARNING_RESERVE_CHARS, codePointLength(warningText)) : 0;
  let left = budgetChars - reserve;
  const out: string[] = [];
  for (const p of parts) {
    if (!p.text.trim()) continue;
    const sep = out.length ? 2 : 0;
    if (left - sep <= 80) break;
    const piece = cutAtLine(p.text, left - sep);
    if (!piece) break;
    out.push(piece);
    left -= codePointLength(piece) + sep;
  }
  if (warningText) {
    const sep = out.length ? 2 : 0;
    const piece = cutAtLine(warningText, left + reserve - sep);
    if (piece) out.push(piece);
  }
  return out.join("\n\n");
}
