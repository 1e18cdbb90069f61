/**
 * Renders the new messages of a session for the extraction model: every field scrubbed first
 * (`<private>` stripped, secrets redacted: DESIGN.md §6, claude-mem #407/#2149), every field capped
 * with head + tail elision, and the whole rendering kept within a token budget (claude-mem #2468/#2958:
 * a 130k-character tool output must not blow the request up). Tool calls appear as one line each:
 * the model records what was said, it does not need the tools' output (claude-mem #2643: full file
 * contents on every call burned 649M tokens).
 */
import { elideMiddle } from "../../../core/text.js";
import { cutToTokens, estimateTokens } from "../../../core/tokens.js";
import type { ConversationMessage, ToolCall } from "../../../transcripts/types.js";

/** Caps per field, code points. */
export const FIELD_CAPS = {
  prompt: 4_000,
  assistant: 2_000,
  summary: 6_000,
  toolInput: 160,
  toolError: 300,
} as const;

const INPUT_KEYS = ["file_path", "path", "command", "pattern", "url", "query", "description", "prompt"];

function toolLine(t: ToolCall, scrub: (s: string) => string): string {
  let arg = "";
  for (const k of INPUT_KEYS) {
    const v = t.input[k];
    if (typeof v === "string" && v) {
      arg = `${k}=${v}`;
      break;
    }
  }
  let line = `  [tool ${t.name}${arg ? ` ${elideMiddle(scrub(arg), FIELD_CAPS.toolInput)}` : ""}]`;
  if (t.result?.isError) line += ` failed: ${elideMiddle(scrub(t.result.text), FIELD_CAPS.toolError)}`;
  return line.replace(/\n+/g, " ");
}

function header(m: ConversationMessage, who: string): string {
  return `### ${who}${m.timestamp ? ` (${m.timestamp})` : ""}`;
}

/**
 * One block per message, oldest first. `scrub` is applied to every text before capping (so a cut
 * can never split a secret into an unrecognisable tail). Sidechain (subagent) messages are left out:
 * the main conversation holds what the user said.
 */
export function renderMessages(
  messages: readonly ConversationMessage[],
  scrub: (s: string) => string,
): string[] {
  const out: string[] = [];
  for (const m of messages) {
    if (m.isSidechain) continue;
    if (m.kind === "prompt")
      out.push(`${header(m, "user")}\n${elideMiddle(scrub(m.text), FIELD_CAPS.prompt)}`);
    else if (m.kind === "compact_summary")
      out.push(`${header(m, "compaction summary")}\n${elideMiddle(scrub(m.text), FIELD_CAPS.summary)}`);
    else {
      const parts: string[] = [];
      if (m.text.trim()) parts.push(elideMiddle(scrub(m.text), FIELD_CAPS.assistant));
      for (const t of m.toolCalls) parts.push(toolLine(t, scrub));
      if (parts.length) out.push(`${header(m, "assistant")}\n${parts.join("\n")}`);
    }
  }
  return out;
}

/**
 * Joins rendered blocks within `maxTokens` (core/tokens estimate): when they do not fit, the oldest
 * blocks are dropped first (the newest turns matter most and the cursor has already passed the rest),
 * and a single block that alone is too big is cut. Returns the text and how many blocks were dropped.
 */
export function fitBlocks(blocks: readonly string[], maxTokens: number): { text: string; dropped: number } {
  const kept: string[] = [];
  let used = 0;
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i] as string;
    const cost = estimateTokens(b) + 1;
    if (used + cost > maxTokens) {
      if (kept.length > 0) return { text: kept.join("\n\n"), dropped: i + 1 };
      return { text: cutToTokens(b, maxTokens), dropped: i }; // the newest block alone is too big: cut it
    }
    kept.unshift(b);
    used += cost;
  }
  return { text: kept.join("\n\n"), dropped: 0 };
}

/** Fenced code, inline code, and lines that are code, JSON, stack frames, paths or shell output. */
const FENCE = /```[\s\S]*?(?:```|$)/g;
const INLINE = /`[^`\n]*`/g;
const CODE_LINE =
  /^\s*(?:[{}[\]()<>;,]|\$ |> |at\s+\S+\s*\(|at\s+\S+:\d+|#!|import\s|export\s|const\s|let\s|var\s|function\s|def\s|class\s|return\b|if\s*\(|for\s*\(|\/\/|\/\*|\*|"[^"]*"\s*:|[\w./-]+:\d+(?::\d+)?\b)|[;{}]\s*$/;
/** A word: a run of letters (unspaced scripts are taken out first). */
const WORD = /\p{L}+/gu;
/** Han, kana: scripts written without spaces (every 2 characters count as a word). Hangul uses spaces. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/**
 * True when `text` holds prose: outside code, JSON and tool output, at least `minWords` words and
 * 5 letters ("Use pnpm." and "I'm Bob." are prose; "ok", "ok go" are not). Chinese and Japanese
 * count one word per two characters, as they use no spaces.
 */
export function isProse(text: string, minWords = 2): boolean {
  const t = text.replace(FENCE, " ").replace(INLINE, " ");
  const trimmed = t.trim();
  if (/^[[{]/.test(trimmed)) {
    try {
      JSON.parse(trimmed);
      return false;
    } catch {
      // not JSON as a whole: look at the lines
    }
  }
  let words = 0;
  let letters = 0;
  for (const line of t.split("\n")) {
    if (CODE_LINE.test(line)) continue;
    const unspaced = line.match(UNSPACED)?.length ?? 0;
    const spaced = line.replace(UNSPACED, " ").match(WORD) ?? [];
    words += spaced.length + Math.floor(unspaced / 2);
    letters += spaced.reduce((n, w) => n + w.length, 0) + unspaced;
    if (words >= minWords && letters >= 5) return true;
  }
  return false;
}

/**
 * Whether the new messages give the extractor anything to read (issue 4 point 3: skip when they hold
 * no prose, only tool output, code or JSON). Only what the user wrote counts (prompts and compaction
 * summaries, which quote the user): the four memory types are what the user says about themselves,
 * the work and the agent; the agent's own narration ("Let me run the tests") never makes a turn worth
 * a model call. Tool results never count. Sidechain messages are ignored.
 */
export function hasProse(messages: readonly ConversationMessage[]): boolean {
  return messages.some((m) => !m.isSidechain && m.kind !== "assistant" && isProse(m.text));
}
