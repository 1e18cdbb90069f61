/** What `memdir replay` shows: the memories written, the notepad, project memory, the session end
 * record and the exact context the next SessionStart injects. */
import { join } from "node:path";
import { readTextIfExists } from "../../core/fs.js";
import { readJsonFile } from "../../core/json.js";
import type { HarnessEvent } from "../../harness/index.js";
import { readTopic, scanTopics } from "../../store/index.js";
import type { AppContext } from "../context.js";
import { readRecentEvents } from "../inject/health.js";
import type { DreamOutcome } from "../jobs/dream.js";

export interface ReplayMemory {
  scope: "project" | "user";
  name: string;
  type: string;
  description: string;
  body: string;
  path: string;
}

/** One recall injection during the replay (prompt recall, or file recall around a read or edit). */
export interface ReplayRecall {
  kind: "prompt" | "file";
  /** The prompt (first 100 characters) or the file the tool was about to touch. */
  trigger: string;
  /** Paths of the topic files injected. */
  memories: string[];
}

/** The recall record of one hook output (`source="<path>"` of each fenced block). */
export function recallOf(e: HarnessEvent, stdout: string): ReplayRecall | undefined {
  if (e.type !== "prompt" && e.type !== "toolBefore" && e.type !== "toolAfter") return undefined;
  const ctx = additionalContextOf(stdout);
  const memories = [...ctx.matchAll(/<memdir-memory source="([^"]*)">/g)].map((m) => m[1] as string);
  if (!memories.length) return undefined;
  if (e.type === "prompt")
    return { kind: "prompt", trigger: e.prompt.replace(/\s+/g, " ").slice(0, 100), memories };
  return { kind: "file", trigger: e.tool.paths[0] ?? "", memories };
}

export interface ReplayReport {
  home: string;
  transcript: string;
  sessionId: string;
  paths: { projectRoot: string; memoryDir: string; userMemoryDir: string; stateRoot: string };
  /** Hook events driven, by event name. */
  events: Record<string, number>;
  /** Hook stdout that was not exactly one JSON object (must be empty). */
  badOutputs: string[];
  /** Memories recalled into the session as it ran, in order. */
  recalls: ReplayRecall[];
  /** Topic files the replay created or changed (extraction and the dream after it). */
  memories: ReplayMemory[];
  /** Topic files that were in the sandbox home before the replay and are unchanged. */
  unchanged: number;
  notepad: string;
  projectMemory: unknown;
  endRecord: unknown;
  /** `extraction*` events recorded during the replay. */
  extractions: Record<string, unknown>[];
  /** The `additionalContext` of the next SessionStart ("" when none). */
  nextContext: string;
  /** Its length in UTF-16 code units (how Claude Code measures it). */
  nextContextChars: number;
  /** The consolidation run after the session (`memdir dream`: the gates skipped). */
  dream: DreamOutcome;
}

/** Topic file path → its text, for the project's and the user's memory dirs. */
export type MemorySnapshot = Map<string, string>;

/** The text of every topic file of `ctx`'s memory dirs now (taken before a replay to tell what it wrote). */
export function memorySnapshot(ctx: AppContext): MemorySnapshot {
  const out: MemorySnapshot = new Map();
  for (const dir of [ctx.paths.userMemoryDir, ctx.paths.memoryDir])
    for (const h of scanTopics(dir).topics) out.set(h.path, readTextIfExists(h.path) ?? "");
  return out;
}

/** The topic files of `dir` whose text differs from `before` (created or changed by the replay). */
function memoriesIn(dir: string, scope: "project" | "user", before: MemorySnapshot, now: MemorySnapshot) {
  return scanTopics(dir)
    .topics.filter((h) => before.get(h.path) !== now.get(h.path))
    .map((h): ReplayMemory => {
      const t = readTopic(h.path);
      return { scope, name: t.name, type: t.type, description: t.description, body: t.body, path: t.path };
    });
}

function additionalContextOf(stdout: string): string {
  if (!stdout.trim()) return "";
  const o = JSON.parse(stdout) as { hookSpecificOutput?: { additionalContext?: string } };
  return o.hookSpecificOutput?.additionalContext ?? "";
}

export function collectReport(
  ctx: AppContext,
  r: {
    home: string;
    transcript: string;
    sessionId: string;
    counts: Record<string, number>;
    badOutputs: string[];
    recalls: ReplayRecall[];
    nextSessionStartStdout: string;
    dream: DreamOutcome;
    /** The memory dirs before the replay (`memorySnapshot`). */
    before: MemorySnapshot;
  },
): ReplayReport {
  const { paths } = ctx;
  const nextContext = additionalContextOf(r.nextSessionStartStdout);
  const now = memorySnapshot(ctx);
  const memories = [
    ...memoriesIn(paths.userMemoryDir, "user", r.before, now),
    ...memoriesIn(paths.memoryDir, "project", r.before, now),
  ];
  return {
    home: r.home,
    transcript: r.transcript,
    sessionId: r.sessionId,
    paths: {
      projectRoot: paths.projectRoot,
      memoryDir: paths.memoryDir,
      userMemoryDir: paths.userMemoryDir,
      stateRoot: paths.stateRoot,
    },
    events: r.counts,
    badOutputs: r.badOutputs,
    recalls: r.recalls,
    memories,
    unchanged: [...now.keys()].filter((p) => r.before.get(p) === now.get(p)).length,
    notepad: readTextIfExists(paths.notepad) ?? "",
    projectMemory: readJsonFile<unknown>(paths.projectMemory, null, true),
    endRecord: readJsonFile<unknown>(join(paths.sessionsDir, `${r.sessionId}.json`), null, true),
    extractions: readRecentEvents(paths.eventsFile, 1 << 20).filter((e) => e.kind.startsWith("extraction")),
    nextContext,
    nextContextChars: nextContext.length,
    dream: r.dream,
  };
}
