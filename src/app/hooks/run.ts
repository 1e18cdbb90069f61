/**
 * The hook entry below the surface: `memdir hook <event>` (hooks/main.ts) and `memdir replay` both call
 * `runHook`. The harness's adapter parses stdin into a neutral event and formats the result; the
 * handlers below speak only neutral events. Contract (DESIGN.md §6): never throws; returns the exact
 * stdout ("" or one JSON object valid for the event in that harness); every fault is one log line.
 */

import { statSync } from "node:fs";
import type { HarnessAdapter } from "../../adapters/registry.js";
import { harnessProjectDir, loadAdapter } from "../../adapters/registry.js";
import { describeError, isMemdirError, type MemdirError } from "../../core/errors.js";
import {
  DEFAULT_HARNESS,
  type HarnessEvent,
  type HarnessName,
  MAX_HOOK_INPUT_BYTES,
  type ParsedHook,
} from "../../harness/index.js";
import { containsSecret } from "../../privacy/index.js";
import {
  type AppContext,
  ensureProjectState,
  fallbackLogFile,
  harnessMemoryFor,
  logLine,
  projectContext,
} from "../context.js";
import { JOB_ENV_MARKER, type Runtime } from "../runtime.js";

/** A UUID (the session ids harnesses make) is never a secret: the full secret pass is skipped for it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Runs the handler of a neutral event; returns text for the model's context, or undefined. */
async function handle(
  ctx: AppContext,
  e: HarnessEvent,
  adapter: HarnessAdapter,
): Promise<string | undefined> {
  switch (e.type) {
    case "sessionStart":
      return (await import("./session-start.js")).onSessionStart(ctx, e, adapter);
    case "prompt":
      return (await import("./prompt.js")).onPrompt(ctx, e);
    case "toolBefore":
      return (await import("./tool-use.js")).onToolBefore(ctx, e);
    case "toolAfter":
      return (await import("./tool-use.js")).onToolAfter(ctx, e, {
        recall: adapter.recallAfterTool === true,
      });
    case "subagentStart":
    case "subagentStop":
      return (await import("./subagent.js")).onSubagent(ctx, e, adapter);
    case "turnEnd":
    case "compaction":
      return (await import("./turn-end.js")).onTurnEnd(ctx, e);
    case "sessionEnd":
      return (await import("./session-end.js")).onSessionEnd(ctx, e);
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
async function keepOversizedNotes(
  adapter: HarnessAdapter,
  event: string,
  raw: string,
  rt: Runtime,
): Promise<number> {
  const s = adapter.salvageHook(event, raw);
  if (!s || !/<remember/i.test(s.text) || !isDirectory(s.cwd)) return 0;
  const ctx = projectContext(rt, s.cwd);
  ensureProjectState(ctx);
  const { captureRememberTags } = await import("../remember.js");
  return captureRememberTags(ctx, s.text, rt.now());
}

/**
 * Runs one hook invocation of `opts.harness` (default Claude Code). `raw` is the stdin text;
 * `truncated` means stdin was longer than MAX_HOOK_INPUT_BYTES and `raw` is its start. Returns the
 * stdout to print.
 */
export async function runHook(
  event: string,
  raw: string,
  rt: Runtime,
  opts: { truncated?: boolean; harness?: HarnessName } = {},
): Promise<string> {
  if (rt.env[JOB_ENV_MARKER] === "1" || rt.env.MEMDIR_DISABLE === "1") return "";
  const source =
    opts.harness && opts.harness !== DEFAULT_HARNESS ? `hook:${opts.harness}:${event}` : `hook:${event}`;
  const adapter = await loadAdapter(opts.harness ?? DEFAULT_HARNESS);
  // A session in which the user turned the harness's memory off (Claude Code's auto-memory switches and
  // settings): nothing at all, not even a log line. The settings are those of the session's launch dir.
  let known: ReturnType<typeof harnessMemoryFor> | undefined;
  const launchDir = harnessProjectDir(rt.env) ?? rt.cwd;
  if (adapter.followsMemorySwitch) {
    known = harnessMemoryFor(rt, launchDir);
    if (!known.harnessMemory.enabled().on) return "";
  }
  if (!adapter.hookEvents.includes(event)) {
    logLine(
      fallbackLogFile(rt),
      rt,
      "warn",
      source,
      `unknown hook event "${event}"; expected one of the ${adapter.displayName} events memdir handles: ${adapter.hookEvents.join(", ")}`,
    );
    return "";
  }
  const parsed: ParsedHook = opts.truncated
    ? {
        ok: false,
        code: "TOO_LARGE",
        reason: `expected at most ${MAX_HOOK_INPUT_BYTES} bytes of hook input; received more (not parsed)`,
      }
    : adapter.parseHook(event, raw);
  if (!parsed.ok) {
    let kept = "";
    if (parsed.code === "TOO_LARGE") {
      const n = await keepOversizedNotes(adapter, event, raw, rt).catch(() => 0);
      if (n) kept = `; ${n} <remember> note(s) taken from its first ${MAX_HOOK_INPUT_BYTES} bytes`;
    }
    logLine(fallbackLogFile(rt), rt, "warn", source, `ignored hook input: ${parsed.reason}${kept}`);
    return "";
  }
  const input = parsed.event;
  if (!UUID.test(input.sessionId) && containsSecret(input.sessionId)) {
    // The session id names files (state dir, summary, end record): never one that holds a secret.
    logLine(fallbackLogFile(rt), rt, "warn", source, "ignored hook input: a session_id that holds a secret");
    return "";
  }
  if (parsed.notes.length) {
    logLine(fallbackLogFile(rt), rt, "info", source, `tolerated hook input: ${parsed.notes.join("; ")}`);
  }
  const cwd = input.cwd || rt.cwd;
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
    ctx = projectContext(rt, cwd, known && cwd === launchDir ? { known } : {});
    // Every hook writes session state: `.memdir/` and its `.gitignore` exist before the first write
    // (SessionStart does it as one of its steps, so a failure there still injects the rest).
    if (input.type !== "sessionStart") ensureProjectState(ctx);
    const text = await handle(ctx, input, adapter);
    return text ? adapter.formatHook(event, { context: text }) : "";
  } catch (e) {
    const file = ctx?.paths.logFile ?? fallbackLogFile(rt);
    logLine(file, rt, "error", source, describeError(e), { session_id: input.sessionId });
    // A broken config stops memdir (its memory dir may be configured there: writing elsewhere would
    // scatter memories); the session must hear about it, not find out weeks later.
    if (!ctx && input.type === "sessionStart" && isMemdirError(e, "BAD_CONFIG"))
      return adapter.formatHook(event, { context: configStopNotice(e) });
    // A directory reached through a symbolic link: nothing is read or written; one line says why.
    if (!ctx && input.type === "sessionStart" && isMemdirError(e, "UNSAFE_PATH"))
      return adapter.formatHook(event, {
        context: `${e.message.split("\n")[0]} Tell the user; \`memdir status\` shows the same.`,
      });
    return "";
  }
}
