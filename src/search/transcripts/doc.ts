/**
 * One turn -> one searchable document: name = a short title from the prompt,
 * description = the prompt, body = the assistant text that answered it, compaction summaries, tool
 * names and file paths touched. Every text is scrubbed (privacy/: `<private>` blocks, secrets)
 * BEFORE it is cut, so a cut can never leave half a secret behind the redaction rules.
 */

import { sha256 } from "../../core/ids.js";
import { squashWhitespace, truncateCodePoints } from "../../core/text.js";
import { privateSpans, redactEchoes, scrub as scrubText } from "../../privacy/index.js";
import type { ConversationMessage } from "../../transcripts/types.js";
import type { DocInput } from "../sync/types.js";
import type { Turn } from "./turns.js";

/** Title length (code points). */
export const TITLE_MAX = 80;
/** The prompt kept in `description` (code points); the rest of a longer prompt opens the body. */
export const DESCRIPTION_MAX = 2_000;
/** Body cap per turn (code points): a turn of a long agentic run can hold megabytes of text. */
export const BODY_MAX = 100_000;
/** File paths listed per turn. */
export const FILES_MAX = 200;
/** `docs.type` of a transcript turn. */
export const TURN_TYPE = "turn";

/** Where a turn's document comes from. */
export interface TurnSource {
  /** Absolute transcript path (the `files` row). */
  path: string;
  /** Session id: the parent session for subagent transcripts. */
  sessionId: string;
  /** The cwd recorded in the transcript ("" when none). */
  cwd: string;
  /** Subagent transcripts: the agent id. */
  agentId?: string;
  /** Used when the prompt has no parsable timestamp (ms since epoch; the file's mtime). */
  fallbackMs: number;
}

/**
 * The document key of a turn: `<path>#<uuid of the prompt>`; a prompt without a uuid gets a
 * content hash of its timestamp and text (stable across re-reads).
 */
export function turnKey(path: string, prompt: ConversationMessage): string {
  const anchor = prompt.uuid || `p-${sha256(`${prompt.timestamp}\0${prompt.text}`, 16)}`;
  return `${path}#${anchor}`;
}

const PATH_KEYS = ["file_path", "notebook_path", "filePath"] as const;

function toolsAndFiles(replies: ConversationMessage[]): { tools: string[]; files: string[] } {
  const counts = new Map<string, number>();
  const files = new Set<string>();
  for (const m of replies) {
    for (const c of m.toolCalls) {
      counts.set(c.name, (counts.get(c.name) ?? 0) + 1);
      for (const k of PATH_KEYS) {
        const v = c.input[k];
        if (typeof v === "string" && v && files.size < FILES_MAX) files.add(v);
      }
    }
  }
  return { tools: [...counts].map(([n, k]) => (k > 1 ? `${n} x${k}` : n)), files: [...files] };
}

/** A one-line title: the prompt's first non-empty line without markdown heading marks. */
export function turnTitle(prompt: string): string {
  const first = prompt.split("\n").find((l) => l.trim() !== "") ?? "";
  const title = squashWhitespace(first.replace(/^\s*#+\s*/, ""));
  return truncateCodePoints(title, TITLE_MAX) || "(empty prompt)";
}

/**
 * The document of turn number `turnNo` (1-based over the whole file).
 * `updatedMs` = the prompt's timestamp; meta = `{sessionId, turn, timestamp, cwd, uuid, agentId?}`.
 */
export function turnDoc(t: Turn, turnNo: number, src: TurnSource): DocInput {
  // Echoes of the turn's `<private>` text (the assistant repeating it) go too, not only the tags.
  const spans = [t.prompt, ...t.replies].flatMap((m) => privateSpans(m.text));
  const scrub = (s: string) => scrubText(redactEchoes(s, spans));
  const prompt = scrub(t.prompt.text).trim();
  const description = truncateCodePoints(prompt, DESCRIPTION_MAX, "");
  const overflow = prompt.slice(description.length).trim();
  const parts: string[] = overflow ? [overflow] : [];
  for (const m of t.replies) {
    const text = scrub(m.text).trim();
    if (!text) continue;
    parts.push(m.kind === "compact_summary" ? `Compaction summary:\n${text}` : text);
  }
  const { tools, files } = toolsAndFiles(t.replies);
  const tail: string[] = [];
  if (tools.length) tail.push(`Tools: ${tools.join(", ")}`);
  if (files.length) tail.push(`Files: ${scrub(files.join(" "))}`);
  const tailText = tail.join("\n");
  const room = Math.max(0, BODY_MAX - tailText.length - 2);
  const body = [truncateCodePoints(parts.join("\n\n"), room), tailText].filter(Boolean).join("\n\n");
  const ms = Date.parse(t.prompt.timestamp);
  return {
    key: turnKey(src.path, t.prompt),
    type: TURN_TYPE,
    name: turnTitle(prompt),
    description,
    body,
    group: src.sessionId,
    updatedMs: Number.isNaN(ms) ? src.fallbackMs : ms,
    meta: {
      sessionId: src.sessionId,
      turn: turnNo,
      timestamp: t.prompt.timestamp,
      cwd: scrubText(src.cwd),
      uuid: t.prompt.uuid,
      ...(src.agentId ? { agentId: src.agentId } : {}),
    },
  };
}
