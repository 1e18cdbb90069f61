/**
 * Reading a session summary, and its rendition for the SessionStart injection (DESIGN.md §4: the
 * session summary is injected on resume/compact). Light on purpose: no `yaml`, no transcript reader,
 * so the SessionStart hook can import this file alone.
 */
import { join } from "node:path";
import { readTextIfExists } from "../../core/fs.js";
import { assertPathSegment } from "../../paths/validate.js";
import { parseSummary } from "./format.js";
import { IMPORTANCE_ORDER, type SessionSummary } from "./sections.js";

/** `<summariesDir>/<sessionId>.md`. @throws MemdirError BAD_INPUT for an unsafe session id. */
export function summaryPath(summariesDir: string, sessionId: string): string {
  assertPathSegment(sessionId, "session id");
  return join(summariesDir, `${sessionId}.md`);
}

/** The summary at `path`, or undefined when there is none. Throws only on fs errors other than ENOENT. */
export function readSummaryFile(path: string): SessionSummary | undefined {
  const text = readTextIfExists(path);
  if (text === undefined) return undefined;
  const id = path.replace(/^.*[/\\]/, "").replace(/\.md$/, "");
  return parseSummary(text, id);
}

/** Chronological sections whose newest lines matter most when they must be cut for the prompt. */
const NEWEST_FIRST: ReadonlySet<string> = new Set([
  "Worklog",
  "Errors & Corrections",
  "Key results",
  "Learnings",
]);

/** Lines of `text` that fit in `room` UTF-16 units, from the top, or the newest (bottom) ones. */
function fitLines(text: string, room: number, newest: boolean): string {
  const lines = text.split("\n");
  const kept: string[] = [];
  let used = 0;
  for (let k = 0; k < lines.length; k++) {
    const line = lines[newest ? lines.length - 1 - k : k]!;
    if (used + line.length + 1 > room) {
      if (kept.length === 0 && room > 40)
        kept.push(`${line.slice(0, room - 2).replace(/[\uD800-\uDBFF]$/, "")}…`);
      break;
    }
    kept.push(line);
    used += line.length + 1;
  }
  if (newest) kept.reverse();
  return kept.join("\n");
}

/**
 * The summary as injected context, most important sections first (IMPORTANCE_ORDER: title, current
 * state, task, corrections, results, files, workflow, learnings, documentation, worklog), within
 * `maxChars` UTF-16 units (Claude Code counts `.length`). No section takes more than 40% of the room
 * (at least 300 units), so a long one cannot crowd out the rest; ranked sections keep their first lines,
 * chronological ones (worklog, errors, results, learnings) their newest. Returns "" when every section is empty.
 */
export function summaryForPrompt(summary: SessionSummary, maxChars: number): string {
  const out: string[] = [];
  let left = maxChars;
  const share = Math.max(300, Math.floor(maxChars * 0.4));
  for (const name of IMPORTANCE_ORDER) {
    const body = summary.sections[name].trim();
    if (!body) continue;
    const head = `# ${name}\n`;
    const room = Math.min(left - head.length - 2, name === "Session Title" ? left : share);
    if (room < 60) continue;
    const fitted = fitLines(body, room, NEWEST_FIRST.has(name));
    if (!fitted) continue;
    const piece = head + fitted;
    out.push(piece);
    left -= piece.length + 2;
  }
  return out.join("\n\n");
}

/**
 * The injected text for a session's summary in `summariesDir`, or "" when it has none.
 * @param maxChars UTF-16 units
 * @throws MemdirError BAD_INPUT for an unsafe session id; fs errors other than ENOENT
 */
export function sessionSummaryForPrompt(summariesDir: string, sessionId: string, maxChars: number): string {
  const s = readSummaryFile(summaryPath(summariesDir, sessionId));
  return s ? summaryForPrompt(s, maxChars) : "";
}
