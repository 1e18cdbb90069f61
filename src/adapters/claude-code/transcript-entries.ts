/**
 * Claude Code transcript lines → typed items (reference/claude-code.md §3.2–3.5). One JSONL line yields
 * zero or more items; every item carries the entry's envelope and the line's byte range, so readers can
 * keep byte cursors. Conversation entries are `user`, `assistant`, `system` and `attachment`; every other
 * `type` (progress, file-history-snapshot, queue-operation, summary, …) is skipped, as are unknown types.
 * Parsing never throws: a line that is not a JSON object becomes a `skip` item (`bad_json`).
 */
import { type ReadLinesOptions, readLines } from "../../core/jsonl.js";
import type { ConversationMessage } from "../../transcripts/types.js";
import { inputFileSize } from "../shared/transcript-cursor.js";
import { classifyUserText, isRejection, LOCAL_COMMANDS, toolResultText } from "./transcript-text.js";

export interface Envelope {
  uuid: string;
  /** The entry's `type` (`user`, `assistant`, `system`, `attachment`, `progress`, …), "" when absent. */
  type: string;
  /** `parentUuid`: the previous entry of the chain, null at a root (the first entry, a compact boundary), undefined when absent. */
  parentUuid?: string | null;
  /** `logicalParentUuid` (compact boundaries only): the last entry before the compaction. */
  logicalParentUuid?: string;
  /** ISO 8601, or "" when absent. */
  timestamp: string;
  isSidechain: boolean;
  sessionId?: string;
  cwd?: string;
  agentId?: string;
  permissionMode?: string;
  /** Byte offset of the line's first byte. */
  start: number;
  /** Byte offset just after the line's newline. */
  end: number;
}

export interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export type Item =
  | { kind: "prompt"; text: string; command?: { name: string; args: string } }
  | { kind: "local_command"; name: string; args: string }
  | { kind: "task_notification"; taskId: string | undefined }
  | { kind: "interrupt" }
  | { kind: "compact_summary"; text: string }
  | {
      kind: "assistant";
      messageId: string;
      text: string;
      toolUses: ToolUse[];
      usage?: ConversationMessage["usage"];
    }
  | {
      kind: "tool_result";
      toolUseId: string;
      text: string;
      isError: boolean;
      structured?: unknown;
      rejected: boolean;
    }
  | { kind: "compact_boundary"; trigger: "manual" | "auto" | "unknown" }
  | { kind: "turn_end" }
  | { kind: "skip"; reason: string };

export interface Row {
  env: Envelope;
  item: Item;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/**
 * A stateful line parser: a slash command right after a `<local-command-caveat>` entry is a local command,
 * so the parser remembers whether the previous user entry was that caveat.
 */
export function createEntryParser(): (text: string, start: number, end: number) => Row[] {
  let afterCaveat = false;
  return (text, start, end) => {
    let o: unknown;
    try {
      o = JSON.parse(text);
    } catch {
      return [skipRow(start, end, "bad_json")];
    }
    if (!isObj(o)) return [skipRow(start, end, "bad_json")];
    const env = envelope(o, start, end);
    const type = str(o.type);
    const rows = (items: Item[]): Row[] => items.map((item) => ({ env, item }));
    switch (type) {
      case "user": {
        const items = userItems(o, afterCaveat);
        afterCaveat = items.caveat;
        return rows(items.items);
      }
      case "assistant":
        return rows(assistantItems(o));
      case "system":
        return rows([systemItem(o)]);
      case "attachment":
        return rows([{ kind: "skip", reason: "attachment" }]);
      default:
        return rows([
          { kind: "skip", reason: type && /^[a-z][a-z0-9_-]{0,40}$/i.test(type) ? type : "unknown_type" },
        ]);
    }
  };
}

/**
 * Yields every row of the transcript at `path` from byte `offset` on (complete lines only). A line over
 * `bounds.maxLineBytes` is a `skip` row (`oversized_line`); reading stops after `bounds.maxBytes` bytes.
 */
export function* readClaudeRows(
  path: string,
  offset = 0,
  bounds: Pick<ReadLinesOptions, "maxBytes" | "maxLineBytes" | "stats"> = {},
): Generator<Row & { lineEnd: number }> {
  const parse = createEntryParser();
  for (const line of readLines(path, offset, { ...bounds, what: "the transcript" })) {
    if (line.oversized) {
      yield { ...skipRow(line.start, line.end, "oversized_line"), lineEnd: line.end };
      continue;
    }
    const rows = parse(line.text, line.start, line.end);
    if (rows.length === 0) rows.push(skipRow(line.start, line.end, "empty"));
    for (const r of rows) yield { ...r, lineEnd: line.end };
  }
}

/**
 * Size in bytes of the transcript at `path` (opened without blocking, then closed).
 * @throws MemdirError NOT_FOUND (no file), INPUT_REFUSED (a FIFO, device, socket or directory), IO.
 */
export function transcriptSize(path: string): number {
  return inputFileSize(path, "the transcript");
}

function skipRow(start: number, end: number, reason: string): Row {
  return {
    env: { uuid: "", type: "", timestamp: "", isSidechain: false, start, end },
    item: { kind: "skip", reason },
  };
}

function envelope(o: Obj, start: number, end: number): Envelope {
  return {
    uuid: str(o.uuid) ?? "",
    type: str(o.type) ?? "",
    parentUuid: o.parentUuid === null ? null : str(o.parentUuid),
    logicalParentUuid: str(o.logicalParentUuid),
    timestamp: str(o.timestamp) ?? "",
    isSidechain: o.isSidechain === true,
    sessionId: str(o.sessionId),
    cwd: str(o.cwd),
    agentId: str(o.agentId),
    permissionMode: str(o.permissionMode),
    start,
    end,
  };
}

function userItems(o: Obj, afterCaveat: boolean): { items: Item[]; caveat: boolean } {
  const message = isObj(o.message) ? o.message : {};
  const content = message.content;
  const blocks: unknown[] =
    typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? content : [];
  if (o.isCompactSummary === true) {
    const text = blocks.map((b) => (isObj(b) && typeof b.text === "string" ? b.text : "")).join("\n");
    return { items: [{ kind: "compact_summary", text: text.trim() }], caveat: false };
  }
  const items: Item[] = [];
  const prompt: string[] = [];
  let caveat = false;
  let images = 0;
  const results = blocks.filter((b) => isObj(b) && b.type === "tool_result").length;
  for (const b of blocks) {
    if (!isObj(b)) continue;
    if (b.type === "tool_result") {
      const text = toolResultText(b.content);
      const structured = results === 1 ? o.toolUseResult : undefined;
      items.push({
        kind: "tool_result",
        toolUseId: str(b.tool_use_id) ?? "",
        text,
        isError: b.is_error === true,
        structured,
        rejected: isRejection(text, structured),
      });
    } else if (b.type === "image") images++;
    else if (b.type === "text" && typeof b.text === "string") {
      if (o.isMeta === true) {
        if (classifyUserText(b.text).kind === "caveat") caveat = true;
        continue;
      }
      const c = classifyUserText(b.text);
      if (c.kind === "prompt") prompt.push(c.text);
      else if (c.kind === "caveat") caveat = true;
      else if (c.kind === "command") items.push(commandItem(c.name, c.args, afterCaveat));
      else items.push(c);
    }
  }
  if (o.isMeta === true) items.push({ kind: "skip", reason: caveat ? "caveat" : "meta" });
  else if (prompt.length > 0 || (images > 0 && results === 0 && items.length === 0)) {
    items.push({ kind: "prompt", text: prompt.length > 0 ? prompt.join("\n\n") : "[image]" });
  }
  if (caveat && o.isMeta !== true) items.push({ kind: "skip", reason: "caveat" });
  if (items.length === 0) items.push({ kind: "skip", reason: "empty" });
  return { items, caveat };
}

function commandItem(name: string, args: string, afterCaveat: boolean): Item {
  if (afterCaveat || LOCAL_COMMANDS.has(name)) return { kind: "local_command", name, args };
  return { kind: "prompt", text: args ? `/${name} ${args}` : `/${name}`, command: { name, args } };
}

function assistantItems(o: Obj): Item[] {
  const message = isObj(o.message) ? o.message : {};
  const content = Array.isArray(message.content) ? message.content : [];
  const texts: string[] = [];
  const toolUses: ToolUse[] = [];
  for (const b of content) {
    if (!isObj(b)) continue;
    if (b.type === "text" && typeof b.text === "string" && b.text.trim() !== "") texts.push(b.text.trim());
    else if (b.type === "tool_use" && typeof b.id === "string") {
      toolUses.push({ id: b.id, name: str(b.name) ?? "unknown", input: isObj(b.input) ? b.input : {} });
    }
  }
  const synthetic = o.isApiErrorMessage === true || message.model === "<synthetic>";
  if (synthetic && toolUses.length === 0)
    return [{ kind: "skip", reason: o.isApiErrorMessage ? "api_error" : "synthetic" }];
  const messageId = str(message.id) ?? str(o.uuid) ?? "";
  const usage = synthetic ? undefined : usageOf(message.usage);
  return [
    {
      kind: "assistant",
      messageId,
      text: synthetic ? "" : texts.join("\n\n"),
      toolUses,
      ...(usage ? { usage } : {}),
    },
  ];
}

/** `message.usage` (Anthropic field names) → token counts; undefined when no count is a number ≥ 0. */
function usageOf(u: unknown): ConversationMessage["usage"] {
  if (!isObj(u)) return undefined;
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : undefined);
  const fields = [
    n(u.input_tokens),
    n(u.output_tokens),
    n(u.cache_read_input_tokens),
    n(u.cache_creation_input_tokens),
  ];
  if (fields.every((f) => f === undefined)) return undefined;
  const [inputTokens = 0, outputTokens = 0, cacheReadTokens = 0, cacheCreationTokens = 0] = fields;
  return { inputTokens, outputTokens, cacheReadTokens, cacheCreationTokens };
}

function systemItem(o: Obj): Item {
  const subtype = str(o.subtype) ?? "unknown";
  if (subtype === "compact_boundary") {
    const t = isObj(o.compactMetadata) ? o.compactMetadata.trigger : undefined;
    return { kind: "compact_boundary", trigger: t === "manual" || t === "auto" ? t : "unknown" };
  }
  if (subtype === "stop_hook_summary" || subtype === "turn_duration") return { kind: "turn_end" };
  if (subtype === "local_command") {
    const c = classifyUserText(str(o.content) ?? "");
    if (c.kind === "command") return { kind: "local_command", name: c.name, args: c.args };
    return { kind: "skip", reason: "command_output" };
  }
  return { kind: "skip", reason: `system:${/^[a-z_]{1,40}$/.test(subtype) ? subtype : "unknown"}` };
}
