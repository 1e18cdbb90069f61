/**
 * Replay support: the Gemini CLI 0.61.0 hook stdin payloads a recorded session file implies (field names
 * exactly as Gemini sends them, see test/fixtures/hooks/gemini/). Derived from the file's final state
 * (transcript-state.ts), so a branch dropped by `$rewindTo` is not replayed:
 * - `SessionStart` `source:"startup"` at offset 0; at each `--resume` (the `{"$set":{"sessionId"}}` line it
 *   writes) `SessionEnd` `reason:"exit"` for the run before, then `SessionStart` `source:"resume"`;
 * - per prompt `BeforeAgent` (`prompt`) at the start of the line that recorded it (the hook runs first);
 * - per tool call `BeforeTool` (`tool_name`, `tool_input`) at the start of the line that recorded the call
 *   and `AfterTool` (+ `tool_response {llmContent, returnDisplay, error?}`) at the end of the line that
 *   recorded its result;
 * - `AfterAgent` (`prompt`, `prompt_response` = the turn's last model text, `stop_hook_active:false`) after
 *   the last model message of a turn, when a prompt, a resume or the end of the file follows;
 * - `SessionEnd` `reason:"exit"` at the end.
 * Every payload has `session_id`, `transcript_path` (absolute; a resume stub resolves to the conversation
 * file), `cwd` (see sessionCwd; `fallbackCwd` or "" when unknown), `hook_event_name` and `timestamp`.
 * PreCompress, BeforeModel, AfterModel and BeforeToolSelection are not derived (memdir registers none).
 * Throws MemdirError NOT_FOUND / INPUT_REFUSED for a missing or non-regular file; never on bad lines.
 */
import { resolve } from "node:path";
import type { ConversationMessage } from "../../transcripts/types.js";
import type { ReplayHook } from "../contract.js";
import { conversationFile, sessionCwd } from "./transcript-files.js";
import { messageOf } from "./transcript-messages.js";
import { type Obj, replaySession } from "./transcript-state.js";

export function deriveGeminiHooks(path: string, opts: { fallbackCwd?: string } = {}): ReplayHook[] {
  const first = replaySession(resolve(path));
  const abs = conversationFile(resolve(path), first, (p) => replaySession(p));
  const state = abs === resolve(path) ? first : replaySession(abs);
  const cwd = sessionCwd(abs, state.meta) ?? opts.fallbackCwd ?? "";
  const sessionId = state.meta.sessionId ?? "";
  const out: ReplayHook[] = [];
  let time = state.meta.startTime ?? "";
  let offset = 0;
  const emit = (event: string, fields: Obj, at: number) => {
    offset = Math.max(offset, at);
    const payload = {
      session_id: sessionId,
      transcript_path: abs,
      cwd,
      hook_event_name: event,
      timestamp: time,
      ...fields,
    };
    out.push({ event, payload, offset });
  };
  const msgs: ConversationMessage[] = [];
  let prev: Obj | undefined;
  for (const m of state.messages.values()) {
    const intro = state.introducedAt.get(m.id as string);
    const msg = messageOf(
      m,
      prev,
      { endOffset: intro ?? 0, callAt: (c) => state.callAt.get(c), resultAt: (c) => state.resultAt.get(c) },
      false,
    );
    prev = m;
    if (typeof msg !== "string" && intro !== undefined && msg.kind !== "compact_summary") msgs.push(msg);
  }
  msgs.sort((a, b) => a.endOffset - b.endOffset);
  const resumes = [...state.resumes];
  let turn: { prompt: string; last: string; open: boolean } | undefined;
  const closeTurn = (at: number) => {
    if (turn?.open)
      emit("AfterAgent", { prompt: turn.prompt, prompt_response: turn.last, stop_hook_active: false }, at);
    turn = undefined;
  };
  const startOf = (end: number) => state.lineStart.get(end) ?? end;
  emit("SessionStart", { source: "startup" }, 0);
  for (const msg of msgs) {
    while (resumes.length > 0 && resumes[0]! < startOf(msg.endOffset)) {
      const at = resumes.shift()!;
      closeTurn(at);
      emit("SessionEnd", { reason: "exit" }, at);
      emit("SessionStart", { source: "resume" }, at);
    }
    if (msg.timestamp) time = msg.timestamp;
    if (msg.kind === "prompt") {
      closeTurn(startOf(msg.endOffset));
      emit("BeforeAgent", { prompt: msg.text }, startOf(msg.endOffset));
      turn = { prompt: msg.text, last: "", open: true };
      continue;
    }
    if (msg.text) turn = { prompt: turn?.prompt ?? "", last: msg.text, open: true };
    for (const c of msg.toolCalls) {
      emit("BeforeTool", { tool_name: c.name, tool_input: c.input }, startOf(c.endOffset ?? msg.endOffset));
      if (!c.result) continue;
      const s = c.result.structured as { llmContent: string; returnDisplay: unknown };
      const tool_response = {
        ...s,
        ...(c.result.isError ? { error: { message: c.result.text, type: "execution_failed" } } : {}),
      };
      emit(
        "AfterTool",
        { tool_name: c.name, tool_input: c.input, tool_response },
        c.result.endOffset ?? msg.endOffset,
      );
    }
  }
  for (const at of resumes) {
    closeTurn(at);
    emit("SessionEnd", { reason: "exit" }, at);
    emit("SessionStart", { source: "resume" }, at);
  }
  closeTurn(state.endOffset);
  emit("SessionEnd", { reason: "exit" }, state.endOffset);
  return out;
}
