/**
 * Replay: the Codex CLI 0.171.0 hook stdin payloads a recorded rollout implies, field names exactly as
 * Codex sends them (test/fixtures/hooks/codex). Derived from the rollout alone, so an approximation:
 * - main thread: `SessionStart` (`startup`, offset 0); a `thread_settings_applied` between turns is a
 *   new process on the thread (`codex exec resume`): `SessionEnd` then `SessionStart` (`resume`);
 * - subagent rollout (`session_meta.source.subagent`): `SubagentStart` at 0 and `SubagentStop` at its
 *   turn end instead of SessionStart / Stop / SessionEnd, with `session_id` the parent's and `agent_id` /
 *   `agent_type` ("default") on every payload, as Codex sends them from inside a subagent;
 * - per typed prompt `UserPromptSubmit` (offset = start of its line: the hook runs before the prompt is
 *   recorded);
 * - per tool call `PreToolUse` (after the call line) and `PostToolUse` (after its output line), with the
 *   hook names and inputs (`exec_command {cmd}` → `Bash {command}`, apply_patch's patch → `{command}`,
 *   namespaced tools as `<namespace><name>` except `spawn_agent`) and `tool_response` = the output as
 *   hooks get it (exec_command's header removed);
 * - a spawn_agent output names the agent: `SubagentStart` right after its PostToolUse; `SubagentStop`
 *   where the parent learns the agent completed (a `<subagent_notification>` or a wait_agent result),
 *   with `agent_transcript_path` = the `rollout-*-<agent id>.jsonl` beside the parent's when present;
 * - per `compacted` line `PreCompact` (`trigger: "auto"`, the only one 0.171.0 exec can produce) before the
 *   compaction request's output, and `SessionStart` (`compact`) after the line;
 * - `Stop` at each `task_complete` (`last_assistant_message`, `stop_hook_active: false`);
 * - `SessionEnd` (`reason: "other"`) at the end.
 * Throws MemdirError NOT_FOUND for a missing file; never throws on bad lines.
 */
import { readdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { ReplayHook } from "../contract.js";
import { rolloutSize } from "./transcript.js";
import { type Item, type Row, readRolloutRows } from "./transcript-entries.js";

type Obj = Record<string, unknown>;
type ToolCallItem = Extract<Item, { kind: "tool_call" }>;

/** The hook `tool_name` and `tool_input` Codex 0.171.0 sends for a rollout tool call. */
export function hookTool(c: ToolCallItem): { name: string; input: Obj } {
  if (c.name === "exec_command" || c.name === "shell" || c.name === "local_shell") {
    const cmd = c.input.cmd ?? c.input.command;
    return { name: "Bash", input: { command: Array.isArray(cmd) ? cmd.join(" ") : cmd } };
  }
  if (c.name === "apply_patch")
    return { name: "apply_patch", input: { command: c.input.input ?? c.input.patch ?? "" } };
  if (c.namespace && c.name !== "spawn_agent") return { name: `${c.namespace}${c.name}`, input: c.input };
  return { name: c.name, input: c.input };
}

/** `{agent id: completed text}` from a subagent notification or a wait_agent result, if any. */
function completions(text: string): Map<string, string> {
  const out = new Map<string, string>();
  const json = text.replace(/^<subagent_notification>\s*|\s*<\/subagent_notification>\s*$/g, "");
  try {
    const v = JSON.parse(json) as Obj;
    if (typeof v.agent_path === "string" && typeof (v.status as Obj)?.completed === "string")
      out.set(v.agent_path, (v.status as Obj).completed as string);
    if (typeof v.status === "object" && v.status !== null && typeof v.agent_path !== "string")
      for (const [id, s] of Object.entries(v.status as Obj))
        if (typeof (s as Obj)?.completed === "string") out.set(id, (s as Obj).completed as string);
  } catch {
    // not JSON
  }
  return out;
}

function agentRollout(parentPath: string, agentId: string): string {
  try {
    const hit = readdirSync(dirname(parentPath)).find((n) => n.endsWith(`-${agentId}.jsonl`));
    if (hit) return join(dirname(parentPath), hit);
  } catch {
    // unreadable directory
  }
  return parentPath;
}

/** The replay hooks of the rollout at `path`, in order, offsets never decreasing. */
export function deriveCodexHooks(path: string, opts: { fallbackCwd?: string } = {}): ReplayHook[] {
  const abs = resolve(path);
  rolloutSize(abs); // a clear NOT_FOUND first
  const rows: Row[] = [...readRolloutRows(abs, 0)];
  const meta = rows.find((r) => r.item.kind === "meta")?.item as Extract<Item, { kind: "meta" }> | undefined;
  const threadId = meta?.threadId ?? /-([0-9a-f-]{36})\.jsonl$/i.exec(basename(abs))?.[1] ?? basename(abs);
  const sub = meta?.subagent === true;
  const st = {
    cwd: meta?.cwd ?? opts.fallbackCwd ?? "",
    model: undefined as string | undefined,
    turn: undefined as string | undefined,
  };
  const out: ReplayHook[] = [];
  let offset = 0;
  const emit = (event: string, fields: Obj, at: number, transcriptPath = abs) => {
    offset = Math.max(offset, at);
    const payload: Obj = { session_id: meta?.sessionId ?? threadId };
    if (st.turn && !/^Session/.test(event)) payload.turn_id = st.turn;
    Object.assign(payload, { transcript_path: transcriptPath, cwd: st.cwd, hook_event_name: event });
    if (st.model && event !== "SessionEnd") payload.model = st.model;
    if (sub) Object.assign(payload, { agent_id: threadId, agent_type: "default" });
    out.push({ event, payload: { ...payload, ...fields }, offset });
  };
  const calls = new Map<string, ToolCallItem>();
  const agents = new Map<string, boolean>(); // id → stopped
  let turns = 0;
  let inTurn = false;
  let compactAt: number | undefined;
  const stopAgents = (text: string, at: number) => {
    for (const [id, last] of completions(text)) {
      if (agents.get(id) !== false) continue;
      agents.set(id, true);
      const agentPath = agentRollout(abs, id);
      emit(
        "SubagentStop",
        {
          stop_hook_active: false,
          agent_id: id,
          agent_type: "default",
          agent_transcript_path: agentPath,
          last_assistant_message: last,
        },
        at,
      );
    }
  };
  emit(sub ? "SubagentStart" : "SessionStart", sub ? {} : { source: "startup" }, 0);
  for (const { env, item } of rows) {
    switch (item.kind) {
      case "turn_context":
        if (item.cwd) st.cwd = item.cwd;
        if (item.model) st.model = item.model;
        break;
      case "turn_start":
        inTurn = true;
        if (item.turnId) st.turn = item.turnId;
        break;
      case "settings":
        if (!inTurn && turns > 0 && !sub) {
          emit("SessionEnd", { reason: "other" }, env.start);
          emit("SessionStart", { source: "resume" }, env.end);
        }
        break;
      case "prompt":
        emit("UserPromptSubmit", { prompt: item.text }, env.start);
        break;
      case "injected":
        stopAgents(item.text, env.end);
        break;
      case "assistant":
        if (item.compactionOutput) compactAt ??= env.start;
        break;
      case "tool_call": {
        if (calls.has(item.callId)) break;
        calls.set(item.callId, item);
        const t = hookTool(item);
        emit("PreToolUse", { tool_name: t.name, tool_input: t.input, tool_use_id: item.callId }, env.end);
        break;
      }
      case "tool_result": {
        const c = calls.get(item.callId);
        if (!c) break;
        calls.delete(item.callId);
        const t = hookTool(c);
        emit(
          "PostToolUse",
          { tool_name: t.name, tool_input: t.input, tool_response: item.text, tool_use_id: item.callId },
          env.end,
        );
        const spawned =
          c.name === "spawn_agent" ? /"agent_id"\s*:\s*"([^"]+)"/.exec(item.text)?.[1] : undefined;
        if (spawned && !agents.has(spawned)) {
          agents.set(spawned, false);
          const p = agentRollout(abs, spawned);
          emit("SubagentStart", { agent_id: spawned, agent_type: "default" }, env.end, p);
        }
        stopAgents(item.text, env.end);
        break;
      }
      case "compacted":
        emit("PreCompact", { trigger: "auto" }, compactAt ?? env.start);
        emit("SessionStart", { source: "compact" }, env.end);
        compactAt = undefined;
        break;
      case "turn_end":
        inTurn = false;
        turns++;
        if (sub)
          emit(
            "SubagentStop",
            {
              stop_hook_active: false,
              agent_transcript_path: abs,
              last_assistant_message: item.lastAgentMessage ?? "",
            },
            env.end,
          );
        else
          emit(
            "Stop",
            { stop_hook_active: false, last_assistant_message: item.lastAgentMessage ?? "" },
            env.end,
          );
        break;
      default:
        break;
    }
  }
  const end = rows.length > 0 ? rows[rows.length - 1]!.env.end : 0;
  if (!sub) emit("SessionEnd", { reason: "other" }, end);
  return out;
}
