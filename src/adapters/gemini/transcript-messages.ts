/**
 * Gemini CLI 0.61.0 message records → neutral ConversationMessages and ToolCalls.
 * - `user` records: the typed text (`displayContent` if recorded, else `content`) without `<hook_context>`
 *   blocks; the `<session_context>` preamble and function-response turns are no prompts; a
 *   `<state_snapshot>` (chat compression) is a `compact_summary`; `/name args` is a slash command.
 * - `gemini` records: text parts (thoughts left out) and `toolCalls[]` `{id, name, args, result, status,
 *   resultDisplay}`; `result` is a Part list whose `functionResponse.response` holds `output` or `error`.
 * - `info` / `error` / `warning` records are UI notices, not conversation.
 */
import type { ConversationMessage, ToolCall } from "../../transcripts/types.js";
import { isStateSnapshot, SNAPSHOT_ACK, stripHookContext } from "./context-text.js";
import { toolUse } from "./tools.js";
import { contentTexts, isObj, type Obj, userText } from "./transcript-state.js";

/**
 * The text of a tool call's recorded `result` (function-response output or error, text parts), without the
 * `<hook_context>` an AfterTool hook appended (memdir's own recall must not come back as tool output).
 */
function resultText(result: unknown): { text: string; error: boolean } {
  const out: string[] = [];
  let error = false;
  if (typeof result === "string") return { text: stripHookContext(result), error };
  for (const p of Array.isArray(result) ? result : [result]) {
    if (!isObj(p)) continue;
    const fr = p.functionResponse;
    if (isObj(fr) && isObj(fr.response)) {
      const r = fr.response;
      if (typeof r.output === "string") out.push(r.output);
      if (r.error !== undefined) {
        error = true;
        out.push(typeof r.error === "string" ? r.error : JSON.stringify(r.error));
      }
    } else if (typeof p.text === "string") out.push(p.text);
  }
  return { text: stripHookContext(out.join("\n")), error };
}

/** One `toolCalls[]` entry as a neutral ToolCall (`structured` = the hook's `{llmContent, returnDisplay}` shape). */
export function toolCallOf(
  c: Obj,
  callAt: number | undefined,
  resultAt: number | undefined,
): ToolCall | undefined {
  if (typeof c.id !== "string" || typeof c.name !== "string") return undefined;
  const call: ToolCall = { ...toolUse(c.name, isObj(c.args) ? c.args : {}, c.id), id: c.id };
  if (callAt !== undefined) call.endOffset = callAt;
  if (c.result !== undefined && c.result !== null) {
    const r = resultText(c.result);
    const isError = r.error || c.status === "error" || c.status === "cancelled";
    call.result = {
      text: r.text,
      isError,
      structured: { llmContent: r.text, returnDisplay: c.resultDisplay ?? r.text },
    };
    if (resultAt !== undefined) call.result.endOffset = resultAt;
  }
  return call;
}

const SLASH = /^\/([A-Za-z][\w.:-]*)(?:\s+([\s\S]*))?$/;

/** The neutral message of a record, or a skip reason. `prev` is the record before it (snapshot acks). */
export function messageOf(
  m: Obj,
  prev: Obj | undefined,
  at: {
    endOffset: number;
    callAt: (id: string) => number | undefined;
    resultAt: (id: string) => number | undefined;
  },
  isSidechain: boolean,
): ConversationMessage | string {
  const base = {
    uuid: m.id as string,
    timestamp: typeof m.timestamp === "string" ? m.timestamp : "",
    isSidechain,
    endOffset: at.endOffset,
  };
  if (m.type === "user") {
    const text = userText(m);
    if (text === "") return "tool_response";
    if (isStateSnapshot(text)) return { kind: "compact_summary", ...base, text, toolCalls: [] };
    const cmd = SLASH.exec(text.trim());
    return {
      kind: "prompt",
      ...base,
      text,
      toolCalls: [],
      ...(cmd && !cmd[1]!.includes("/") ? { command: { name: cmd[1]!, args: (cmd[2] ?? "").trim() } } : {}),
    };
  }
  if (m.type !== "gemini") return typeof m.type === "string" ? `notice:${m.type}` : "unknown_type";
  const text = contentTexts(m.content).join("").trim();
  if (text === SNAPSHOT_ACK && prev?.type === "user" && isStateSnapshot(userText(prev)))
    return "snapshot_ack";
  const toolCalls: ToolCall[] = [];
  if (Array.isArray(m.toolCalls))
    for (const c of m.toolCalls) {
      const call = isObj(c)
        ? toolCallOf(c, at.callAt(c.id as string), at.resultAt(c.id as string))
        : undefined;
      if (call) toolCalls.push(call);
    }
  const msg: ConversationMessage = { kind: "assistant", ...base, text, toolCalls, messageId: m.id as string };
  const t = m.tokens;
  if (isObj(t) && typeof t.input === "number" && typeof t.output === "number") {
    const cached = typeof t.cached === "number" ? t.cached : 0;
    msg.usage = {
      inputTokens: Math.max(0, t.input - cached),
      outputTokens: t.output,
      cacheReadTokens: cached,
      cacheCreationTokens: 0,
    };
  }
  return msg;
}
