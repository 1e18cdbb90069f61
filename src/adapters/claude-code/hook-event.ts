/**
 * Claude Code hook input (parsed by hook-input.ts) → the neutral hook event (harness/events.ts).
 * Field names as Claude Code sends them (snake_case: `session_id`, `transcript_path`, `hook_event_name`, …),
 * checked against the stdin of 2.1.332 (test/fixtures/hooks/claude-code).
 */
import type { HarnessEvent, ParsedHook, SessionStartEvent } from "../../harness/index.js";
import { type HookInput, parseHookInput } from "./hook-input.js";
import { toolLinesChanged } from "./tool-lines.js";
import { toolUse } from "./tools.js";

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

const SOURCES: readonly SessionStartEvent["source"][] = ["startup", "resume", "clear", "compact", "fork"];

/** All string leaves of a tool response (depth ≤ 8), in order: the text a tool returned. */
export function responseLeaves(v: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof v === "string") out.push(v);
  else if (depth < 8 && Array.isArray(v)) for (const x of v) responseLeaves(x, out, depth + 1);
  else if (depth < 8 && v && typeof v === "object")
    for (const x of Object.values(v)) responseLeaves(x, out, depth + 1);
  return out;
}

function toNeutral(input: HookInput): HarnessEvent {
  const base = {
    harness: "claude-code" as const,
    sessionId: input.session_id,
    cwd: input.cwd,
    ...(str(input.transcript_path) ? { transcriptPath: input.transcript_path } : {}),
    ...(str(input.agent_id) ? { agentId: input.agent_id } : {}),
    ...(str(input.agent_type) ? { agentType: input.agent_type } : {}),
    ...(str(input.model) ? { model: input.model } : {}),
    ...(str(input.permission_mode) ? { permissionMode: input.permission_mode } : {}),
  };
  switch (input.hook_event_name) {
    case "SessionStart": {
      const s = SOURCES.find((x) => x === input.source) ?? "startup";
      return { ...base, type: "sessionStart", source: s };
    }
    case "UserPromptSubmit":
      return { ...base, type: "prompt", prompt: input.prompt };
    case "PreToolUse":
      return {
        ...base,
        type: "toolBefore",
        tool: toolUse(input.tool_name, input.tool_input ?? {}, input.tool_use_id),
      };
    case "PostToolUse":
    case "PostToolUseFailure": {
      const tool = toolUse(input.tool_name, input.tool_input ?? {}, input.tool_use_id);
      if (input.hook_event_name === "PostToolUseFailure")
        return {
          ...base,
          type: "toolAfter",
          tool,
          success: false,
          responseText: [],
          ...(str(input.error) ? { error: input.error } : {}),
          interrupted: input.is_interrupt === true,
        };
      const lines = toolLinesChanged(input.tool_name, tool.input, input.tool_response);
      return {
        ...base,
        type: "toolAfter",
        tool,
        success: true,
        responseText: responseLeaves(input.tool_response),
        ...(lines.added || lines.removed ? { linesChanged: lines } : {}),
        interrupted: false,
      };
    }
    case "SubagentStart":
      return { ...base, type: "subagentStart", agentId: str(input.agent_id) ?? "unknown" };
    case "SubagentStop":
      return {
        ...base,
        type: "subagentStop",
        agentId: str(input.agent_id) ?? "unknown",
        ...(str(input.agent_transcript_path) ? { agentTranscriptPath: input.agent_transcript_path } : {}),
        ...(str(input.last_assistant_message) ? { lastAssistantMessage: input.last_assistant_message } : {}),
      };
    case "Stop":
      return {
        ...base,
        type: "turnEnd",
        ...(str(input.last_assistant_message) ? { lastAssistantMessage: input.last_assistant_message } : {}),
        stopHookActive: input.stop_hook_active === true,
      };
    case "PreCompact":
      return {
        ...base,
        type: "compaction",
        trigger: input.trigger === "manual" || input.trigger === "auto" ? input.trigger : "unknown",
        ...(str(input.custom_instructions)
          ? { customInstructions: input.custom_instructions as string }
          : {}),
      };
    case "SessionEnd":
      return { ...base, type: "sessionEnd", reason: str(input.reason) ?? "other" };
  }
}

/** Parses Claude Code hook stdin for `event` into a neutral event (see parseHookInput for the rules). */
export function parseClaudeHook(event: string, raw: string): ParsedHook {
  const p = parseHookInput(event, raw);
  return p.ok ? { ok: true, event: toNeutral(p.input), notes: p.notes } : p;
}
