/**
 * A hook input larger than memdir parses (MAX_HOOK_INPUT_BYTES) is not handled as a whole, but the
 * `<remember>` notes it carries are not lost: from its first MAX_HOOK_INPUT_BYTES bytes, the members that
 * precede the large one (every supported harness writes `session_id`, `cwd`, … before `prompt` /
 * `tool_response`) and the text of the large member cut where the bytes end are read back; the caller takes
 * the notes from that text and drops the rest. Which member carries notes on which event is the adapter's.
 */
import { readObjectPrefix } from "../../core/json-prefix.js";
import { toWellFormed } from "../../core/text.js";
import { MAX_HOOK_INPUT_BYTES } from "../../harness/events.js";
import type { SalvagedHook } from "../contract.js";
import { isSafeId } from "./hook-json.js";

/** The string leaves of a JSON value (depth ≤ 8). */
function leaves(v: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof v === "string") out.push(v);
  else if (depth < 8 && v && typeof v === "object")
    for (const x of Object.values(v)) leaves(x, out, depth + 1);
  return out;
}

/**
 * The cwd and note-carrying text of an oversized input for `event`, from its first MAX_HOOK_INPUT_BYTES
 * bytes. `noteMember` names the member that carries notes per event; undefined when the event has none,
 * the head lacks a safe `session_id` and a `cwd` before the cut, or `accept` (given the members read
 * before the cut) refuses it.
 */
export function salvageOversized(
  noteMember: Readonly<Record<string, string>>,
  event: string,
  raw: string | Buffer,
  accept?: (fields: Record<string, unknown>) => boolean,
): SalvagedHook | undefined {
  const member = Object.hasOwn(noteMember, event) ? noteMember[event] : undefined;
  if (!member) return undefined;
  // A multi-byte character cut at the end decodes to U+FFFD: harmless in a note. A string that already
  // is such a head (hooks/main.ts decodes its first MAX_HOOK_INPUT_BYTES bytes) is used as it is:
  // encoding and decoding it again (4 MiB each way) would give it back unchanged.
  let head =
    typeof raw === "string" && toWellFormed(raw) === raw && Buffer.byteLength(raw) <= MAX_HOOK_INPUT_BYTES
      ? raw
      : (typeof raw === "string" ? Buffer.from(raw, "utf8") : raw)
          .subarray(0, MAX_HOOK_INPUT_BYTES)
          .toString("utf8");
  if (head.charCodeAt(0) === 0xfeff) head = head.slice(1);
  const p = readObjectPrefix(head);
  if (!p) return undefined;
  const { session_id: sid, cwd } = p.fields;
  if (typeof sid !== "string" || !isSafeId(sid) || typeof cwd !== "string" || cwd === "") return undefined;
  if (accept && !accept(p.fields)) return undefined;
  const text = p.cutKey === member ? (p.cutText ?? "") : leaves(p.fields[member]).join("\n");
  return { cwd, text: toWellFormed(text) };
}
