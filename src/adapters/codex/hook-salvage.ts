/**
 * A Codex hook input over MAX_HOOK_INPUT_BYTES is not parsed, but the `<remember>` notes it carries are
 * read back from its first MAX_HOOK_INPUT_BYTES bytes: Codex 0.171.0 writes `session_id`, `turn_id`,
 * `transcript_path`, `cwd`, … before `prompt` / `tool_response` (see test/fixtures/hooks/codex), so the
 * routing fields precede the large member, whose text is taken as far as the bytes reach.
 */
import { readObjectPrefix } from "../../core/json-prefix.js";
import { toWellFormed } from "../../core/text.js";
import { MAX_HOOK_INPUT_BYTES } from "../../harness/index.js";
import type { SalvagedHook } from "../contract.js";
import { isSafeId } from "../shared/hook-json.js";

/** Which member carries text for `<remember>` tags, per event. */
const NOTE_MEMBER: Record<string, string> = { UserPromptSubmit: "prompt", PostToolUse: "tool_response" };

/** The string leaves of a JSON value (depth ≤ 8). */
function leaves(v: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof v === "string") out.push(v);
  else if (depth < 8 && v && typeof v === "object")
    for (const x of Object.values(v)) leaves(x, out, depth + 1);
  return out;
}

/** The cwd and note-carrying text of an oversized input; undefined without a safe session_id and a cwd. */
export function salvageHookInput(event: string, raw: string | Buffer): SalvagedHook | undefined {
  const member = Object.hasOwn(NOTE_MEMBER, event) ? NOTE_MEMBER[event] : undefined;
  if (!member) return undefined;
  const bytes = typeof raw === "string" ? Buffer.from(raw, "utf8") : raw;
  let head = bytes.subarray(0, MAX_HOOK_INPUT_BYTES).toString("utf8");
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  const p = readObjectPrefix(head);
  if (!p) return undefined;
  const sid = p.fields.session_id;
  const cwd = p.fields.cwd;
  if (typeof sid !== "string" || !isSafeId(sid) || typeof cwd !== "string" || cwd === "") return undefined;
  const text = p.cutKey === member ? (p.cutText ?? "") : leaves(p.fields[member]).join("\n");
  return { cwd, text: toWellFormed(text) };
}
