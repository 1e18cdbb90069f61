/**
 * A scripted OpenAI chat completions server (`POST /v1/chat/completions`, JSON, no streaming). Error
 * bodies follow the API: `{"error":{"message":"…","type":"…","code":"…","param":null}}`.
 */
import { json, type WireReply } from "../scripted-server.js";
import { rawReply, type ScriptedReply, type ScriptedServer, startScriptedServer } from "./http.js";

function render(r: ScriptedReply, _req: unknown, n: number): WireReply {
  if ("raw" in r) return rawReply(r.raw);
  if ("error" in r)
    return json(r.error.status, {
      error: {
        message: r.error.message,
        type: r.error.type ?? "api_error",
        code: r.error.code ?? null,
        param: null,
      },
    });
  const calls = "toolCalls" in r ? r.toolCalls : [];
  const message: Record<string, unknown> = {
    role: "assistant",
    content: r.text ?? (calls.length ? null : ""),
  };
  if (calls.length > 0)
    message.tool_calls = calls.map((c, i) => ({
      id: c.id ?? `call_s${n}_${i}`,
      type: "function",
      function: { name: c.name, arguments: c.rawArguments ?? JSON.stringify(c.input ?? {}) },
    }));
  const input = r.usage?.input ?? 0;
  const output = r.usage?.output ?? 0;
  return json(200, {
    id: `chatcmpl-s${n}`,
    object: "chat.completion",
    created: 1_700_000_000,
    model: r.model ?? "gpt-scripted-1",
    choices: [{ index: 0, message, finish_reason: r.stop ?? (calls.length > 0 ? "tool_calls" : "stop") }],
    usage: { prompt_tokens: input, completion_tokens: output, total_tokens: input + output },
  });
}

/** Starts the server; give the SDK `server.url` (ends in /v1) as baseURL. */
export function startOpenAIServer(): Promise<ScriptedServer> {
  return startScriptedServer({
    route: "/v1/chat/completions",
    basePath: "/v1",
    render,
    notFound: (p) =>
      json(404, { error: { message: `no route ${p}`, type: "invalid_request_error", code: null } }),
  });
}
