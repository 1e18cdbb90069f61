/**
 * The state machine behind `deriveHookEvents` (hook-events.ts documents the rules): it consumes transcript
 * items in order and emits hook payloads with monotonically non-decreasing transcript offsets.
 */
import { dirname, join } from "node:path";
import type { Envelope, Item } from "./transcript-entries.js";

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** Tools that run a subagent (`Task`; newer Claude Code versions also name it `Agent`). */
const AGENT_TOOLS = new Set(["Task", "Agent"]);

export interface HookEventSpec {
  event: string;
  input: Record<string, unknown>;
  /** Byte offset of the transcript up to which the event is "known" (never decreases along the list). */
  transcriptOffset: number;
  /** When the event happened: the latest transcript timestamp seen so far (ms), if any. */
  timestampMs?: number;
}

interface CallState {
  name: string;
  input: Obj;
  /** Task/Agent calls: the subagent's id and type. */
  agent?: { id: string; type: string };
  /** A Post event was emitted (results are never posted twice). */
  posted: boolean;
}

type ToolResult = Extract<Item, { kind: "tool_result" }>;
type Assistant = Extract<Item, { kind: "assistant" }>;

export class HookEventDeriver {
  readonly events: HookEventSpec[] = [];
  cwd: string;
  permissionMode: string | undefined;
  /** The latest entry timestamp seen (ms since the epoch), for `timestampMs`. */
  timeMs: number | undefined;
  private offset = 0;
  private readonly calls = new Map<string, CallState>();
  private readonly asyncAgents = new Map<string, { type: string; text: string }>();
  private turnOpen = false;
  private interrupted = false;
  private stoppedSinceInput = false;
  private continuation = false;
  /** The turn's current assistant message (merged by message.id) and the turn's last assistant text. */
  private last: { id: string; hasTools: boolean; end: number; text: string } | undefined;
  private lastText = "";

  constructor(
    private readonly head: { sessionId: string; transcriptPath: string; cwd: string; agentId?: string },
    /** Tool results by tool_use id (look-ahead: a SubagentStart names the agent id its result reports). */
    private readonly results: ReadonlyMap<string, ToolResult>,
  ) {
    this.cwd = head.cwd;
  }

  emit(event: string, fields: Obj, at: number): void {
    this.offset = Math.max(this.offset, at);
    const input: Obj = {
      session_id: this.head.sessionId,
      transcript_path: this.head.transcriptPath,
      cwd: this.cwd,
      hook_event_name: event,
    };
    if (this.permissionMode && event !== "SessionStart" && event !== "SessionEnd") {
      input.permission_mode = this.permissionMode;
    }
    if (this.head.agentId) input.agent_id = this.head.agentId;
    const spec: HookEventSpec = { event, input: { ...input, ...fields }, transcriptOffset: this.offset };
    if (this.timeMs !== undefined) spec.timestampMs = this.timeMs;
    this.events.push(spec);
  }

  /** Ends the open turn; `recorded` = the transcript itself marks the end (stop_hook_summary…). */
  closeTurn(recorded = false): void {
    const last = this.last;
    if (this.turnOpen && !this.interrupted && last && (recorded || !last.hasTools)) {
      this.emit(
        "Stop",
        { stop_hook_active: this.continuation, last_assistant_message: this.lastText },
        last.end,
      );
      this.stoppedSinceInput = true;
    }
    this.turnOpen = false;
    this.interrupted = false;
    this.continuation = false;
    this.last = undefined;
    this.lastText = "";
  }

  interrupt(): void {
    this.interrupted = true;
    this.closeTurn();
  }

  /** A new input (prompt or task notification) ends the previous turn and opens one. */
  input(env: Envelope, prompt: string | undefined, taskId?: string): void {
    this.closeTurn();
    this.turnOpen = true;
    this.stoppedSinceInput = false;
    if (prompt !== undefined) this.emit("UserPromptSubmit", { prompt }, env.start);
    const agent = taskId !== undefined ? this.asyncAgents.get(taskId) : undefined;
    if (agent && taskId !== undefined) {
      this.asyncAgents.delete(taskId);
      this.subagentStop(taskId, agent.type, agent.text, env.end);
    }
  }

  assistant(env: Envelope, item: Assistant): void {
    if (!this.turnOpen) {
      this.turnOpen = true;
      this.continuation = this.stoppedSinceInput;
    }
    if (this.last?.id !== item.messageId)
      this.last = { id: item.messageId, hasTools: false, end: env.end, text: "" };
    const last = this.last;
    last.end = env.end;
    if (item.text) {
      last.text = last.text ? `${last.text}\n\n${item.text}` : item.text;
      this.lastText = last.text;
    }
    for (const u of item.toolUses) {
      if (this.calls.has(u.id)) continue;
      last.hasTools = true;
      const call: CallState = { name: u.name, input: u.input, posted: false };
      this.calls.set(u.id, call);
      this.emit("PreToolUse", { tool_name: u.name, tool_input: u.input, tool_use_id: u.id }, env.end);
      if (AGENT_TOOLS.has(u.name)) {
        const s = this.results.get(u.id)?.structured;
        const id = isObj(s) && typeof s.agentId === "string" ? s.agentId : u.id;
        const type = typeof u.input.subagent_type === "string" ? u.input.subagent_type : "general-purpose";
        call.agent = { id, type };
        this.emit("SubagentStart", { agent_id: id, agent_type: type }, env.end);
      }
    }
  }

  toolResult(env: Envelope, item: ToolResult): void {
    const call = this.calls.get(item.toolUseId);
    if (!call || item.rejected || call.posted) return;
    call.posted = true;
    if (call.agent) {
      const s = item.structured;
      const text = agentText(s) ?? item.text;
      if (isObj(s) && s.status === "async_launched")
        this.asyncAgents.set(call.agent.id, { type: call.agent.type, text });
      else this.subagentStop(call.agent.id, call.agent.type, text, env.end);
    }
    const common = { tool_name: call.name, tool_input: call.input, tool_use_id: item.toolUseId };
    if (item.isError)
      this.emit("PostToolUseFailure", { ...common, error: item.text, is_interrupt: false }, env.end);
    else this.emit("PostToolUse", { ...common, tool_response: item.structured ?? item.text }, env.end);
  }

  /** End of file: pending Stop, background agents still running, then SessionEnd. */
  finish(end: number): void {
    this.closeTurn();
    for (const [id, a] of this.asyncAgents) this.subagentStop(id, a.type, a.text, end);
    this.asyncAgents.clear();
    this.emit("SessionEnd", { reason: "other" }, end);
  }

  private subagentStop(agentId: string, agentType: string, text: string, at: number): void {
    const dir = join(dirname(this.head.transcriptPath), this.head.sessionId, "subagents");
    this.emit(
      "SubagentStop",
      {
        stop_hook_active: false,
        agent_id: agentId,
        agent_type: agentType,
        agent_transcript_path: join(dir, `agent-${agentId}.jsonl`),
        last_assistant_message: text,
      },
      at,
    );
  }
}

/** The text of a Task/Agent result (`toolUseResult.content` text blocks), if structured. */
function agentText(structured: unknown): string | undefined {
  if (!isObj(structured) || !Array.isArray(structured.content)) return undefined;
  const parts = structured.content.flatMap((b) => (isObj(b) && typeof b.text === "string" ? [b.text] : []));
  return parts.length ? parts.join("\n") : undefined;
}
