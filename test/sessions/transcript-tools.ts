/** Test helper: every tool call of a real Claude Code transcript, parsed with a bare line split + JSON.parse. */
import { readFileSync } from "node:fs";

export interface TranscriptToolCall {
  id: string;
  name: string;
  input: unknown;
  isError: boolean;
  /** The tool_result entry's `toolUseResult` (the hook's `tool_response`). */
  response: unknown;
  /** The tool_result text (the error message of a failure). */
  resultText: string;
  /** ms of the tool_result entry. */
  atMs: number;
}

interface Block {
  type?: string;
  id: string;
  name: string;
  input: unknown;
  tool_use_id: string;
  is_error?: boolean;
  content?: unknown;
}
interface Entry {
  type?: string;
  timestamp: string;
  toolUseResult?: unknown;
  message?: { content?: Block[] | string };
}

export function toolCallsOf(path: string): TranscriptToolCall[] {
  const uses = new Map<string, { name: string; input: unknown }>();
  const calls: TranscriptToolCall[] = [];
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    let o: Entry;
    try {
      o = JSON.parse(line) as Entry;
    } catch {
      continue;
    }
    const content = o?.message?.content;
    if (!Array.isArray(content)) continue;
    for (const b of content) {
      if (o.type === "assistant" && b?.type === "tool_use") uses.set(b.id, { name: b.name, input: b.input });
      if (o.type === "user" && b?.type === "tool_result") {
        const use = uses.get(b.tool_use_id);
        if (!use) continue;
        const text = typeof b.content === "string" ? b.content : JSON.stringify(b.content ?? "");
        calls.push({
          id: b.tool_use_id,
          name: use.name,
          input: use.input,
          isError: b.is_error === true,
          response: o.toolUseResult,
          resultText: text,
          atMs: Date.parse(o.timestamp),
        });
      }
    }
  }
  return calls;
}

/** Number of `tool_use` blocks in the transcript (each id once). */
export function toolUseCount(path: string): number {
  const ids = new Set<string>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      const o = JSON.parse(line);
      if (o.type === "assistant" && Array.isArray(o.message?.content)) {
        for (const b of o.message.content) if (b?.type === "tool_use") ids.add(b.id);
      }
    } catch {
      // partial line
    }
  }
  return ids.size;
}
