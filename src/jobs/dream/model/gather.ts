/**
 * The dream's first user message (phase 2 "gather" of Claude Code 2.1.88's consolidation prompt, and the
 * auto-dream's extra block "Sessions since last consolidation (N): - <id>"): today's date, the memory
 * files, MEMORY.md's size against its budget, the sessions since the last consolidation, their summaries
 * and the daily-log entries. Every text is scrubbed (privacy `scrub`: `<private>` removed, secrets
 * redacted) before it is cut, the gathered text is cut to the input budget (oldest blocks dropped first),
 * and the whole prompt gets a secretlint pass (`scrubDeep`).
 */
import { join } from "node:path";
import { isoUtc } from "../../../core/clock.js";
import { readTextIfExists } from "../../../core/fs.js";
import { byteLength, elideMiddle } from "../../../core/text.js";
import { estimateTokens } from "../../../core/tokens.js";
import { scrub, scrubDeep } from "../../../privacy/index.js";
import { INDEX_FILE, INDEX_MAX_BYTES, INDEX_MAX_LINES, scanTopics } from "../../../store/index.js";
import { fitBlocks } from "../../extract/model/render.js";
import type { DreamMode } from "../plan/types.js";

/** The new signal a dream consolidates (gathered by the caller from session records and logs). */
export interface DreamGathered {
  /** Ids of the (substantive) sessions since the last consolidation, oldest first. */
  sessions: string[];
  /** Session summaries (`summaries/<id>.md` bodies), oldest first. */
  summaries: { sessionId: string; text: string }[];
  /** Daily-log entries (raw text of each entry), oldest first. */
  logEntries: string[];
  /** Daily logs read and how far (bytes), copied into the plan's `logs`. */
  logs?: { file: string; bytes: number }[];
}

/** Per-block caps, code points (head + tail kept). */
export const GATHER_CAPS = { summary: 6_000, logEntry: 2_000, description: 200 } as const;
/** Room kept for the system prompt, tool schemas and the model's later turns (tokens). */
export const HEADROOM_TOKENS = 6_000;
const MANIFEST_MAX = 200;
const SESSIONS_MAX = 200;

const oneLine = (s: string) => s.replace(/\s+/g, " ").trim();

function manifest(roots: { project: string; user?: string }): string {
  const lines: string[] = [];
  for (const [prefix, dir] of [
    ["", roots.project],
    ["user/", roots.user],
  ] as const) {
    if (dir === undefined) continue;
    for (const t of scanTopics(dir, { maxFiles: MANIFEST_MAX }).topics) {
      const file = t.path.slice(t.path.lastIndexOf("/") + 1);
      const desc = elideMiddle(oneLine(scrub(t.description)), GATHER_CAPS.description);
      lines.push(`- ${prefix}${file} (${t.type}, modified ${isoUtc(t.mtimeMs).slice(0, 10)}): ${desc}`);
    }
  }
  return lines.length ? lines.join("\n") : "(no topic files)";
}

function indexSize(dir: string): string {
  const text = readTextIfExists(join(dir, INDEX_FILE));
  if (text === undefined) return `${INDEX_FILE}: none yet.`;
  const lines = text.split("\n").filter((l, i, a) => i < a.length - 1 || l !== "").length;
  const over =
    lines > INDEX_MAX_LINES || byteLength(text) > INDEX_MAX_BYTES ? " OVER BUDGET: merge files." : "";
  return `${INDEX_FILE}: ${lines} lines, ${byteLength(text)} bytes (budget ${INDEX_MAX_LINES} lines, ${INDEX_MAX_BYTES} bytes).${over}`;
}

/**
 * Joins `blocks` within `maxTokens` (oldest dropped first, see extract/model `fitBlocks`); returns
 * the text ("(none)" when there were no blocks) and the number dropped.
 */
function section(blocks: string[], maxTokens: number): { text: string; dropped: number } {
  if (blocks.length === 0) return { text: "(none)", dropped: 0 };
  return fitBlocks(blocks, Math.max(1, maxTokens));
}

/**
 * The first user message of a dream. `maxInputTokens` is the per-call input cap (tokens); the
 * summaries and log entries share what is left after HEADROOM_TOKENS and the fixed parts (each
 * section gets at least its share of half, and what one leaves unused goes to the other).
 * Returns the prompt (scrubbed twice: per field with `scrub`, then `scrubDeep` over the whole) and
 * how many summaries and log entries were left out.
 * @throws only what scrubDeep throws (secretlint cannot be loaded).
 */
export async function buildDreamPrompt(o: {
  mode: DreamMode;
  roots: { project: string; user?: string };
  nowMs: number;
  gathered: DreamGathered;
  maxInputTokens: number;
}): Promise<{ prompt: string; droppedSummaries: number; droppedLogEntries: number }> {
  const g = o.gathered;
  const ids = g.sessions.slice(-SESSIONS_MAX).map((id) => `- ${oneLine(scrub(id))}`);
  const head = [
    `Today is ${isoUtc(o.nowMs).slice(0, 10)} (UTC). Mode: ${o.mode}.`,
    `## Memory files (memory_list shows the same)\n${manifest(o.roots)}`,
    indexSize(o.roots.project),
    `## Sessions since the last consolidation (${g.sessions.length})\n${ids.join("\n") || "(none)"}`,
  ];
  const summaries = g.summaries.map(
    (s) =>
      `### Session ${oneLine(scrub(s.sessionId))}\n${elideMiddle(scrub(s.text).trim(), GATHER_CAPS.summary)}`,
  );
  const entries = g.logEntries.map((e) => elideMiddle(scrub(e).trim(), GATHER_CAPS.logEntry));
  const budget = Math.max(1_000, o.maxInputTokens - HEADROOM_TOKENS - estimateTokens(head.join("\n\n")));
  const need = (bs: string[]) => bs.reduce((n, b) => n + estimateTokens(b) + 1, 0);
  const logShare = Math.max(Math.floor(budget / 2), budget - need(summaries));
  const logs = section(entries, Math.min(need(entries), logShare));
  const sums = section(summaries, budget - Math.min(need(entries), logShare));
  const left = (n: number, what: string) => (n ? ` (${n} older ${what} left out)` : "");
  const prompt = [
    ...head,
    `## Session summaries${left(sums.dropped, "summaries")}\n${sums.text}`,
    `## Daily-log entries${left(logs.dropped, "entries")}\n${logs.text}`,
    "Consolidate the memory following the four phases and your rules, then give the final JSON answer.",
  ].join("\n\n");
  return {
    prompt: await scrubDeep(prompt),
    droppedSummaries: sums.dropped,
    droppedLogEntries: logs.dropped,
  };
}
