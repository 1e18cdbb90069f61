/**
 * Claude Code hook stdout: exactly one JSON object valid for the event, or nothing (DESIGN.md §6
 * "Hooks fail open"; two JSON objects or a banner line before the object break Claude Code's parser).
 * Schema: reference/claude-code.md §1.3.1 (Claude Code 2.0.77 … 2.1.332).
 */
import { toWellFormed } from "../../core/text.js";
import type { HookResult } from "../../harness/events.js";
import {
  checkHookStdout,
  contextStdout,
  type HookStdoutSpec,
  systemMessageProblem,
} from "../shared/output-check.js";
import { HOOK_EVENTS, type HookEvent } from "./hook-types.js";

/**
 * Events whose `hookSpecificOutput.additionalContext` reaches the model in every supported version
 * (starred rows of §1.3.1, present since 2.0.77). Stop/SubagentStop accept it only since 2.1.163,
 * where it keeps the turn going, so memdir never sends it there; PreCompact and SessionEnd have no
 * hookSpecificOutput at all (adding one fails validation).
 */
export const CONTEXT_EVENTS: readonly HookEvent[] = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "SubagentStart",
];

export interface ContextOutput {
  hookSpecificOutput: { hookEventName: HookEvent; additionalContext: string };
}
/** `systemMessage` is a common field (every event): a notice shown to the user, never to the model. */
export interface SystemMessageOutput {
  systemMessage: string;
}
/** `undefined` means "print nothing" (a valid answer for every event). */
export type HookOutput = ContextOutput | SystemMessageOutput | undefined;

/** True when `event` accepts `hookSpecificOutput.additionalContext` (see CONTEXT_EVENTS). */
export function acceptsContext(event: HookEvent): boolean {
  return CONTEXT_EVENTS.includes(event);
}

/**
 * `{hookSpecificOutput: {hookEventName: event, additionalContext: text}}` for CONTEXT_EVENTS;
 * `undefined` (empty stdout) for other events or when `text` is empty/whitespace. The text is made
 * well-formed (a lone surrogate makes the API answer 400) but not truncated: the
 * caller budgets it (keep it under ~10,000 characters, §1.3.1 "Size caps").
 */
export function contextOutput(event: HookEvent, text: string): ContextOutput | undefined {
  if (!acceptsContext(event) || text.trim() === "") return undefined;
  return { hookSpecificOutput: { hookEventName: event, additionalContext: toWellFormed(text) } };
}

/** `{systemMessage: text}` (valid for every event), or `undefined` when `text` is blank. */
export function systemMessageOutput(text: string): SystemMessageOutput | undefined {
  return text.trim() === "" ? undefined : { systemMessage: toWellFormed(text) };
}

/** The exact stdout for a handler's result on `event` ("" for an unknown event, no context or an event without context). */
export function formatClaudeHook(event: string, result: HookResult | undefined): string {
  return contextStdout(CONTEXT_EVENTS, event, result?.context);
}

/** The "print nothing" answer. */
export function emptyOutput(): undefined {
  return undefined;
}

/** `""` for `undefined`, else the object as one JSON line ending in `\n`. */
export function serializeOutput(o: HookOutput): string {
  return o === undefined ? "" : `${JSON.stringify(o)}\n`;
}

const STDOUT: HookStdoutSpec<HookEvent> = {
  events: HOOK_EVENTS,
  topKeys: () => TOP_KEYS,
  badTopKey: (k) => `unknown top-level key ${k}`,
  values: systemMessageProblem,
  noHso: (event) => (acceptsContext(event) ? undefined : `${event} accepts no hookSpecificOutput`),
  context: "optional",
};
const TOP_KEYS = new Set(["continue", "stopReason", "suppressOutput", "systemMessage", "hookSpecificOutput"]);

/**
 * Checks hook stdout the way Claude Code reads it: empty, or exactly one JSON object whose keys are
 * known, whose `hookSpecificOutput` (if any) names `event` and is allowed for it. Returns the first
 * problem found, or `undefined` when valid. For tests and `memdir doctor`.
 */
export function checkHookOutput(event: HookEvent, stdout: string): string | undefined {
  return checkHookStdout(STDOUT, event, stdout);
}
