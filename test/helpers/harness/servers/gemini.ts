/**
 * Scripted Gemini API server for Gemini CLI 0.61.0: `POST /v1beta/models/<model>:streamGenerateContent
 * ?alt=sse` (the agent loop; one `data: {GenerateContentResponse}` chunk), `:generateContent` (JSON: the
 * model router's classifier and other side calls) and `:countTokens`. A tool turn is one `functionCall`
 * part (`id`, `name`, `args`). Only stream requests are main; a side request no turn matches gets
 * `DEFAULT_CLASSIFIER` as its text.
 */
import type { ServerResponse } from "node:http";
import { json, send, sse } from "../../scripted-server.js";
import { type HarnessProtocol, type HarnessRequest, harnessServer, type Turn } from "./base.js";

/**
 * The model router's answer (JSON text) for side requests without a scripted turn: the fields of both
 * classifiers of 0.61.0 (`reasoning` + `model_choice` flash|pro; `complexity_reasoning` +
 * `complexity_score` 1-100, below the threshold = flash).
 */
export const DEFAULT_CLASSIFIER = JSON.stringify({
  reasoning: "scripted",
  model_choice: "flash",
  complexity_reasoning: "scripted",
  complexity_score: 1,
});

const method = (req: HarnessRequest) => req.path.split(":").pop() ?? "";
const modelOf = (req: HarnessRequest) => req.path.split("/").pop()?.split(":")[0] ?? "gemini-scripted";

/** A stream request: the agent loop. */
export const isMainGemini = (req: HarnessRequest): boolean => method(req) === "streamGenerateContent";

function response(turn: Turn, req: HarnessRequest, n: number): Record<string, unknown> {
  const parts: Record<string, unknown>[] = [];
  if (turn.text) parts.push({ text: turn.text });
  if ("tool" in turn)
    parts.push({
      functionCall: { id: turn.tool.id ?? `call_s${n}`, name: turn.tool.name, args: turn.tool.input },
    });
  return {
    candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }],
    usageMetadata: {
      promptTokenCount: turn.inputTokens ?? 10,
      candidatesTokenCount: 5,
      totalTokenCount: (turn.inputTokens ?? 10) + 5,
    },
    modelVersion: modelOf(req),
    responseId: `resp_s${n}`,
  };
}

function answer(res: ServerResponse, req: HarnessRequest, turn: Turn, n: number): void {
  const m = method(req);
  if (m === "countTokens") send(res, json(200, { totalTokens: 10 }));
  else if (m === "streamGenerateContent")
    sse(res, [{ event: "message", data: response(turn, req, n) }], false);
  else send(res, json(200, response(turn, req, n)));
}

const protocol: HarnessProtocol = {
  handles: (req) =>
    req.method === "POST" &&
    /^\/v1(beta)?\/models\/[^/]+:(generateContent|streamGenerateContent|countTokens)$/.test(req.path),
  isMain: isMainGemini,
  fallback: (req) => ({ text: isMainGemini(req) ? "Scripted reply." : DEFAULT_CLASSIFIER }),
  answer,
};

/** Starts the server; give Gemini CLI `GOOGLE_GEMINI_BASE_URL=<origin>`. */
export const startGeminiServer = harnessServer(protocol);
