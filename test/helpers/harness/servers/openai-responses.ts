/**
 * Scripted OpenAI Responses server for Codex 0.171.0: `POST /v1/responses` with `stream: true`, answered
 * as SSE (response.created, response.output_item.added, response.output_text.delta,
 * response.output_item.done, response.completed with `response.id` and `usage`). A tool turn is one
 * `function_call` item (`call_id`, `name`, `arguments` as a JSON string); Codex's shell tool is
 * `exec_command` with `{"cmd": "..."}` and its result comes back as a `function_call_output` input item.
 * Compaction asks for a summary on the same endpoint and gets a default summary unless a turn matches it.
 */
import type { ServerResponse } from "node:http";
import { sse } from "../../scripted-server.js";
import { bodyText, type HarnessProtocol, type HarnessRequest, harnessServer, type Turn } from "./base.js";

type Body = { input?: unknown[]; model?: string };

/** `x-codex-turn-metadata` (a JSON header Codex 0.171.0 sends on every request), parsed; {} when absent. */
export function codexTurnMetadata(req: HarnessRequest): Record<string, unknown> {
  try {
    return JSON.parse(req.headers["x-codex-turn-metadata"] ?? "{}") as Record<string, unknown>;
  } catch {
    return {};
  }
}

/**
 * Codex's compaction request: `request_kind` "compaction" in the turn metadata (0.171.0; agent turns say
 * "turn"); its last input asks for a "CONTEXT CHECKPOINT COMPACTION" handoff summary.
 */
export function isCodexCompaction(req: HarnessRequest): boolean {
  const kind = codexTurnMetadata(req).request_kind;
  if (kind !== undefined) return kind === "compaction";
  const input = (req.body as Body).input ?? [];
  return bodyText(input[input.length - 1]).includes("CONTEXT CHECKPOINT COMPACTION");
}

/** An agent-loop request (main agent or subagent): anything but compaction. */
export const isMainCodex = (req: HarnessRequest): boolean => !isCodexCompaction(req);

/** The `agent_id` of the latest `spawn_agent` result in the request's input, or undefined. */
export function spawnedAgentId(req: HarnessRequest): string | undefined {
  let id: string | undefined;
  for (const item of (req.body as Body).input ?? []) {
    const o = item as { type?: string; output?: unknown };
    if (o.type !== "function_call_output" || typeof o.output !== "string") continue;
    const m = /"agent_id"\s*:\s*"([^"]+)"/.exec(o.output);
    if (m) id = m[1];
  }
  return id;
}

function items(turn: Turn, n: number): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (turn.text)
    out.push({
      type: "message",
      id: `msg_s${n}`,
      role: "assistant",
      status: "completed",
      content: [{ type: "output_text", text: turn.text, annotations: [] }],
    });
  if ("tool" in turn)
    out.push({
      type: "function_call",
      id: `fc_s${n}`,
      call_id: turn.tool.id ?? `call_s${n}`,
      name: turn.tool.name,
      ...(turn.tool.namespace ? { namespace: turn.tool.namespace } : {}),
      arguments: JSON.stringify(turn.tool.input),
      status: "completed",
    });
  return out;
}

function answer(res: ServerResponse, req: HarnessRequest, turn: Turn, n: number): void {
  const id = `resp_s${n}`;
  const model = (req.body as Body).model ?? "gpt-fake";
  const base = { id, object: "response", created_at: 1_700_000_000, model };
  const events: { event: string; data: unknown }[] = [
    {
      event: "response.created",
      data: { type: "response.created", response: { ...base, status: "in_progress", output: [] } },
    },
  ];
  const output = items(turn, n);
  output.forEach((item, output_index) => {
    const added = item.type === "message" ? { ...item, status: "in_progress", content: [] } : item;
    events.push({
      event: "response.output_item.added",
      data: { type: "response.output_item.added", output_index, item: added },
    });
    if (item.type === "message")
      events.push({
        event: "response.output_text.delta",
        data: {
          type: "response.output_text.delta",
          item_id: item.id,
          output_index,
          content_index: 0,
          delta: turn.text,
        },
      });
    events.push({
      event: "response.output_item.done",
      data: { type: "response.output_item.done", output_index, item },
    });
  });
  const usage = {
    input_tokens: turn.inputTokens ?? 10,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: (turn.inputTokens ?? 10) + 5,
  };
  events.push({
    event: "response.completed",
    data: { type: "response.completed", response: { ...base, status: "completed", output, usage } },
  });
  sse(res, events);
}

const protocol: HarnessProtocol = {
  handles: (req) => req.method === "POST" && req.path === "/v1/responses",
  isMain: isMainCodex,
  fallback: (req) => ({
    text: isCodexCompaction(req) ? "Scripted summary of the conversation." : "Scripted reply.",
  }),
  answer,
};

/** Starts the server; Codex's provider `base_url` is `<origin>/v1` (config.ts writes it). */
export const startOpenAIResponsesServer = harnessServer(protocol);
