/**
 * The extraction quality set (`test/fixtures/extraction/*.json`, format in its README.md) and a renderer
 * that writes one conversation as a realistic Claude Code transcript JSONL (reference/claude-code.md §3:
 * `parentUuid` first on every line, uuid chain, one assistant entry per content block, tool results as
 * user entries with `toolUseResult` and `sourceToolAssistantUUID`, a `turn_duration` system entry per turn).
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const QUALITY_SET_DIR = join(import.meta.dirname, "..", "fixtures", "extraction");

export type MemoryType = "user" | "feedback" | "project" | "reference";
export const MEMORY_TYPES: readonly MemoryType[] = ["user", "feedback", "project", "reference"];

export interface ConversationTool {
  name: string;
  input: Record<string, unknown>;
  output: string;
  isError?: boolean;
}

export interface ConversationTurn {
  user: string;
  assistant: string;
  tools?: ConversationTool[];
}

export interface GoldMemory {
  type: MemoryType;
  name: string;
  description: string;
  body: string;
  /** Keywords a correct memory contains (case-insensitive); `a|b` = either alternative. */
  mustContain: string[];
  /** Keywords that occur in the body between `**Why:**` and `**How to apply:**` (or the end). */
  whyContains?: string[];
  /** Keywords none of which may occur in name + description + body (a superseded value). */
  mustNotContain?: string[];
}

export interface Conversation {
  id: string;
  lang: "en" | "ko";
  about: string;
  turns: ConversationTurn[];
  gold: GoldMemory[];
}

export interface TranscriptOptions {
  /** Session UUID; default derived from the conversation id (stable across runs). */
  sessionId?: string;
  /** cwd recorded on every entry; default `/home/dev/<first part of the id>`. */
  cwd?: string;
  /** Epoch ms of the first prompt; default 2026-01-12T09:00:00Z. */
  startMs?: number;
  /** Ms between consecutive entries; default 1500. */
  stepMs?: number;
  gitBranch?: string;
  version?: string;
}

/** A deterministic v4-shaped UUID from a seed string. */
function uuidFrom(seed: string): string {
  const h = createHash("sha256").update(seed).digest("hex");
  const v = ((Number.parseInt(h.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${v}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** Claude Code-like ids: `msg_01…` / `toolu_01…` / `req_011C…` (base62-ish from a hash). */
function apiId(prefix: string, seed: string): string {
  const h = createHash("sha256")
    .update(seed)
    .digest("base64")
    .replace(/[^A-Za-z0-9]/g, "");
  return `${prefix}${h.slice(0, 22)}`;
}

/** The structured `toolUseResult` Claude Code records for a tool (the hook `tool_response` shape). */
function toolUseResult(tool: ConversationTool): unknown {
  if (tool.isError) return `Error: ${tool.name === "Bash" ? "Exit code 1\n" : ""}${tool.output}`;
  const filePath = typeof tool.input.file_path === "string" ? tool.input.file_path : "";
  switch (tool.name) {
    case "Bash":
      return { stdout: tool.output, stderr: "", interrupted: false, isImage: false, noOutputExpected: false };
    case "Read": {
      const numLines = tool.output.split("\n").filter((l) => l !== "").length;
      return {
        type: "text",
        file: { filePath, content: tool.output, numLines, startLine: 1, totalLines: numLines },
      };
    }
    case "Edit":
      return {
        filePath,
        oldString: tool.input.old_string,
        newString: tool.input.new_string,
        replaceAll: false,
        userModified: false,
      };
    case "Write":
      return { type: "create", filePath, content: tool.input.content, structuredPatch: [] };
    default:
      return tool.output;
  }
}

/**
 * Writes `conv` as `<dir>/<sessionId>.jsonl` and returns its path and session id. Each turn becomes: the
 * user prompt; per tool call an assistant `tool_use` entry (own API message) and the user `tool_result`
 * entry (`is_error` and a Bash "Exit code 1" prefix for failed calls); the assistant's final text (skipped
 * when ""); a `system/turn_duration` entry. Timestamps advance by `stepMs`. Throws on fs errors.
 */
export function writeConversationTranscript(
  dir: string,
  conv: Conversation,
  opts: TranscriptOptions = {},
): { path: string; sessionId: string } {
  const sessionId = opts.sessionId ?? uuidFrom(`session:${conv.id}`);
  const cwd = opts.cwd ?? `/home/dev/${conv.id.split("-")[0] ?? "project"}-app`;
  const stepMs = opts.stepMs ?? 1500;
  let t = opts.startMs ?? Date.parse("2026-01-12T09:00:00.000Z");
  let n = 0;
  let parent: string | null = null;
  const lines: string[] = [];
  const envelope = () => ({
    parentUuid: parent,
    isSidechain: false,
    userType: "external",
    cwd,
    sessionId,
    version: opts.version ?? "2.1.39",
    gitBranch: opts.gitBranch ?? "main",
  });
  const push = (entry: Record<string, unknown>): string => {
    const uuid = uuidFrom(`${sessionId}:${n++}`);
    const timestamp = new Date(t).toISOString();
    t += stepMs;
    lines.push(JSON.stringify({ ...envelope(), ...entry, uuid, timestamp }));
    parent = uuid;
    return uuid;
  };
  const assistant = (content: unknown[], msgId: string, stop: string) => ({
    message: {
      model: "claude-opus-4-6",
      id: msgId,
      type: "message",
      role: "assistant",
      content,
      stop_reason: stop,
      stop_sequence: null,
      usage: {
        input_tokens: 3,
        cache_creation_input_tokens: 512,
        cache_read_input_tokens: 18000,
        output_tokens: 40,
      },
    },
    requestId: apiId("req_011C", msgId),
    type: "assistant",
  });

  conv.turns.forEach((turn, ti) => {
    const turnStart = t;
    const promptUuid = uuidFrom(`${sessionId}:${n}`);
    lines.push(
      JSON.stringify({
        type: "file-history-snapshot",
        messageId: promptUuid,
        snapshot: { messageId: promptUuid, trackedFileBackups: {}, timestamp: new Date(t).toISOString() },
        isSnapshotUpdate: false,
      }),
    );
    push({
      type: "user",
      message: { role: "user", content: turn.user },
      thinkingMetadata: { maxThinkingTokens: 31999 },
      todos: [],
      permissionMode: "acceptEdits",
      promptId: uuidFrom(`${sessionId}:prompt:${ti}`),
    });
    (turn.tools ?? []).forEach((tool, k) => {
      const msgId = apiId("msg_01", `${sessionId}:${ti}:${k}`);
      const toolId = apiId("toolu_01", `${sessionId}:${ti}:${k}`);
      const useUuid = push(
        assistant([{ type: "tool_use", id: toolId, name: tool.name, input: tool.input }], msgId, "tool_use"),
      );
      const text = tool.isError && tool.name === "Bash" ? `Exit code 1\n${tool.output}` : tool.output;
      push({
        type: "user",
        message: {
          role: "user",
          content: [
            { tool_use_id: toolId, type: "tool_result", content: text, is_error: tool.isError === true },
          ],
        },
        toolUseResult: toolUseResult(tool),
        sourceToolAssistantUUID: useUuid,
      });
    });
    if (turn.assistant !== "") {
      const msgId = apiId("msg_01", `${sessionId}:${ti}:final`);
      push(assistant([{ type: "text", text: turn.assistant }], msgId, "end_turn"));
    }
    push({
      type: "system",
      subtype: "turn_duration",
      durationMs: t - turnStart,
      isMeta: false,
      level: "info",
    });
  });
  const path = join(dir, `${sessionId}.jsonl`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return { path, sessionId };
}

/**
 * Every conversation of the quality set, sorted by id. Throws an Error naming the file when a file is not
 * valid JSON or misses a required field (id equal to the file name, lang, turns, gold with a known type and
 * a non-empty mustContain; whyContains and mustNotContain, when present, non-empty string arrays).
 */
export function loadQualitySet(dir = QUALITY_SET_DIR): Conversation[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".json") && f !== SPLIT_FILE)
    .sort();
  return files.map((f) => {
    const c = JSON.parse(readFileSync(join(dir, f), "utf8")) as Conversation;
    const bad = (why: string) => new Error(`quality set ${f}: ${why}`);
    if (`${c.id}.json` !== f) throw bad(`id "${c.id}" must equal the file name`);
    if (c.lang !== "en" && c.lang !== "ko") throw bad(`lang must be "en" or "ko", got ${String(c.lang)}`);
    if (!Array.isArray(c.turns) || c.turns.length === 0) throw bad("turns must be a non-empty array");
    for (const turn of c.turns) {
      if (typeof turn.user !== "string" || typeof turn.assistant !== "string") {
        throw bad("every turn needs string user and assistant");
      }
    }
    if (!Array.isArray(c.gold)) throw bad("gold must be an array");
    for (const g of c.gold) {
      if (!MEMORY_TYPES.includes(g.type)) throw bad(`unknown gold type ${String(g.type)}`);
      if (!g.name || !g.description || !g.body) throw bad("gold needs name, description and body");
      if (!Array.isArray(g.mustContain) || g.mustContain.length === 0) throw bad("gold needs mustContain");
      for (const field of ["whyContains", "mustNotContain"] as const) {
        const v = g[field];
        if (v === undefined) continue;
        if (!Array.isArray(v) || v.length === 0 || v.some((k) => typeof k !== "string" || k === "")) {
          throw bad(`${field}, when present, must be a non-empty array of non-empty strings`);
        }
      }
    }
    return c;
  });
}

const SPLIT_FILE = "split.json";

/** The committed development / test split of the quality set (`split.json`, made by scripts/quality-split.mjs). */
export interface QualitySplit {
  seed: number;
  dev: string[];
  test: string[];
}

/**
 * The quality set cut into its two halves. Throws an Error naming the ids when a conversation is in
 * neither half or in both, or the split names a conversation that does not exist.
 */
export function loadQualitySplit(dir = QUALITY_SET_DIR): { dev: Conversation[]; test: Conversation[] } {
  const split = JSON.parse(readFileSync(join(dir, SPLIT_FILE), "utf8")) as QualitySplit;
  const set = loadQualitySet(dir);
  const ids = new Set(set.map((c) => c.id));
  const dev = new Set(split.dev);
  const test = new Set(split.test);
  const both = split.dev.filter((id) => test.has(id));
  const neither = set.filter((c) => !dev.has(c.id) && !test.has(c.id)).map((c) => c.id);
  const unknown = [...split.dev, ...split.test].filter((id) => !ids.has(id));
  if (both.length + neither.length + unknown.length > 0) {
    throw new Error(
      `quality set ${SPLIT_FILE}: every conversation must be in exactly one half; in both: [${both}], in ` +
        `neither: [${neither}], unknown: [${unknown}]. Put a conversation nobody tuned on into "test".`,
    );
  }
  return { dev: set.filter((c) => dev.has(c.id)), test: set.filter((c) => test.has(c.id)) };
}
