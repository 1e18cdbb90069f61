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
import type { HookResult } from "../../harness/index.js";
import {
  checkHookStdout,
  contextStdout,
  type HookStdoutSpec,
  systemMessageProblem,
} from "../shared/output-check.js";
import { HOOK_EVENTS, type HookEvent } from "./hook-types.js";

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
  return contextStdout(CONTEXT_EVENTS, nativeEvent, result?.context);
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
const HSO_KEYS: ReadonlySet<string> = new Set(["additionalContext"]);

const STDOUT: HookStdoutSpec<HookEvent> = {
  events: HOOK_EVENTS,
  unknownEvent: (event) => `unknown event ${event} (expected one of ${HOOK_EVENTS.join(", ")})`,
  raw: (stdout) => (stdout.endsWith("\n") ? undefined : "stdout does not end with a newline"),
  topKeys: () => TOP_KEYS,
  badTopKey: (k) => `unknown top-level key ${k}`,
  values: (o) =>
    systemMessageProblem(o) ??
    (o.decision !== undefined || o.continue !== undefined
      ? "memdir never sends decision or continue"
      : undefined),
  noHso: (event) => (acceptsContext(event) ? undefined : `${event} reads no additionalContext`),
  hsoKeys: {
    allowed: () => HSO_KEYS,
    bad: (k) => `unexpected hookSpecificOutput key ${k}`,
    beforeEventName: true,
  },
  context: "required",
};

/**
 * Checks hook stdout the way memdir means Gemini to read it: empty, or one JSON object with known keys
 * whose `hookSpecificOutput` appears only on CONTEXT_EVENTS, names `event` and holds a string
 * `additionalContext`. Returns the first problem, or undefined when valid (tests, `memdir doctor`).
 */
export function checkHookOutput(event: string, stdout: string): string | undefined {
  return checkHookStdout(STDOUT, event, stdout);
}
