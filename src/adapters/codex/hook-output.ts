/**
 * Codex CLI 0.171.0 hook stdout: "" or exactly one JSON object valid for the event. The rules are those of
 * the output schemas embedded in the 0.171.0 binary (`<event>.command.output`, every one
 * `additionalProperties: false`) plus the checks Codex makes after parsing ("PreToolUse hook returned
 * unsupported …"). memdir only ever prints `{hookSpecificOutput: {hookEventName, additionalContext}}`.
 */

import { toWellFormed } from "../../core/text.js";
import type { HookResult } from "../../harness/index.js";
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
  const text = result?.context;
  if (text === undefined || text.trim() === "" || !acceptsContext(event)) return "";
  const out = { hookSpecificOutput: { hookEventName: event, additionalContext: toWellFormed(text) } };
  return `${JSON.stringify(out)}\n`;
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

/**
 * Checks hook stdout the way Codex 0.171.0 reads it: empty, or one JSON object whose keys the event's
 * schema allows, of the right types, with a `hookSpecificOutput` naming `event`, and none of the values
 * Codex refuses after parsing (PreToolUse: `continue: false`, `stopReason`, `suppressOutput`,
 * `decision: "approve"`; PostToolUse: `suppressOutput`, `updatedMCPToolOutput`). Returns the first problem,
 * or undefined when valid. For tests and `memdir doctor`.
 */
export function checkHookOutput(event: string, stdout: string): string | undefined {
  if (!(HOOK_EVENTS as readonly string[]).includes(event)) return `unknown event ${event}`;
  const ev = event as HookEvent;
  const text = stdout.trim();
  if (text === "") return undefined;
  if (ev === "SessionEnd") return "SessionEnd reads no hook output";
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return "stdout is not exactly one JSON document";
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return "stdout JSON is not an object";
  const o = v as Record<string, unknown>;
  const allowed = new Set([...COMMON, ...EXTRA[ev]]);
  for (const k of Object.keys(o)) {
    if (!allowed.has(k)) return `${event} output has no key ${k} (additionalProperties: false)`;
    const t = TYPES[k];
    if (t && o[k] !== null && typeof o[k] !== t) return `${k} is not a ${t}`;
  }
  if (o.decision !== undefined && o.decision !== null && o.decision !== "block")
    return `decision must be "block" on ${event}`;
  if (ev === "PreToolUse" && (o.continue === false || o.stopReason != null))
    return "PreToolUse does not support continue:false or stopReason";
  if ((ev === "PreToolUse" || ev === "PostToolUse") && o.suppressOutput === true)
    return `${event} does not support suppressOutput`;
  const hso = o.hookSpecificOutput;
  if (hso === undefined || hso === null) return undefined;
  if (typeof hso !== "object" || Array.isArray(hso)) return "hookSpecificOutput is not an object";
  const h = hso as Record<string, unknown>;
  if (h.hookEventName !== event) return `hookEventName is ${String(h.hookEventName)}, expected ${event}`;
  const keys = new Set(["hookEventName", ...(HSO[ev] ?? [])]);
  for (const k of Object.keys(h)) if (!keys.has(k)) return `hookSpecificOutput has no key ${k} on ${event}`;
  if (h.additionalContext != null && typeof h.additionalContext !== "string")
    return "additionalContext is not a string";
  if (ev === "PostToolUse" && h.updatedMCPToolOutput != null)
    return "PostToolUse does not support updatedMCPToolOutput";
  return undefined;
}
