/**
 * A hook input larger than memdir parses (MAX_HOOK_INPUT_BYTES) keeps its `<remember>` notes: from its
 * first MAX_HOOK_INPUT_BYTES bytes, the members before the large one (Gemini CLI 0.61.0 writes
 * `session_id`, `transcript_path`, `cwd`, `hook_event_name`, `timestamp`, then `prompt` or `tool_name`,
 * `tool_input`, `tool_response`) and the text of the large member as far as the bytes reach are read back.
 */

import { readObjectPrefix } from "../../core/json-prefix.js";
import { toWellFormed } from "../../core/text.js";
import { MAX_HOOK_INPUT_BYTES } from "../../harness/index.js";
import type { SalvagedHook } from "../contract.js";
import { isSafeId } from "../shared/hook-json.js";

/** The member that carries note text, per event: the prompt, or a tool's output. */
const NOTE_MEMBER: Readonly<Record<string, string>> = { BeforeAgent: "prompt", AfterTool: "tool_response" };

/** The string leaves of a JSON value (depth ≤ 8). */
function leaves(v: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof v === "string") out.push(v);
  else if (depth < 8 && v && typeof v === "object")
    for (const x of Object.values(v)) leaves(x, out, depth + 1);
  return out;
}

/**
 * The cwd and note-carrying text of an oversized input; undefined when the event carries no notes or the
 * head lacks a safe `session_id` and a `cwd` before the cut.
 */
export function salvageHook(nativeEvent: string, raw: string | Buffer): SalvagedHook | undefined {
  const member = Object.hasOwn(NOTE_MEMBER, nativeEvent) ? NOTE_MEMBER[nativeEvent] : undefined;
  if (!member) return undefined;
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  let head = bytes.subarray(0, MAX_HOOK_INPUT_BYTES).toString("utf8");
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  const p = readObjectPrefix(head);
  if (!p) return undefined;
  const { session_id: sid, cwd } = p.fields;
  if (typeof sid !== "string" || !isSafeId(sid) || typeof cwd !== "string" || cwd === "") return undefined;
  const text = p.cutKey === member ? (p.cutText ?? "") : leaves(p.fields[member]).join("\n");
  return { cwd, text: toWellFormed(text) };
}
