/** The project memory as a short markdown block for SessionStart injection. */
import { codePointLength, truncateCodePoints } from "../core/text.js";
import type { ProjectMemory } from "./types.js";

/** Items listed per section at most (before the budget cuts further). */
export const SUMMARY_LIMITS = { hotPaths: 10, commands: 8, facts: 15 } as const;

/** Below this many remaining code points a cut line is dropped rather than shown as a stub. */
const MIN_CUT = 24;

/** One line of text: control characters (newlines in a file name…) become spaces. */
function oneLine(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f]+/g, " ");
}

function code(s: string): string {
  return `\`${oneLine(s).replace(/`/g, "'")}\``;
}

/**
 * Markdown summary of `pm`, at most `maxChars` code points (newlines included), in priority order:
 * stack and package manager, build/test/lint/format/dev commands, facts (newest first), commands
 * that worked (most used first), hot paths (most used first). Lines are added whole while they fit;
 * the first line that does not fit is cut with `…` when at least 24 code points remain, and the
 * rest is dropped. Returns "" when there is nothing to say or `maxChars` is too small for a line.
 */
export function summarizeProjectMemory(pm: ProjectMemory, maxChars: number): string {
  const lines: string[] = [];
  const d = pm.detected;
  if (d.stacks.length > 0 || d.packageManager) {
    const pm_ = d.packageManager ? ` (package manager: ${d.packageManager})` : "";
    lines.push(`- Stack: ${d.stacks.join(", ") || "unknown"}${pm_}`);
  }
  const cmds = Object.entries(d.commands).filter(([, c]) => typeof c === "string" && c);
  if (cmds.length > 0) lines.push(`- Commands: ${cmds.map(([k, c]) => `${k} ${code(c!)}`).join(" · ")}`);
  const facts = [...pm.facts].sort((a, b) => b.addedAtMs - a.addedAtMs).slice(0, SUMMARY_LIMITS.facts);
  if (facts.length > 0) {
    lines.push("- Facts:");
    for (const f of facts) lines.push(`  - ${oneLine(f.text)}`);
  }
  const byUse = <T extends { count: number; lastSeenMs: number }>(a: T, b: T) =>
    b.count - a.count || b.lastSeenMs - a.lastSeenMs;
  const worked = [...pm.commands].sort(byUse).slice(0, SUMMARY_LIMITS.commands);
  if (worked.length > 0) {
    lines.push(`- Commands that worked: ${worked.map((c) => `${code(c.command)} (${c.count}×)`).join(", ")}`);
  }
  const hot = [...pm.hotPaths].sort(byUse).slice(0, SUMMARY_LIMITS.hotPaths);
  if (hot.length > 0)
    lines.push(`- Hot paths: ${hot.map((h) => `${oneLine(h.path)} (${h.count})`).join(", ")}`);
  if (lines.length === 0) return "";

  const out: string[] = [];
  let used = 0;
  for (const line of lines) {
    const sepLen = out.length > 0 ? 1 : 0;
    const len = codePointLength(line);
    if (used + sepLen + len <= maxChars) {
      out.push(line);
      used += sepLen + len;
      continue;
    }
    const room = maxChars - used - sepLen;
    if (room >= MIN_CUT && line !== "- Facts:") out.push(truncateCodePoints(line, room));
    break;
  }
  // a "- Facts:" heading left without any fact is noise
  if (out[out.length - 1] === "- Facts:") out.pop();
  return out.join("\n");
}
