/**
 * PostToolUse / PostToolUseFailure (DESIGN.md §4 "Each tool call"): session tool stats and last tool error
 * (retry hint from the 5th retry), project hot paths and successful commands, `<remember>` tags from tool
 * output into the notepad, and the mutual-exclusion marker when the agent itself wrote to the memory dir.
 * Hot path: sync fs, no yaml/zod; the notepad (which pulls the store) loads only when a tag is present.
 */
import type { HookInput } from "../../adapters/claude-code/hook-input.js";
import { toolKind } from "../../adapters/claude-code/tools.js";
import { isInsideDir } from "../../jobs/extract/mutual.js";
import { logToolUse, toolFilePath } from "../../project/index.js";
import { countToolCall, recordToolUse } from "../../sessions/index.js";
import type { AppContext } from "../context.js";
import { captureRememberTags } from "./remember.js";
import { maybeStartSessionMemory } from "./session-memory-gate.js";

/** All string leaves of a tool response joined by newlines (plain text, not JSON-escaped). */
function responseText(v: unknown, out: string[] = [], depth = 0): string[] {
  if (typeof v === "string") out.push(v);
  else if (depth < 8 && Array.isArray(v)) for (const x of v) responseText(x, out, depth + 1);
  else if (depth < 8 && v && typeof v === "object")
    for (const x of Object.values(v)) responseText(x, out, depth + 1);
  return out;
}

/** Tools whose file gets PreToolUse file recall (issue 3 point 4). */
const FILE_RECALL_TOOLS = new Set(["Read", "Edit", "Write", "MultiEdit", "NotebookEdit"]);

/** PreToolUse: count the attempted call (a rejected call never reaches PostToolUse); for file tools,
 * recall the memories that mention the file, once per file per session (app/recall.ts). */
export async function onPreToolUse(ctx: AppContext, input: HookInput): Promise<string | undefined> {
  const toolName = typeof input.tool_name === "string" ? input.tool_name : "unknown";
  countToolCall(ctx.paths.stateRoot, input.session_id, toolName, ctx.rt.now());
  if (!FILE_RECALL_TOOLS.has(toolName) || !input.tool_input || typeof input.tool_input !== "object")
    return undefined;
  const file = toolFilePath(toolName, input.tool_input as Record<string, unknown>);
  if (file === undefined || isInsideDir(ctx.paths.memoryDir, file)) return undefined;
  const { recallForFile } = await import("../recall.js");
  const cwd = typeof input.cwd === "string" && input.cwd ? input.cwd : ctx.paths.projectRoot;
  return (await recallForFile(ctx, input.session_id, file, cwd)) || undefined;
}

export async function onToolUse(ctx: AppContext, input: HookInput): Promise<string | undefined> {
  const { paths, rt } = ctx;
  const now = rt.now();
  const success = input.hook_event_name !== "PostToolUseFailure";
  const toolName = typeof input.tool_name === "string" ? input.tool_name : "unknown";
  const toolInput =
    input.tool_input && typeof input.tool_input === "object"
      ? (input.tool_input as Record<string, unknown>)
      : {};
  const res = recordToolUse(
    paths.stateRoot,
    input.session_id,
    {
      toolName,
      toolInput,
      toolResponse: input.tool_response,
      success,
      error: typeof input.error === "string" ? input.error : undefined,
      interrupted: input.is_interrupt === true,
      countCall: false,
    },
    now,
  );
  logToolUse(paths.projectMemory, paths.projectRoot, { toolName, toolInput, success }, now);
  if (success && toolKind(toolName) === "agent") {
    const output = responseText(input.tool_response).join("\n");
    if (/<remember/i.test(output)) await captureRememberTags(ctx, output, now);
  }
  await maybeStartSessionMemory(ctx, input); // mid-turn session memory (session-memory-gate.ts)
  // Quiet on a first failure (a failing test run is normal work); speak up once it is a retry.
  return success || res.retryCount < 2 ? undefined : res.hint;
}
