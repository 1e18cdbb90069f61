/**
 * Gemini CLI 0.61.0 hook stdout: exactly one JSON object, or nothing. Plain text on stdout never reaches
 * the model (it becomes a `systemMessage` for the terminal), so memdir prints JSON or nothing.
 * Where `hookSpecificOutput.additionalContext` reaches the model (bundle/docs/hooks/reference.md, seen in
 * requests to a scripted server):
 * - SessionStart: prepended to the first prompt as `<hook_context>…</hook_context>` in `-p` mode, the first
 *   history turn in the interactive UI;
 * - BeforeAgent: a separate `<hook_context>` text part of the same user turn;
 * - AfterTool: appended to the tool result as `\n\n<hook_context>…</hook_context>` (file-read recall goes here).
 * Gemini replaces `<` and `>` in the context with `&lt;` / `&gt;` before injecting it.
 * BeforeTool context is ignored by 0.61 (BeforeTool reads only `tool_input`), AfterAgent reads only
 * `clearContext`, SessionEnd is not awaited: memdir prints nothing there.
 */
import { toWellFormed } from "../../core/text.js";
import type { HookResult } from "../../harness/index.js";
import { HOOK_EVENTS, type HookEvent, isHookEvent } from "./hook-types.js";

/** The events whose `hookSpecificOutput.additionalContext` reaches the model. */
export const CONTEXT_EVENTS: readonly HookEvent[] = ["SessionStart", "BeforeAgent", "AfterTool"];

export function acceptsContext(event: string): boolean {
  return (CONTEXT_EVENTS as readonly string[]).includes(event);
}

/**
 * The stdout for a handler's result: `{"hookSpecificOutput":{"hookEventName":…,"additionalContext":…}}\n`
 * on CONTEXT_EVENTS with non-blank context (made well-formed, not truncated: the caller budgets it), else "".
 */
export function formatHook(nativeEvent: string, result: HookResult | undefined): string {
  const text = result?.context;
  if (text === undefined || text.trim() === "" || !acceptsContext(nativeEvent)) return "";
  const out = { hookSpecificOutput: { hookEventName: nativeEvent, additionalContext: toWellFormed(text) } };
  return `${JSON.stringify(out)}\n`;
}

const TOP_KEYS = new Set([
  "continue",
  "stopReason",
  "suppressOutput",
  "systemMessage",
  "decision",
  "reason",
  "hookSpecificOutput",
]);

/**
 * Checks hook stdout the way memdir means Gemini to read it: empty, or one JSON object with known keys
 * whose `hookSpecificOutput` appears only on CONTEXT_EVENTS, names `event` and holds a string
 * `additionalContext`. Returns the first problem, or undefined when valid (tests, `memdir doctor`).
 */
export function checkHookOutput(event: string, stdout: string): string | undefined {
  if (!isHookEvent(event)) return `unknown event ${event} (expected one of ${HOOK_EVENTS.join(", ")})`;
  const text = stdout.trim();
  if (text === "") return undefined;
  if (stdout !== "" && !stdout.endsWith("\n")) return "stdout does not end with a newline";
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return "stdout is not exactly one JSON document";
  }
  if (typeof v !== "object" || v === null || Array.isArray(v)) return "stdout JSON is not an object";
  for (const k of Object.keys(v)) if (!TOP_KEYS.has(k)) return `unknown top-level key ${k}`;
  const o = v as Record<string, unknown>;
  if (o.systemMessage !== undefined && typeof o.systemMessage !== "string")
    return "systemMessage is not a string";
  if (o.decision !== undefined || o.continue !== undefined) return "memdir never sends decision or continue";
  const hso = o.hookSpecificOutput;
  if (hso === undefined) return undefined;
  if (!acceptsContext(event)) return `${event} reads no additionalContext`;
  if (typeof hso !== "object" || hso === null || Array.isArray(hso))
    return "hookSpecificOutput is not an object";
  const h = hso as Record<string, unknown>;
  for (const k of Object.keys(h))
    if (k !== "hookEventName" && k !== "additionalContext") return `unexpected hookSpecificOutput key ${k}`;
  if (h.hookEventName !== event) return `hookEventName is ${String(h.hookEventName)}, expected ${event}`;
  if (typeof h.additionalContext !== "string") return "additionalContext is not a string";
  return undefined;
}
