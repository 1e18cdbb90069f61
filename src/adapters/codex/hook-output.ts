/**
 * Codex CLI 0.171.0 hook stdout: "" or exactly one JSON object valid for the event. The rules are those of
 * the output schemas embedded in the 0.171.0 binary (`<event>.command.output`, every one
 * `additionalProperties: false`) plus the checks Codex makes after parsing ("PreToolUse hook returned
 * unsupported …"). memdir only ever prints `{hookSpecificOutput: {hookEventName, additionalContext}}`.
 */

import type { HookResult } from "../../harness/index.js";
import { checkHookStdout, contextStdout, type HookStdoutSpec } from "../shared/output-check.js";
import { HOOK_EVENTS, type HookEvent } from "./hook-types.js";

/**
 * Events whose `hookSpecificOutput.additionalContext` Codex injects (each becomes a `developer` message,
 * persisted in the rollout). Stop and SubagentStop take only `decision: "block"` + `reason` (which keeps the
 * turn going); PreCompact, PostCompact and SessionEnd take no hookSpecificOutput; a top-level
 * `additionalContext` fails every event.
 */
export const CONTEXT_EVENTS: readonly HookEvent[] = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "SubagentStart",
];

export function acceptsContext(event: string): boolean {
  return (CONTEXT_EVENTS as readonly string[]).includes(event);
}

/**
 * The stdout for `result` on `event`: `{"hookSpecificOutput":{"hookEventName":event,"additionalContext":…}}\n`
 * on CONTEXT_EVENTS with non-blank context (made well-formed, not truncated: Codex spills context over
 * 2,500 tokens to `hook_outputs/` unless `additionalContextLimit` says otherwise), else "".
 */
export function formatHookOutput(event: string, result: HookResult | undefined): string {
  return contextStdout(CONTEXT_EVENTS, event, result?.context);
}

const COMMON = ["continue", "stopReason", "suppressOutput", "systemMessage"];
/** Top-level keys per event beyond COMMON (0.171.0 schemas); SessionEnd has no output schema at all. */
const EXTRA: Record<HookEvent, string[]> = {
  SessionStart: ["hookSpecificOutput"],
  UserPromptSubmit: ["decision", "reason", "hookSpecificOutput"],
  PreToolUse: ["decision", "reason", "hookSpecificOutput"],
  PostToolUse: ["decision", "reason", "hookSpecificOutput"],
  SubagentStart: ["hookSpecificOutput"],
  SubagentStop: ["decision", "reason"],
  Stop: ["decision", "reason"],
  PreCompact: [],
  SessionEnd: [],
};
/** hookSpecificOutput keys besides hookEventName. */
const HSO: Partial<Record<HookEvent, string[]>> = {
  SessionStart: ["additionalContext"],
  UserPromptSubmit: ["additionalContext"],
  PreToolUse: ["additionalContext", "permissionDecision", "permissionDecisionReason", "updatedInput"],
  PostToolUse: ["additionalContext", "updatedMCPToolOutput"],
  SubagentStart: ["additionalContext"],
};
const TYPES: Record<string, "string" | "boolean"> = {
  continue: "boolean",
  stopReason: "string",
  suppressOutput: "boolean",
  systemMessage: "string",
  reason: "string",
};

const STDOUT: HookStdoutSpec<HookEvent> = {
  events: HOOK_EVENTS,
  raw: (_stdout, event) => (event === "SessionEnd" ? "SessionEnd reads no hook output" : undefined),
  topKeys: (event) => new Set([...COMMON, ...EXTRA[event]]),
  badTopKey: (k, event) => `${event} output has no key ${k} (additionalProperties: false)`,
  nullableTypes: TYPES,
  values: (o, event) => {
    if (o.decision !== undefined && o.decision !== null && o.decision !== "block")
      return `decision must be "block" on ${event}`;
    if (event === "PreToolUse" && (o.continue === false || o.stopReason != null))
      return "PreToolUse does not support continue:false or stopReason";
    if ((event === "PreToolUse" || event === "PostToolUse") && o.suppressOutput === true)
      return `${event} does not support suppressOutput`;
    return undefined;
  },
  nullHsoAbsent: true,
  hsoKeys: {
    allowed: (event) => new Set(HSO[event] ?? []),
    bad: (k, event) => `hookSpecificOutput has no key ${k} on ${event}`,
  },
  context: "nullable",
  hsoValues: (h, event) =>
    event === "PostToolUse" && h.updatedMCPToolOutput != null
      ? "PostToolUse does not support updatedMCPToolOutput"
      : undefined,
};

/**
 * Checks hook stdout the way Codex 0.171.0 reads it: empty, or one JSON object whose keys the event's
 * schema allows, of the right types, with a `hookSpecificOutput` naming `event`, and none of the values
 * Codex refuses after parsing (PreToolUse: `continue: false`, `stopReason`, `suppressOutput`,
 * `decision: "approve"`; PostToolUse: `suppressOutput`, `updatedMCPToolOutput`). Returns the first problem,
 * or undefined when valid. For tests and `memdir doctor`.
 */
export function checkHookOutput(event: string, stdout: string): string | undefined {
  return checkHookStdout(STDOUT, event, stdout);
}
