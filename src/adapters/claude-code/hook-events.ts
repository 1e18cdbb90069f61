/**
 * Replay support: the sequence of Claude Code hook stdin payloads a recorded transcript implies
 * (field names exactly as reference/claude-code.md §1.2). Derived from the transcript alone, so it is an
 * approximation of what the harness fired; the rules below were checked against the `hook_progress`
 * entries of real 2.1.3x transcripts (which record the hooks that actually ran).
 */
import { basename, resolve } from "node:path";
import { HookEventDeriver, type HookEventSpec } from "./hook-event-deriver.js";
import { type Item, type Row, readClaudeRows, transcriptSize } from "./transcript-entries.js";

export type { HookEventSpec } from "./hook-event-deriver.js";

export interface DeriveHookEventsOptions {
  /** cwd for payloads when the transcript records none (an empty file); default "". */
  fallbackCwd?: string;
}

/**
 * Derives the hook events of the transcript at `path`, in order:
 * - `SessionStart` (`source: "startup"`, offset 0);
 * - per real prompt `UserPromptSubmit` (`prompt`; offset = start of the prompt line: the hook runs before
 *   the prompt is processed);
 * - per `tool_use` block (deduplicated by id) `PreToolUse`; per result `PostToolUse` (`tool_response` =
 *   the structured `toolUseResult` when present, else the result text) or, when `is_error`,
 *   `PostToolUseFailure` (`error` = result text). A call the user rejected gets no Post event (the tool
 *   never ran; matches the recorded hooks). A `Task`/`Agent` call adds `SubagentStart` right after its
 *   PreToolUse and `SubagentStop` right before its PostToolUse (`agent_id` = `toolUseResult.agentId` when
 *   present, else the tool_use id; `agent_type` = `subagent_type`, default `general-purpose`); a
 *   background agent (`status: "async_launched"`) stops at its `<task-notification>` or at the end;
 * - `Stop` at each turn end that was not interrupted: where the transcript records one
 *   (`stop_hook_summary`/`turn_duration`), or where the turn's last assistant message has no tool calls
 *   and a new prompt, task notification, local command, manual compaction or the end of the file follows
 *   (`last_assistant_message` = the turn's last assistant text; `stop_hook_active` true when the turn
 *   continued after a Stop);
 * - `PreCompact` (`trigger` from `compactMetadata`, `custom_instructions` = the args of the `/compact`
 *   recorded after the boundary, else null) before each compaction boundary, then `SessionStart`
 *   (`source: "compact"`) after the compaction summary, as Claude Code does;
 * - `SessionEnd` (`reason: "other"`) at the end.
 * Every payload has `session_id`, `transcript_path` (absolute), `cwd` (the entry's), `hook_event_name`, and
 * `permission_mode` once known; in a subagent transcript every payload also carries `agent_id`.
 * Throws MemdirError NOT_FOUND for a missing file; never throws on bad lines.
 */
export function deriveHookEvents(path: string, opts: DeriveHookEventsOptions = {}): HookEventSpec[] {
  const abs = resolve(path);
  transcriptSize(abs); // a clear NOT_FOUND before anything else
  const rows: Array<Row & { lineEnd: number }> = [...readClaudeRows(abs, 0)];
  const first = <T>(f: (r: Row) => T | undefined): T | undefined => {
    for (const r of rows) {
      const v = f(r);
      if (v !== undefined) return v;
    }
    return undefined;
  };
  const results = new Map<string, Extract<Item, { kind: "tool_result" }>>();
  for (const r of rows) if (r.item.kind === "tool_result") results.set(r.item.toolUseId, r.item);
  const d = new HookEventDeriver(
    {
      sessionId: first((r) => r.env.sessionId) ?? basename(abs).replace(/\.jsonl$/, ""),
      transcriptPath: abs,
      cwd: first((r) => r.env.cwd) ?? opts.fallbackCwd ?? "",
      agentId: first((r) => (r.env.isSidechain ? r.env.agentId : undefined)),
    },
    results,
  );
  let pendingCompactStart: number | undefined;
  d.emit("SessionStart", { source: "startup" }, 0);
  for (let i = 0; i < rows.length; i++) {
    const { env, item } = rows[i]!;
    if (env.cwd) d.cwd = env.cwd;
    const t = env.timestamp ? Date.parse(env.timestamp) : Number.NaN;
    if (Number.isFinite(t) && (d.timeMs === undefined || t > d.timeMs)) d.timeMs = t;
    if (env.permissionMode) d.permissionMode = env.permissionMode;
    if (pendingCompactStart !== undefined && item.kind !== "compact_summary" && item.kind !== "skip") {
      d.emit("SessionStart", { source: "compact" }, pendingCompactStart);
      pendingCompactStart = undefined;
    }
    switch (item.kind) {
      case "prompt":
        d.input(env, item.text);
        break;
      case "task_notification":
        d.input(env, undefined, item.taskId);
        break;
      case "local_command":
        d.closeTurn();
        break;
      case "turn_end":
        d.closeTurn(true);
        break;
      case "interrupt":
        d.interrupt();
        break;
      case "compact_summary":
        d.emit("SessionStart", { source: "compact" }, pendingCompactStart ?? env.end);
        pendingCompactStart = undefined;
        break;
      case "compact_boundary": {
        if (item.trigger !== "auto") d.closeTurn();
        const trigger = item.trigger === "auto" ? "auto" : "manual";
        d.emit("PreCompact", { trigger, custom_instructions: compactArgs(rows, i) }, env.start);
        pendingCompactStart = env.end;
        break;
      }
      case "assistant":
        d.assistant(env, item);
        break;
      case "tool_result":
        d.toolResult(env, item);
        break;
      case "skip":
        break;
    }
  }
  const end = rows.length > 0 ? rows[rows.length - 1]!.lineEnd : 0;
  if (pendingCompactStart !== undefined) d.emit("SessionStart", { source: "compact" }, pendingCompactStart);
  d.finish(end);
  return d.events;
}

/** Args of the `/compact` command recorded right after the boundary at `i` (before the next turn), or null. */
function compactArgs(rows: readonly Row[], i: number): string | null {
  for (let j = i + 1; j < rows.length && j <= i + 12; j++) {
    const it = rows[j]!.item;
    if (it.kind === "local_command" && it.name === "compact") return it.args === "" ? null : it.args;
    if (it.kind === "prompt" || it.kind === "assistant" || it.kind === "compact_boundary") return null;
  }
  return null;
}
