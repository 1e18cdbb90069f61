/**
 * A hook input larger than memdir parses (MAX_HOOK_INPUT_BYTES) is not handled as a whole, but the
 * `<remember>` notes it carries are not lost: from its first MAX_HOOK_INPUT_BYTES bytes, the members
 * that precede the large one (Claude Code 2.1.x writes `session_id`, `transcript_path`, `cwd`, … and
 * `tool_name` before `prompt` / `tool_response`) and the text of the large member cut where the bytes
 * end are read back; the caller takes the notes from that text and drops the rest.
 */
import { readObjectPrefix } from "../../core/json-prefix.js";
import { toWellFormed } from "../../core/text.js";
import { MAX_HOOK_INPUT_BYTES } from "../../harness/events.js";
import type { SalvagedHook } from "../contract.js";
import { isSafeId } from "../shared/hook-json.js";
import { type HookEvent, isHookEvent } from "./hook-types.js";
import { toolKind } from "./tools.js";

export interface SalvagedInput {
  sessionId: string;
  cwd: string;
  toolName?: string;
  /** The text of the member that carries notes (`prompt`, `tool_response`), as far as it was read. */
  text: string;
}

/** The string leaves of a JSON value (depth ≤ 8). */
function leaves(v: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof v === "string") out.push(v);
  else if (depth < 8 && v && typeof v === "object")
    for (const x of Object.values(v)) leaves(x, out, depth + 1);
  return out;
}

/** Which member carries text for `<remember>` tags, per event. */
const NOTE_MEMBER: Partial<Record<HookEvent, string>> = {
  UserPromptSubmit: "prompt",
  PostToolUse: "tool_response",
};

/**
 * The routing fields and note-carrying text of an oversized input, from its first
 * MAX_HOOK_INPUT_BYTES bytes; undefined when the event carries no notes or the head lacks a safe
 * `session_id` and a `cwd` before the cut.
 */
export function salvageOversizedInput(event: HookEvent, raw: string | Buffer): SalvagedInput | undefined {
  const member = NOTE_MEMBER[event];
  if (!member) return undefined;
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  // A multi-byte character cut at the end decodes to U+FFFD: harmless in a note.
  let head = bytes.subarray(0, MAX_HOOK_INPUT_BYTES).toString("utf8");
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  const p = readObjectPrefix(head);
  if (!p) return undefined;
  const sid = p.fields.session_id;
  const cwd = p.fields.cwd;
  if (typeof sid !== "string" || !isSafeId(sid) || typeof cwd !== "string" || cwd === "") return undefined;
  const text = p.cutKey === member ? (p.cutText ?? "") : leaves(p.fields[member]).join("\n");
  const toolName = typeof p.fields.tool_name === "string" ? p.fields.tool_name : undefined;
  return { sessionId: sid, cwd, ...(toolName ? { toolName } : {}), text: toWellFormed(text) };
}

/**
 * The contract's salvage: the note-carrying text of an oversized prompt, or of a subagent tool's output
 * (a Read of a file that documents the tag must not become a note); undefined otherwise.
 */
export function salvageClaudeHook(event: string, raw: string): SalvagedHook | undefined {
  if (!isHookEvent(event)) return undefined;
  const s = salvageOversizedInput(event, raw);
  if (!s || (event === "PostToolUse" && toolKind(s.toolName ?? "") !== "agent")) return undefined;
  return { cwd: s.cwd, text: s.text };
}
