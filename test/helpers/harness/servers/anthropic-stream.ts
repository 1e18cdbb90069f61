/**
 * Scripted Anthropic Messages server for Claude Code 2.1.332: `POST /v1/messages` (the CLI sends
 * `?beta=true`), SSE when the body has `stream: true` (message_start, content_block_start/delta/stop with
 * text_delta / input_json_delta, message_delta, message_stop), JSON otherwise. Agent-loop requests carry
 * `tools`; side requests (titles, classifiers) carry none and the compaction request asks for a
 * `<summary>`: both get a default reply unless a turn matches them.
 */
import type { ServerResponse } from "node:http";
import { json, send, sse } from "../../scripted-server.js";
import { bodyText, type HarnessProtocol, type HarnessRequest, harnessServer, type Turn } from "./base.js";

type Body = { stream?: boolean; model?: string; tools?: unknown[]; messages?: { content: unknown }[] };

/** The compaction request: its last message asks for the conversation summary in `<summary>` tags. */
export function isCompaction(req: HarnessRequest): boolean {
  const msgs = (req.body as Body).messages ?? [];
  return msgs.length > 0 && bodyText(msgs[msgs.length - 1]!.content).includes("<summary>");
}

/** An agent-loop request: it offers tools and is not the compaction request. */
export function isMainAnthropic(req: HarnessRequest): boolean {
  const tools = (req.body as Body).tools;
  return Array.isArray(tools) && tools.length > 0 && !isCompaction(req);
}

export const DEFAULT_SUMMARY = "<summary>Scripted summary: the user asked for a scripted test.</summary>";

function defaultTurn(req: HarnessRequest): Turn {
  return { text: isCompaction(req) ? DEFAULT_SUMMARY : "Scripted reply." };
}

function blocks(turn: Turn, n: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (turn.text) out.push({ type: "text", text: turn.text });
  if ("tool" in turn)
    out.push({
      type: "tool_use",
      id: turn.tool.id ?? `toolu_s${n}`,
      name: turn.tool.name,
      input: turn.tool.input,
    });
  return out;
}

function answer(res: ServerResponse, req: HarnessRequest, turn: Turn, n: number): void {
  const body = req.body as Body;
  const content = blocks(turn, n);
  const stop = "tool" in turn ? "tool_use" : "end_turn";
  const model = body.model ?? "claude-scripted";
  const usage = {
    input_tokens: turn.inputTokens ?? 10,
    output_tokens: 5,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
  };
  const message = { id: `msg_s${n}`, type: "message", role: "assistant", model, stop_sequence: null };
  if (!body.stream) {
    send(res, json(200, { ...message, content, stop_reason: stop, usage }));
    return;
  }
  const events: { event: string; data: unknown }[] = [
    {
      event: "message_start",
      data: { type: "message_start", message: { ...message, content: [], stop_reason: null, usage } },
    },
  ];
  content.forEach((b, index) => {
    const start = b.type === "text" ? { type: "text", text: "" } : { ...b, input: {} };
    events.push({
      event: "content_block_start",
      data: { type: "content_block_start", index, content_block: start },
    });
    const delta =
      b.type === "text"
        ? { type: "text_delta", text: b.text }
        : { type: "input_json_delta", partial_json: JSON.stringify(b.input) };
    events.push({ event: "content_block_delta", data: { type: "content_block_delta", index, delta } });
    events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
  });
  events.push({
    event: "message_delta",
    data: {
      type: "message_delta",
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: 5 },
    },
  });
  events.push({ event: "message_stop", data: { type: "message_stop" } });
  sse(res, events);
}

const protocol: HarnessProtocol = {
  handles: (req) => req.method === "POST" && req.path === "/v1/messages",
  isMain: isMainAnthropic,
  fallback: defaultTurn,
  answer,
};

/** Starts the server; give Claude Code `ANTHROPIC_BASE_URL=<origin>`. */
export const startAnthropicStreamServer = harnessServer(protocol);
