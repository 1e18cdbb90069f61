/**
 * The text protocol that emulates tool calling over `claude -p` (print mode has no tools of ours: it
 * runs with `--tools ""`). The tool list goes into the system prompt with the rule "reply with only
 * {"tool_calls":[…]} to call tools"; earlier turns are rendered into the stdin text; the reply is
 * parsed back into text / tool_use blocks. Pure functions.
 */
import { uniqueSuffix } from "../../core/unique.js";
import {
  type LlmBlock,
  LlmError,
  type LlmErrorKind,
  type LlmMessage,
  type LlmRequest,
  type LlmResponse,
  type LlmTool,
} from "../types.js";
import { count, parseToolArguments, usageOrEstimate } from "./common.js";
import { kindForStatus, redact } from "./http-errors.js";

/** The system prompt: `system` plus, when tools are offered, the tool list and the calling rule. */
export function cliSystemPrompt(system: string, tools: LlmTool[]): string {
  if (tools.length === 0) return system;
  const list = tools
    .map((t) => `### ${t.name}\n${t.description}\nInput JSON schema: ${JSON.stringify(t.inputSchema)}`)
    .join("\n\n");
  const rule = [
    "# Tools",
    "You can call the tools listed below. To call tools, reply with only a JSON object and nothing else:",
    '{"tool_calls":[{"name":"<tool name>","input":{<arguments matching its schema>}}]}',
    "You may put several calls in the list. Their results come back in the next message.",
    "Otherwise (no tool needed, or you are done), reply normally.",
    "",
    list,
  ].join("\n");
  return system === "" ? rule : `${system}\n\n${rule}`;
}

function renderBlock(b: LlmBlock, names: Map<string, string>): string {
  if (b.type === "text") return b.text;
  if (b.type === "tool_use") {
    names.set(b.id, b.name);
    return JSON.stringify({ tool_calls: [{ id: b.id, name: b.name, input: b.input }] });
  }
  const name = names.get(b.toolUseId) ?? "tool";
  return `[${b.isError ? "error result" : "result"} of ${name} call ${b.toolUseId}]\n${b.content}`;
}

/**
 * The stdin text. A single user message of plain text is sent as is; a longer conversation is
 * rendered turn by turn (`### User` / `### Assistant`), tool calls in the JSON form the model is asked
 * to use, tool results labelled with the call's name and id.
 */
export function renderConversation(messages: LlmMessage[]): string {
  const only = messages[0];
  if (messages.length === 1 && only?.role === "user" && only.content.every((b) => b.type === "text"))
    return only.content.map((b) => (b.type === "text" ? b.text : "")).join("\n\n");
  const names = new Map<string, string>();
  const turns = messages.map((m) => {
    const head = m.role === "user" ? "### User" : "### Assistant";
    return `${head}\n${m.content.map((b) => renderBlock(b, names)).join("\n\n")}`;
  });
  return `The conversation so far (continue it as the assistant):\n\n${turns.join("\n\n")}\n`;
}

/** Every fenced block of a reply (its body in group 1). */
const ANY_FENCE = /```(?:json)?[ \t]*\n([\s\S]*?)\n?```/g;
const FENCE = /^```(?:json)?[ \t]*\n([\s\S]*?)\n?```$/;
const STARTS_LIKE_CALLS = /^\{\s*"tool_calls"\s*:/;

/**
 * The tool-call JSON of a reply: the whole reply, a fenced block anywhere in it (Claude often says a
 * sentence first: "I will save the preference now.\n```json …```"), or a bare `{"tool_calls"` object
 * after some prose. Undefined when the reply holds none.
 */
function callsJson(t: string): string | undefined {
  const whole = (FENCE.exec(t)?.[1] ?? t).trim();
  if (STARTS_LIKE_CALLS.test(whole)) return whole;
  for (const m of t.matchAll(ANY_FENCE)) {
    const inner = (m[1] ?? "").trim();
    if (STARTS_LIKE_CALLS.test(inner)) return inner;
  }
  const at = t.search(/\{\s*"tool_calls"/);
  return at > 0 ? t.slice(at).trim() : undefined;
}

/**
 * Blocks of a `claude -p` result. With tools offered, a reply holding `{"tool_calls":[…]}` (bare, in a
 * ```json fence, or after a sentence of prose: `callsJson`) gives tool_use blocks with generated ids; one that starts like it but does not
 * parse gives one tool_use with `inputError`; anything else is a text block.
 */
export function parseCliReply(text: string, toolsOffered: boolean): LlmBlock[] {
  const textBlocks: LlmBlock[] = text === "" ? [] : [{ type: "text", text }];
  if (!toolsOffered) return textBlocks;
  const body = callsJson(text.trim());
  if (body === undefined) return textBlocks;
  const idBase = `toolu_cli_${uniqueSuffix()}`;
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch (e) {
    const name = /"name"\s*:\s*"([^"\\]{1,200})"/.exec(body)?.[1] ?? "unknown";
    const inputError = `the tool call JSON does not parse (${(e as Error).message}): ${body.slice(0, 200)}`;
    return [{ type: "tool_use", id: `${idBase}_0`, name, input: {}, inputError }];
  }
  const calls = (v as { tool_calls?: unknown }).tool_calls;
  if (!Array.isArray(calls) || calls.length === 0) {
    const inputError = `"tool_calls" is not a non-empty list: ${body.slice(0, 200)}`;
    return [{ type: "tool_use", id: `${idBase}_0`, name: "unknown", input: {}, inputError }];
  }
  return calls.map((c, i): LlmBlock => {
    const call = (c && typeof c === "object" ? c : {}) as { name?: unknown; input?: unknown };
    const name = typeof call.name === "string" && call.name !== "" ? call.name : "unknown";
    const { input, inputError } = parseToolArguments(call.input ?? {});
    const err = name === "unknown" ? `call ${i} has no "name"` : inputError;
    return { type: "tool_use", id: `${idBase}_${i}`, name, input, ...(err ? { inputError: err } : {}) };
  });
}

/**
 * The kind of a failed `claude -p` run from its result / stderr text (Claude Code 2.x wording):
 * "API Error: <status> …" → the HTTP table; "rate limit" → rate_limit; "credit balance", "usage
 * limit", "hit your limit" → quota; "invalid api key", "please run /login" → auth; "overloaded" → overloaded; else
 * bad_response.
 */
export function classifyCliFailure(text: string): LlmErrorKind {
  const api = /API Error:\s*(\d{3})/i.exec(text);
  if (api) {
    const type = /"type"\s*:\s*"([a-z_]+_error)"/.exec(text)?.[1] ?? "";
    return kindForStatus(Number(api[1]), type, "", text);
  }
  if (/rate.?limit/i.test(text) && !/usage limit/i.test(text)) return "rate_limit";
  if (
    /credit balance|usage limit|hit your limit|(?:session|weekly|5-hour) limit|out of (?:extra )?usage|quota/i.test(
      text,
    )
  )
    return "quota";
  if (/invalid api key|please run \/login|not logged in|authenticat|unauthori[sz]ed|oauth token/i.test(text))
    return "auth";
  if (/overloaded/i.test(text)) return "overloaded";
  return "bad_response";
}

/** What one `claude -p` run produced. */
export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

type Json = Record<string, unknown>;

function findResult(stdout: string): Json | undefined {
  let v: unknown;
  try {
    v = JSON.parse(stdout.trim());
  } catch {
    return undefined;
  }
  if (Array.isArray(v)) v = v.findLast((x) => (x as Json | null)?.type === "result");
  return v && typeof v === "object" && (v as Json).type === "result" ? (v as Json) : undefined;
}

function modelOf(result: Json, fallback: string): string {
  const mu = result.modelUsage;
  if (!mu || typeof mu !== "object") return fallback;
  let best = fallback;
  let most = -1;
  for (const [name, u] of Object.entries(mu as Record<string, Json>)) {
    const n = count(u?.outputTokens) ?? 0;
    if (n > most) [best, most] = [name, n];
  }
  return best;
}

/** Turns a finished run into a response; throws LlmError with the kind of a failure. */
export function interpretRun(r: RunResult, req: LlmRequest, model: string): LlmResponse {
  const result = findResult(r.stdout);
  const text = typeof result?.result === "string" ? result.result : undefined;
  if (r.code !== 0 || result?.is_error === true) {
    const said = `${text ?? r.stdout} ${r.stderr}`.trim();
    const kind = classifyCliFailure(said);
    const msg = redact(`claude-cli: exit ${r.code}: ${said || "(no output)"}`);
    throw new LlmError(kind, "claude-cli", msg, r.code !== null ? { status: r.code } : {});
  }
  if (text === undefined)
    throw new LlmError(
      "bad_response",
      "claude-cli",
      redact(`claude-cli: not a JSON result: ${r.stdout.trim() || "(empty)"}`),
    );
  const content: LlmBlock[] = parseCliReply(text, req.tools.length > 0);
  const u = (result?.usage ?? {}) as Json;
  const inputTokens =
    (count(u.input_tokens) ?? 0) +
    (count(u.cache_creation_input_tokens) ?? 0) +
    (count(u.cache_read_input_tokens) ?? 0);
  const sub = String(result?.subtype ?? "success");
  return {
    content,
    stopReason: content.some((b) => b.type === "tool_use")
      ? "tool_use"
      : sub === "success"
        ? "end_turn"
        : "other",
    usage: usageOrEstimate({ inputTokens, outputTokens: count(u.output_tokens) ?? 0 }, req, content),
    model: result ? modelOf(result, model) : model,
  };
}
