/**
 * The hook entry below the surface: `memdir hook <event>` (hooks/main.ts) and `memdir replay` both call
 * `runHook`. Contract (DESIGN.md §6, Claude Code 2.1.x hook protocol): never throws; returns the exact
 * stdout ("" or one JSON object valid for the event); every fault is one log line.
 */

import { statSync } from "node:fs";
import {
  type HookEvent,
  type HookInput,
  isHookEvent,
  MAX_HOOK_INPUT_BYTES,
  type ParseResult,
  parseHookInput,
} from "../../adapters/claude-code/hook-input.js";
import { contextOutput, serializeOutput } from "../../adapters/claude-code/hook-output.js";
import { salvageOversizedInput } from "../../adapters/claude-code/hook-salvage.js";
import { toolKind } from "../../adapters/claude-code/tools.js";
import { describeError, isMemdirError, type MemdirError } from "../../core/errors.js";
import { containsSecret } from "../../privacy/index.js";
import { type AppContext, ensureProjectState, fallbackLogFile, logLine, projectContext } from "../context.js";
import { JOB_ENV_MARKER, type Runtime } from "../runtime.js";

/** A UUID (the session ids harnesses make) is never a secret: the full secret pass is skipped for it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A handler returns text for `additionalContext`, or undefined for empty stdout. */
export type HookHandler = (
  ctx: AppContext,
  input: HookInput,
) => Promise<string | undefined> | string | undefined;

async function handlerFor(event: string): Promise<HookHandler | undefined> {
  switch (event) {
    case "SessionStart":
      return (await import("./session-start.js")).onSessionStart;
    case "UserPromptSubmit":
      return (await import("./prompt.js")).onUserPromptSubmit;
    case "PreToolUse":
      return (await import("./tool-use.js")).onPreToolUse;
    case "PostToolUse":
    case "PostToolUseFailure":
      return (await import("./tool-use.js")).onToolUse;
    case "SubagentStart":
    case "SubagentStop":
      return (await import("./subagent.js")).onSubagent;
    case "Stop":
    case "PreCompact":
      return (await import("./turn-end.js")).onTurnEnd;
    case "SessionEnd":
      return (await import("./session-end.js")).onSessionEnd;
    default:
      return undefined;
  }
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** The SessionStart text when the config cannot be used: what is wrong and what to do (no file text). */
function configStopNotice(e: MemdirError): string {
  return [
    "memdir (memory for this agent) is paused: its config cannot be used, so nothing is recalled or saved this session.",
    `Problem: ${e.message.split("\n")[0]}`,
    `Found: ${e.received}`,
    `Expected: ${e.expected}`,
    `What to do: ${e.hint}. Tell the user; \`memdir status\` shows the same.`,
  ].join("\n");
}

/**
 * The `<remember>` notes of an input too large to handle: taken from the note-carrying member as far
 * as its first MAX_HOOK_INPUT_BYTES bytes reach (a prompt, or a subagent tool's output), stored in the
 * notepad; everything else of the input is dropped. Returns how many were stored.
 */
async function keepOversizedNotes(event: HookEvent, raw: string, rt: Runtime): Promise<number> {
  const s = salvageOversizedInput(event, raw);
  if (!s || !/<remember/i.test(s.text) || !isDirectory(s.cwd)) return 0;
  if (event === "PostToolUse" && toolKind(s.toolName ?? "") !== "agent") return 0;
  const ctx = projectContext(rt, s.cwd);
  ensureProjectState(ctx);
  const { captureRememberTags } = await import("./remember.js");
  return captureRememberTags(ctx, s.text, rt.now());
}

/**
 * Runs one hook invocation. `raw` is the stdin text; `truncated` means stdin was longer than
 * MAX_HOOK_INPUT_BYTES and `raw` is its start. Returns the stdout to print.
 */
export async function runHook(
  event: string,
  raw: string,
  rt: Runtime,
  opts: { truncated?: boolean } = {},
): Promise<string> {
  if (rt.env[JOB_ENV_MARKER] === "1" || rt.env.MEMDIR_DISABLE === "1") return "";
  const source = `hook:${event}`;
  const handler = await handlerFor(event).catch(() => undefined);
  if (!handler) {
    logLine(
      fallbackLogFile(rt),
      rt,
      "warn",
      source,
      `unknown hook event "${event}"; expected one of the Claude Code events memdir handles`,
    );
    return "";
  }
  const parsed: ParseResult = opts.truncated
    ? {
        ok: false,
        code: "TOO_LARGE",
        reason: `expected at most ${MAX_HOOK_INPUT_BYTES} bytes of hook input; received more (not parsed)`,
      }
    : parseHookInput(event, raw);
  if (!parsed.ok) {
    let kept = "";
    if (parsed.code === "TOO_LARGE" && isHookEvent(event)) {
      const n = await keepOversizedNotes(event, raw, rt).catch(() => 0);
      if (n) kept = `; ${n} <remember> note(s) taken from its first ${MAX_HOOK_INPUT_BYTES} bytes`;
    }
    logLine(fallbackLogFile(rt), rt, "warn", source, `ignored hook input: ${parsed.reason}${kept}`);
    return "";
  }
  if (!UUID.test(parsed.input.session_id) && containsSecret(parsed.input.session_id)) {
    // The session id names files (state dir, summary, end record): never one that holds a secret.
    logLine(fallbackLogFile(rt), rt, "warn", source, "ignored hook input: a session_id that holds a secret");
    return "";
  }
  if (parsed.notes.length) {
    logLine(fallbackLogFile(rt), rt, "info", source, `tolerated hook input: ${parsed.notes.join("; ")}`);
  }
  const cwd = typeof parsed.input.cwd === "string" && parsed.input.cwd ? parsed.input.cwd : rt.cwd;
  if (!isDirectory(cwd)) {
    // Never create `.memdir/` (or anything) under a directory that does not exist.
    logLine(
      fallbackLogFile(rt),
      rt,
      "warn",
      source,
      `ignored hook input: cwd ${JSON.stringify(cwd)} is not an existing directory`,
    );
    return "";
  }
  let ctx: AppContext | undefined;
  try {
    ctx = projectContext(rt, cwd);
    // Every hook writes session state: `.memdir/` and its `.gitignore` exist before the first write
    // (SessionStart does it as one of its steps, so a failure there still injects the rest).
    if (event !== "SessionStart") ensureProjectState(ctx);
    const text = await handler(ctx, parsed.input);
    return text && isHookEvent(event) ? serializeOutput(contextOutput(event, text)) : "";
  } catch (e) {
    const file = ctx?.paths.logFile ?? fallbackLogFile(rt);
    logLine(file, rt, "error", source, describeError(e), { session_id: parsed.input.session_id });
    // A broken config stops memdir (its memory dir may be configured there: writing elsewhere would
    // scatter memories); the session must hear about it, not find out weeks later.
    if (!ctx && event === "SessionStart" && isMemdirError(e, "BAD_CONFIG"))
      return serializeOutput(contextOutput(event, configStopNotice(e)));
    // A directory reached through a symbolic link: nothing is read or written; one line says why.
    if (!ctx && event === "SessionStart" && isMemdirError(e, "UNSAFE_PATH"))
      return serializeOutput(
        contextOutput(event, `${e.message.split("\n")[0]} Tell the user; \`memdir status\` shows the same.`),
      );
    return "";
  }
}
