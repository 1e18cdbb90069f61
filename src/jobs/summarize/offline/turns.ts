/**
 * The conversation as turns (one user prompt and everything the agent did until the next one), and
 * the sections of Claude Code's compaction summaries. Pure.
 */
import type { ConversationMessage, ToolCall } from "../../../transcripts/types.js";

export interface Turn {
  /** The prompt that opened the turn; absent when the agent went on without one (after a compaction). */
  prompt?: ConversationMessage;
  /** Set on the pseudo-turn of a compaction summary (`isCompactSummary`). */
  compact?: ConversationMessage;
  /** Main-chain assistant messages of the turn, in order. */
  assistant: ConversationMessage[];
  /** Their tool calls, in order. */
  calls: ToolCall[];
  /** ISO timestamp of the turn's first message ("" when unknown). */
  time: string;
}

/** Main-chain messages grouped into turns, in order (sidechain messages are ignored). */
export function groupTurns(messages: readonly ConversationMessage[]): Turn[] {
  const turns: Turn[] = [];
  let cur: Turn | undefined;
  const open = (m: ConversationMessage, t: Partial<Turn>) => {
    cur = { assistant: [], calls: [], time: m.timestamp, ...t };
    turns.push(cur);
  };
  for (const m of messages) {
    if (m.isSidechain) continue;
    if (m.kind === "prompt") open(m, { prompt: m });
    else if (m.kind === "compact_summary") open(m, { compact: m });
    else {
      if (!cur || cur.compact) open(m, {});
      cur!.assistant.push(m);
      cur!.calls.push(...m.toolCalls);
    }
  }
  return turns;
}

/** The text of the last assistant message of `turn` that has text, or "". */
export function lastReply(turn: Turn): string {
  for (let i = turn.assistant.length - 1; i >= 0; i--) {
    const t = turn.assistant[i]!.text;
    if (t.trim()) return t;
  }
  return "";
}

/** Section keys of a Claude Code 2.x compaction summary ("1. Primary Request and Intent:" …). */
export type CompactKey =
  | "primary request and intent"
  | "key technical concepts"
  | "files and code sections"
  | "errors and fixes"
  | "problem solving"
  | "all user messages"
  | "pending tasks"
  | "current work"
  | "optional next step";

const KEYS: readonly CompactKey[] = [
  "primary request and intent",
  "key technical concepts",
  "files and code sections",
  "errors and fixes",
  "problem solving",
  "all user messages",
  "pending tasks",
  "current work",
  "optional next step",
];

/**
 * Splits a compaction summary into its numbered sections (only the part after a `Summary:` line when
 * there is one: the `Analysis:` part before it is the summarizer's scratch work). Unknown headings are
 * ignored; returns an empty map for text that is not such a summary.
 */
export function compactSections(text: string): Map<CompactKey, string> {
  const t = text.replace(/\r\n?/g, "\n");
  const at = t.search(/^\s*\**Summary:?\**\s*$/m);
  const body = at >= 0 ? t.slice(at) : t;
  const out = new Map<CompactKey, string>();
  let key: CompactKey | undefined;
  let buf: string[] = [];
  const flush = () => {
    if (key && buf.join("").trim()) out.set(key, buf.join("\n").trim());
  };
  for (const line of body.split("\n")) {
    const h =
      /^\s{0,3}(?:\d+\.|#{1,4})\s*\**\s*([A-Za-z][A-Za-z &]*[A-Za-z])\s*\**\s*(?::\s*\**\s*(.*))?$/.exec(
        line,
      );
    const k = h ? KEYS.find((x) => h[1]!.toLowerCase().startsWith(x)) : undefined;
    if (k) {
      flush();
      key = k;
      buf = h![2] ? [h![2]] : [];
    } else if (key) buf.push(line);
  }
  flush();
  return out;
}

/** Bullet lines ("- x", "* x", "1. x") of a section text, without their markers; or its paragraphs. */
export function bulletLines(text: string): string[] {
  const lines = text.split("\n").map((l) => l.trim());
  const bullets = lines.filter((l) => /^(?:[-*•]|\d+\.)\s+/.test(l));
  const src = bullets.length ? bullets : lines.filter(Boolean);
  return src.map((l) => l.replace(/^(?:[-*•]|\d+\.)\s+/, "").trim()).filter(Boolean);
}
