/**
 * A scripted Anthropic Messages API server (`POST /v1/messages`, JSON, no streaming). Error bodies
 * follow the API: `{"type":"error","error":{"type":"rate_limit_error","message":"…"}}`.
 */
import { json, type WireReply } from "../scripted-server.js";
import { rawReply, type ScriptedReply, type ScriptedServer, startScriptedServer } from "./http.js";

/** The Anthropic error type for a status (what the real API sends when a test gives none). */
function errorType(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 403) return "permission_error";
  if (status === 429) return "rate_limit_error";
  if (status === 529) return "overloaded_error";
  if (status >= 500) return "api_error";
  return "invalid_request_error";
}

function render(r: ScriptedReply, _req: unknown, n: number): WireReply {
  if ("raw" in r) return rawReply(r.raw);
  if ("error" in r)
    return json(r.error.status, {
      type: "error",
      error: { type: r.error.type ?? errorType(r.error.status), message: r.error.message },
    });
  const content: unknown[] = [];
  if (r.text !== undefined && r.text !== "") content.push({ type: "text", text: r.text });
  const calls = "toolCalls" in r ? r.toolCalls : [];
  calls.forEach((c, i) => {
    if (c.rawArguments !== undefined) throw new Error("the Anthropic protocol has no raw tool arguments");
    content.push({ type: "tool_use", id: c.id ?? `toolu_s${n}_${i}`, name: c.name, input: c.input ?? {} });
  });
  return json(200, {
    id: `msg_s${n}`,
    type: "message",
    role: "assistant",
    model: r.model ?? "claude-scripted-1",
    content,
    stop_reason: r.stop ?? (calls.length > 0 ? "tool_use" : "end_turn"),
    stop_sequence: null,
    usage: { input_tokens: r.usage?.input ?? 0, output_tokens: r.usage?.output ?? 0 },
  });
}

/** Starts the server; give the SDK `server.url` as baseURL (the SDK appends /v1/messages). */
export function startAnthropicServer(): Promise<ScriptedServer> {
  return startScriptedServer({
    route: "/v1/messages",
    basePath: "",
    render,
    notFound: (p) =>
      json(404, { type: "error", error: { type: "not_found_error", message: `no route ${p}` } }),
  });
}
