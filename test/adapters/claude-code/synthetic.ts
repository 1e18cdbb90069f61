/** Builders for small synthetic Claude Code transcripts (entry shapes as in reference/claude-code.md §3.4). */
import { writeFileSync } from "node:fs";
import { join } from "node:path";

const SESSION = "3f0c2a7e-5b1d-4c8e-9a21-6d7e8f901234";
let n = 0;
/** The uuid of the entry built last: the next entry's `parentUuid` (one linear chain, as the harness writes). */
let last: string | null = null;
/** Starts a new transcript: the next entry is a root (`parentUuid: null`). */
export const newChain = () => {
  last = null;
};
const envelope = (extra: Record<string, unknown> = {}) => {
  const e = {
    parentUuid: last,
    isSidechain: false,
    userType: "external",
    cwd: "/home/dev/shop-api",
    sessionId: SESSION,
    version: "2.1.300",
    uuid: `u-${++n}`,
    timestamp: new Date(Date.UTC(2026, 10, 20, 9, 0, n)).toISOString(),
    ...extra,
  };
  if (e.isSidechain !== true) last = e.uuid as string;
  return e;
};

export const line = (o: unknown) => `${JSON.stringify(o)}\n`;

export const userText = (content: unknown, extra: Record<string, unknown> = {}) =>
  line({ ...envelope(extra), type: "user", message: { role: "user", content } });

export const assistant = (id: string, block: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  line({
    ...envelope(extra),
    type: "assistant",
    message: {
      id,
      type: "message",
      role: "assistant",
      model: "claude-sonnet-5",
      content: [block],
      stop_reason: null,
    },
    requestId: `req_${id}`,
  });

export const text = (t: string) => ({ type: "text", text: t });
export const toolUse = (id: string, name: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  id,
  name,
  input,
});

export const toolResult = (
  id: string,
  content: unknown,
  opts: { isError?: boolean; structured?: unknown } = {},
) =>
  line({
    ...envelope(),
    type: "user",
    message: {
      role: "user",
      content: [{ type: "tool_result", tool_use_id: id, content, is_error: opts.isError }],
    },
    ...(opts.structured !== undefined ? { toolUseResult: opts.structured } : {}),
  });

export const system = (subtype: string, extra: Record<string, unknown> = {}) =>
  line({ ...envelope(), type: "system", subtype, content: "", level: "info", ...extra });

export const progress = () =>
  line({
    ...envelope(),
    type: "progress",
    data: { type: "hook_progress", hookEvent: "PostToolUse" },
    toolUseID: "t",
  });

export const SESSION_ID = SESSION;

/** Writes `lines` to `<dir>/<SESSION>.jsonl` and returns the path. */
export function writeTranscript(dir: string, lines: string[]): string {
  const path = join(dir, `${SESSION}.jsonl`);
  writeFileSync(path, lines.join(""));
  return path;
}
