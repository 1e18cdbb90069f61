/**
 * Codex CLI 0.171.0 rollout lines → typed rows. A rollout is `$CODEX_HOME/sessions/YYYY/MM/DD/
 * rollout-<local time>-<thread uuid>.jsonl`, one `{"timestamp","ordinal","type","payload"}` object a line
 * (`response_item` lines also carry `metadata`); `codex exec resume` appends to the same file. Parsing
 * never throws: a line that is not a JSON object is a `skip` row (`bad_json`).
 */
import { type ReadLinesOptions, readLines } from "../../core/jsonl.js";
import { classifyUserContent, compactSummaryText, toolOutput } from "./transcript-text.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export interface Envelope {
  /** ISO 8601, or "" when absent. */
  timestamp: string;
  /** The line's `ordinal` (0 = session_meta), or -1. */
  ordinal: number;
  /** Byte offset of the line's first byte. */
  start: number;
  /** Byte offset just after the line's newline. */
  end: number;
}

export type Item =
  /** `session_meta`: `id` is the thread, `session_id` the root session (a subagent's parent). */
  | { kind: "meta"; threadId?: string; sessionId?: string; cwd?: string; subagent: boolean }
  | { kind: "turn_context"; cwd?: string; model?: string; turnId?: string }
  | { kind: "turn_start"; turnId?: string }
  | { kind: "turn_end"; turnId?: string; lastAgentMessage?: string }
  /** `thread_settings_applied`: a process attached to the thread (start, resume, after compaction). */
  | { kind: "settings" }
  | { kind: "prompt"; id: string; text: string; turnId?: string }
  /** Harness-injected user content (environment context, AGENTS.md, subagent notifications…). */
  | { kind: "injected"; id: string; text: string }
  | { kind: "assistant"; id: string; text: string; compactionOutput: boolean }
  | { kind: "tool_call"; callId: string; id: string; name: string; namespace?: string; input: Obj }
  | { kind: "tool_result"; callId: string; text: string; isError: boolean; raw: string }
  | { kind: "compacted"; summary: string }
  /** `event_msg` `thread_rolled_back`: the last `turns` user turns were taken back (0.171.0 `num_turns`). */
  | { kind: "rollback"; turns: number }
  /** `event_msg` `token_count`: the last model call's usage, in tokens (input without the cached part). */
  | { kind: "usage"; inputTokens: number; outputTokens: number; cacheReadTokens: number }
  | { kind: "skip"; reason: string };

export interface Row {
  env: Envelope;
  item: Item;
}

/** Parses one rollout line. */
export function parseRolloutLine(text: string, start: number, end: number): Row {
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return { env: { timestamp: "", ordinal: -1, start, end }, item: { kind: "skip", reason: "bad_json" } };
  }
  if (!isObj(o))
    return { env: { timestamp: "", ordinal: -1, start, end }, item: { kind: "skip", reason: "bad_json" } };
  const env: Envelope = {
    timestamp: str(o.timestamp) ?? "",
    ordinal: typeof o.ordinal === "number" ? o.ordinal : -1,
    start,
    end,
  };
  return { env, item: itemOf(o, env) };
}

function itemOf(o: Obj, env: Envelope): Item {
  const type = str(o.type);
  const p = isObj(o.payload) ? o.payload : {};
  switch (type) {
    case "session_meta":
      return {
        kind: "meta",
        threadId: str(p.id),
        sessionId: str(p.session_id) ?? str(p.id),
        cwd: str(p.cwd),
        subagent: isObj(p.source) && isObj(p.source.subagent),
      };
    case "turn_context":
      return { kind: "turn_context", cwd: str(p.cwd), model: str(p.model), turnId: str(p.turn_id) };
    case "response_item":
      return responseItem(p, isObj(o.metadata) ? o.metadata : {}, env);
    case "event_msg":
      return eventItem(p);
    case "compacted":
      return { kind: "compacted", summary: compactSummaryText(str(p.message) ?? "") };
    default:
      return { kind: "skip", reason: type && /^[a-z][a-z0-9_]{0,40}$/.test(type) ? type : "unknown_type" };
  }
}

function eventItem(p: Obj): Item {
  const t = str(p.type) ?? "unknown";
  if (t === "task_started") return { kind: "turn_start", turnId: str(p.turn_id) };
  if (t === "task_complete")
    return { kind: "turn_end", turnId: str(p.turn_id), lastAgentMessage: str(p.last_agent_message) };
  if (t === "thread_settings_applied") return { kind: "settings" };
  if (t === "thread_rolled_back") {
    const n = p.num_turns;
    return { kind: "rollback", turns: typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : 0 };
  }
  if (t === "token_count") {
    const last = (p.info as Obj | null | undefined)?.last_token_usage as Obj | undefined;
    const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0);
    if (last && typeof last === "object") {
      const cached = n(last.cached_input_tokens);
      return {
        kind: "usage",
        inputTokens: Math.max(0, n(last.input_tokens) - cached),
        outputTokens: n(last.output_tokens),
        cacheReadTokens: cached,
      };
    }
  }
  return { kind: "skip", reason: `event_msg:${/^[a-z_]{1,40}$/.test(t) ? t : "unknown"}` };
}

function responseItem(p: Obj, meta: Obj, env: Envelope): Item {
  const t = str(p.type);
  const id = str(p.id) ?? `ordinal-${env.ordinal}`;
  if (t === "message") {
    const role = str(p.role);
    const content = Array.isArray(p.content) ? p.content : [];
    if (role === "developer" || role === "system") return { kind: "skip", reason: role };
    if (role === "assistant") {
      const text = content
        .flatMap((c) =>
          isObj(c) && c.type === "output_text" && typeof c.text === "string" ? [c.text.trim()] : [],
        )
        .filter((x) => x !== "")
        .join("\n\n");
      return { kind: "assistant", id, text, compactionOutput: meta.compaction_output === true };
    }
    if (role === "user") {
      const pass = isObj(p.internal_chat_message_metadata_passthrough)
        ? p.internal_chat_message_metadata_passthrough
        : {};
      const { prompt, injected } = classifyUserContent(content, pass.content_item_metadata);
      if (prompt !== "") return { kind: "prompt", id, text: prompt, turnId: str(pass.turn_id) };
      return { kind: "injected", id, text: injected };
    }
    return { kind: "skip", reason: "message" };
  }
  if (t === "function_call" || t === "custom_tool_call" || t === "local_shell_call") {
    const callId = str(p.call_id) ?? id;
    let input: Obj = {};
    if (t === "function_call") {
      try {
        const a = JSON.parse(str(p.arguments) ?? "{}") as unknown;
        input = isObj(a) ? a : { arguments: a };
      } catch {
        input = { arguments: str(p.arguments) ?? "" };
      }
    } else if (t === "custom_tool_call") input = { input: str(p.input) ?? "" };
    else input = isObj(p.action) ? p.action : {};
    const name = str(p.name) ?? (t === "local_shell_call" ? "local_shell" : "unknown");
    const namespace = str(p.namespace);
    return { kind: "tool_call", callId, id, name, ...(namespace ? { namespace } : {}), input };
  }
  if (t === "function_call_output" || t === "custom_tool_call_output")
    return { kind: "tool_result", callId: str(p.call_id) ?? "", ...toolOutput(p.output) };
  return { kind: "skip", reason: t && /^[a-z_]{1,40}$/.test(t) ? t : "unknown_item" };
}

/** Every row of the rollout at `path` from byte `offset` on (complete lines only, bounded). */
export function* readRolloutRows(
  path: string,
  offset = 0,
  bounds: Pick<ReadLinesOptions, "maxBytes" | "maxLineBytes" | "stats"> = {},
): Generator<Row> {
  for (const line of readLines(path, offset, { ...bounds, what: "the Codex rollout" })) {
    if (line.oversized) {
      const env = { timestamp: "", ordinal: -1, start: line.start, end: line.end };
      yield { env, item: { kind: "skip", reason: "oversized_line" } };
      continue;
    }
    if (line.text.trim() === "") {
      yield {
        env: { timestamp: "", ordinal: -1, start: line.start, end: line.end },
        item: { kind: "skip", reason: "empty" },
      };
      continue;
    }
    yield parseRolloutLine(line.text, line.start, line.end);
  }
}
