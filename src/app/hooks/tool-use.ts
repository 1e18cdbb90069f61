/**
 * Tool calls (DESIGN.md §4 "Each tool call"). Before a read or edit: recall the memories that mention
 * the file. After any call: session tool stats and last tool error (retry hint from the 2nd retry),
 * project hot paths and successful commands, `<remember>` tags from a subagent's output into the
 * notepad, the mid-turn session memory gate. The call's id (else its fingerprint) goes to the session's
 * ledger with the stats, so recovery from the transcript (app/jobs/recover-tools.ts) never counts it
 * again, and a call recovery recorded first is not recorded here. Hot path: sync fs, no yaml/zod; the
 * notepad (which pulls the store) loads only when a tag is present.
 */
import type { ToolAfterEvent, ToolBeforeEvent } from "../../harness/index.js";
import { isInsideDir } from "../../jobs/extract/mutual.js";
import { logToolUse } from "../../project/index.js";
import { recordToolUse } from "../../sessions/index.js";
import type { AppContext } from "../context.js";
import { captureRememberTags } from "../remember.js";
import { maybeStartSessionMemory } from "./session-memory-gate.js";

/**
 * File recall for the file a read or edit is about to work on, once per file per session
 * (app/inject/recall.ts); nothing for other tools or for files in the memory dir.
 */
export async function recallForTool(
  ctx: AppContext,
  input: ToolBeforeEvent | ToolAfterEvent,
): Promise<string | undefined> {
  const { tool } = input;
  if (tool.kind !== "read" && tool.kind !== "edit") return undefined;
  const file = tool.paths[0];
  if (file === undefined || isInsideDir(ctx.paths.memoryDir, file)) return undefined;
  const { recallForFile } = await import("../inject/recall.js");
  return (await recallForFile(ctx, input.sessionId, file, input.cwd || ctx.paths.projectRoot)) || undefined;
}

/** Before a tool call: file recall only (the harness registers this hook for reads and edits). */
export async function onToolBefore(ctx: AppContext, input: ToolBeforeEvent): Promise<string | undefined> {
  return recallForTool(ctx, input);
}

/**
 * After a tool call. Returns the retry hint once a failing tool failed again within 60 s, and `recall`
 * (for harnesses whose context before a call is ignored) the file recall of a read or edit.
 */
export async function onToolAfter(
  ctx: AppContext,
  input: ToolAfterEvent,
  opts: { recall?: boolean } = {},
): Promise<string | undefined> {
  const { paths, rt } = ctx;
  const now = rt.now();
  const { tool, success } = input;
  // First what is safe to do twice (the notepad never duplicates a note): a hook stopped after it leaves
  // the call unclaimed, and recovery from the transcript records the rest.
  if (success && tool.kind === "agent") {
    const output = input.responseText.join("\n");
    if (/<remember/i.test(output)) await captureRememberTags(ctx, output, now);
  }
  const res = recordToolUse(
    paths.stateRoot,
    input.sessionId,
    {
      toolName: tool.name,
      kind: tool.kind,
      ...(tool.id ? { id: tool.id } : {}),
      paths: tool.paths,
      ...(tool.command !== undefined ? { command: tool.command } : {}),
      toolInput: tool.input,
      ...(input.linesChanged ? { linesChanged: input.linesChanged } : {}),
      success,
      ...(input.error !== undefined ? { error: input.error } : {}),
      interrupted: input.interrupted,
    },
    now,
  );
  // A call recovery already recorded (this hook ran late): its project learning was recorded with it.
  if (!res.duplicate)
    logToolUse(
      paths.projectMemory,
      paths.projectRoot,
      {
        kind: tool.kind,
        paths: tool.paths,
        ...(tool.command !== undefined ? { command: tool.command } : {}),
        success,
      },
      now,
    );
  await maybeStartSessionMemory(ctx, input); // mid-turn session memory (session-memory-gate.ts)
  // Quiet on a first failure (a failing test run is normal work); speak up once it is a retry.
  if (!success) return res.retryCount < 2 ? undefined : res.hint;
  return opts.recall ? recallForTool(ctx, input) : undefined;
}
