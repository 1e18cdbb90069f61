/**
 * Replay support: the sequence of Claude Code hook stdin payloads a recorded transcript implies
 * (field names exactly as reference/claude-code.md §1.2). Derived from the transcript alone, so it is an
 * approximation of what the harness fired; the rules below were checked against the `hook_progress`
 * entries of real 2.1.3x transcripts (which record the hooks that actually ran).
 */
import { basename, dirname, join, resolve } from "node:path";
import { type Item, readClaudeRows, type Row } from "./transcript-entries.js";

/** One hook invocation: event name, its stdin JSON, and the transcript bytes known when it fires. */
export interface HookEventSpec {
  event: string;
  input: Record<string, unknown>;
  /** Byte offset of the transcript up to which the event is "known" (never decreases along the list). */
  transcriptOffset: number;
}

export interface DeriveHookEventsOptions {
  /** cwd for payloads when the transcript records none (an empty file); default "". */
  fallbackCwd?: string;
}

const AGENT_TOOLS = new Set(["Task", "Agent"]);

interface CallState {
  name: string;
  input: Obj;
  /** Task/Agent calls: the subagent's id and type. */
  agentId?: string;
  agentType?: string;
  /** A Post event was emitted (results are never posted twice). */
  posted: boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Derives the hook events of the transcript at `path`, in order:
 * - `SessionStart` (`source: "startup"`, offset 0);
 * - per real prompt `UserPromptSubmit` (`prompt`; offset = start of the prompt line: the hook runs before
 *   the prompt is processed);
 * - per `tool_use` block (deduplicated by id) `PreToolUse`; per result `PostToolUse` (`tool_response` =
 *   the structured `toolUseResult` when present, else the result text) or, when `is_error`,
 *   `PostToolUseFailure` (`error` = result text). A call the user rejected gets no Post event (the tool
 *   never ran; matches the recorded hooks). A `Task`/`Agent` call adds `SubagentStart` right after its
 *   PreToolUse and `SubagentStop` right before its PostToolUse (`agent_id` = `toolUseResult.agentId` when
 *   present, else the tool_use id; `agent_type` = `subagent_type`, default `general-purpose`); a
 *   background agent (`status: "async_launched"`) stops at its `<task-notification>` or at the end;
 * - `Stop` at each turn end that was not interrupted: where the transcript records one
 *   (`stop_hook_summary`/`turn_duration`), or where the turn's last assistant message has no tool calls
 *   and a new prompt, task notification, local command, manual compaction or the end of the file follows
 *   (`last_assistant_message` = the turn's last assistant text; `stop_hook_active` true when the turn
 *   continued after a Stop);
 * - `PreCompact` (`trigger` from `compactMetadata`, `custom_instructions` = the args of the `/compact`
 *   recorded after the boundary, else null) before each compaction boundary, then `SessionStart`
 *   (`source: "compact"`) after the compaction summary, as Claude Code does;
 * - `SessionEnd` (`reason: "other"`) at the end.
 * Every payload has `session_id`, `transcript_path` (absolute), `cwd` (the entry's), `hook_event_name`, and
 * `permission_mode` once known; in a subagent transcript every payload also carries `agent_id`.
 * Throws what `readLines` throws (e.g. ENOENT for a missing file); never throws on bad lines.
 */
export function deriveHookEvents(path: string, opts: DeriveHookEventsOptions = {}): HookEventSpec[] {
  const abs = resolve(path);
  const rows: Array<Row & { lineEnd: number }> = [...readClaudeRows(abs, 0)];
  const first = <T>(f: (r: Row) => T | undefined): T | undefined => {
    for (const r of rows) {
      const v = f(r);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const sessionId = first((r) => r.env.sessionId) ?? basename(abs).replace(/\.jsonl$/, "");
  const sidechainAgent = first((r) => (r.env.isSidechain ? r.env.agentId : undefined));
  const results = new Map<string, Extract<Item, { kind: "tool_result" }>>();
  for (const r of rows) if (r.item.kind === "tool_result") results.set(r.item.toolUseId, r.item);

  const out: HookEventSpec[] = [];
  let cwd = first((r) => r.env.cwd) ?? opts.fallbackCwd ?? "";
  let permissionMode: string | undefined;
  let offset = 0;
  const emit = (event: string, fields: Obj, at: number) => {
    offset = Math.max(offset, at);
    const input: Obj = { session_id: sessionId, transcript_path: abs, cwd, hook_event_name: event };
    if (permissionMode && event !== "SessionStart" && event !== "SessionEnd") input.permission_mode = permissionMode;
    if (sidechainAgent) input.agent_id = sidechainAgent;
    out.push({ event, input: { ...input, ...fields }, transcriptOffset: offset });
  };

  const calls = new Map<string, CallState>();
  const asyncAgents = new Map<string, { agentType: string; text: string }>();
  let turnOpen = false;
  let interrupted = false;
  let stoppedSinceInput = false;
  let continuation = false;
  /** The turn's current assistant message (merged by message.id) and the turn's last assistant text. */
  let last: { id: string; text: string; hasTools: boolean; end: number } | undefined;
  let lastText = "";
  let pendingCompactStart: number | undefined;

  /** Ends the open turn; `recorded` = the transcript itself marks the turn end (stop_hook_summary…). */
  const closeTurn = (recorded = false) => {
    if (turnOpen && !interrupted && last && (recorded || !last.hasTools)) {
      emit("Stop", { stop_hook_active: continuation, last_assistant_message: lastText }, last.end);
      stoppedSinceInput = true;
    }
    turnOpen = false;
    interrupted = false;
    continuation = false;
    last = undefined;
    lastText = "";
  };
  const newInput = () => {
    closeTurn();
    turnOpen = true;
    stoppedSinceInput = false;
  };
  const subagentStop = (agentId: string, agentType: string, text: string, at: number) => {
    emit(
      "SubagentStop",
      {
        stop_hook_active: false,
        agent_id: agentId,
        agent_type: agentType,
        agent_transcript_path: join(dirname(abs), sessionId, "subagents", `agent-${agentId}.jsonl`),
        last_assistant_message: text,
      },
      at,
    );
  };

  emit("SessionStart", { source: "startup" }, 0);
  for (let i = 0; i < rows.length; i++) {
    const { env, item } = rows[i]!;
    if (env.cwd) cwd = env.cwd;
    if (env.permissionMode) permissionMode = env.permissionMode;
    if (pendingCompactStart !== undefined && item.kind !== "compact_summary" && item.kind !== "skip") {
      emit("SessionStart", { source: "compact" }, pendingCompactStart);
      pendingCompactStart = undefined;
    }
    switch (item.kind) {
      case "prompt":
        newInput();
        emit("UserPromptSubmit", { prompt: item.text }, env.start);
        break;
      case "task_notification": {
        newInput();
        const agent = item.taskId !== undefined ? asyncAgents.get(item.taskId) : undefined;
        if (agent && item.taskId !== undefined) {
          asyncAgents.delete(item.taskId);
          subagentStop(item.taskId, agent.agentType, agent.text, env.end);
        }
        break;
      }
      case "local_command":
        closeTurn();
        break;
      case "turn_end":
        closeTurn(true);
        break;
      case "interrupt":
        interrupted = true;
        closeTurn();
        break;
      case "compact_summary":
        emit("SessionStart", { source: "compact" }, pendingCompactStart ?? env.end);
        pendingCompactStart = undefined;
        break;
      case "compact_boundary":
        if (item.trigger !== "auto") closeTurn();
        emit("PreCompact", { trigger: item.trigger === "auto" ? "auto" : "manual", custom_instructions: compactArgs(rows, i) }, env.start);
        pendingCompactStart = env.end;
        break;
      case "assistant": {
        if (!turnOpen) {
          turnOpen = true;
          continuation = stoppedSinceInput;
        }
        if (last?.id !== item.messageId) last = { id: item.messageId, text: "", hasTools: false, end: env.end };
        if (item.text) {
          last.text = last.text ? `${last.text}\n\n${item.text}` : item.text;
          lastText = last.text;
        }
        last.end = env.end;
        for (const u of item.toolUses) {
          if (calls.has(u.id)) continue;
          last.hasTools = true;
          const call: CallState = { name: u.name, input: u.input, posted: false };
          calls.set(u.id, call);
          emit("PreToolUse", { tool_name: u.name, tool_input: u.input, tool_use_id: u.id }, env.end);
          if (AGENT_TOOLS.has(u.name)) {
            const structured = results.get(u.id)?.structured;
            call.agentId = isObj(structured) && typeof structured.agentId === "string" ? structured.agentId : u.id;
            call.agentType = typeof u.input.subagent_type === "string" ? u.input.subagent_type : "general-purpose";
            emit("SubagentStart", { agent_id: call.agentId, agent_type: call.agentType }, env.end);
          }
        }
        break;
      }
      case "tool_result": {
        const call = calls.get(item.toolUseId);
        if (!call || item.rejected || call.posted) break;
        call.posted = true;
        if (call.agentId !== undefined) {
          const s = item.structured;
          const text = agentText(s) ?? item.text;
          if (isObj(s) && s.status === "async_launched") asyncAgents.set(call.agentId, { agentType: call.agentType!, text });
          else subagentStop(call.agentId, call.agentType!, text, env.end);
        }
        const common = { tool_name: call.name, tool_input: call.input, tool_use_id: item.toolUseId };
        if (item.isError) emit("PostToolUseFailure", { ...common, error: item.text, is_interrupt: false }, env.end);
        else emit("PostToolUse", { ...common, tool_response: item.structured ?? item.text }, env.end);
        break;
      }
      case "skip":
        break;
    }
  }
  const end = rows.length > 0 ? rows[rows.length - 1]!.lineEnd : 0;
  if (pendingCompactStart !== undefined) emit("SessionStart", { source: "compact" }, pendingCompactStart);
  closeTurn();
  for (const [agentId, a] of asyncAgents) subagentStop(agentId, a.agentType, a.text, end);
  emit("SessionEnd", { reason: "other" }, end);
  return out;
}

/** Args of the `/compact` command recorded right after the boundary at `i` (before the next turn), or null. */
function compactArgs(rows: readonly Row[], i: number): string | null {
  for (let j = i + 1; j < rows.length && j <= i + 12; j++) {
    const it = rows[j]!.item;
    if (it.kind === "local_command" && it.name === "compact") return it.args === "" ? null : it.args;
    if (it.kind === "prompt" || it.kind === "assistant" || it.kind === "compact_boundary") return null;
  }
  return null;
}

/** The text of a Task/Agent result (`toolUseResult.content` text blocks), if structured. */
function agentText(structured: unknown): string | undefined {
  if (!isObj(structured) || !Array.isArray(structured.content)) return undefined;
  const parts = structured.content.flatMap((b) => (isObj(b) && typeof b.text === "string" ? [b.text] : []));
  return parts.length ? parts.join("\n") : undefined;
}
