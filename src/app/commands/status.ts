/**
 * `memdir status`: the paths in use, counts, the last extraction per session, recent failures and
 * skip reasons (from events.jsonl), and the health warnings SessionStart would show.
 */

import { existsSync, readdirSync } from "node:fs";
import { dreamInProgress, readLastConsolidatedAt } from "../../jobs/dream/lock.js";
import { breakerStatus, type DaySpend, spentToday } from "../../llm/ledger/index.js";
import { readNotepad } from "../../notepad/index.js";
import { containmentLine, containmentProblems } from "../../paths/index.js";
import { scrub } from "../../privacy/index.js";
import { scanTopics } from "../../store/index.js";
import { type AppContext, workingDir } from "../context.js";
import { type EventRecord, readRecentEvents, recentHealthWarnings } from "../inject/health.js";
import { llmFingerprint, resolveLlm } from "../model/choice.js";
import { type AgentMemoryStatus, agentMemoryStatus } from "./agent-status.js";

export interface StatusReport {
  /** Why memdir is off for this project (a directory it would write to is a symbolic link), or null. */
  refused: string | null;
  paths: Record<string, string>;
  counts: {
    projectMemories: number;
    userMemories: number;
    notepadEntries: number;
    sessionRecords: number;
    badTopicFiles: number;
  };
  lastExtractionBySession: Record<string, EventRecord>;
  recentFailures: EventRecord[];
  /** This project's jobs that hit a limit: `job_timeout`, `job_memory_exceeded`, `job_input_refused` (newest last). */
  jobLimits: EventRecord[];
  skipReasons: Record<string, number>;
  /** Agent (subagent) memory of this working directory's agent types. */
  agentMemory: AgentMemoryStatus;
  /** The model behind extraction and session memory, today's spend (UTC day) and the breaker. */
  model: {
    provider: string;
    model: string;
    source: string;
    spentToday: DaySpend;
    maxTokensPerDay: number;
    breaker: ReturnType<typeof breakerStatus>;
  };
  /** Auto-dream: when it last consolidated, whether one runs now, why it was skipped. */
  dream: {
    autoDream: boolean;
    kairos: boolean;
    /** ISO time of the last consolidation (the lock's mtime); null = never. */
    lastConsolidatedAt: string | null;
    /** PID of the dream in progress (null = none). */
    runningPid: number | null;
    /** Whether that process is alive (false: it crashed; the next dream recovers the lock). */
    runningAlive: boolean;
    lastCompleted: EventRecord | null;
    /** `dream_skipped` events by reason (disabled, time, sessions, lock) in the recent events. */
    skips: Record<string, number>;
  };
  warnings: string[];
}

function countNotepad(file: string): number {
  const np = readNotepad(file) as unknown as Record<string, unknown>;
  let n = 0;
  for (const v of Object.values(np)) if (Array.isArray(v)) n += v.length;
  return n;
}

const JOB_LIMIT_EVENTS = new Set(["job_timeout", "job_memory_exceeded", "job_input_refused"]);

export function buildStatus(ctx: AppContext): StatusReport {
  const { paths } = ctx;
  const project = scanTopics(paths.memoryDir);
  const user = scanTopics(paths.userMemoryDir);
  const events = readRecentEvents(paths.eventsFile, 4 << 20);
  const last: Record<string, EventRecord> = {};
  const skipReasons: Record<string, number> = {};
  const dreamSkips: Record<string, number> = {};
  let lastDream: EventRecord | null = null;
  const jobLimits: EventRecord[] = [];
  for (const e of events) {
    if (JOB_LIMIT_EVENTS.has(e.kind) && e.project === paths.projectRoot) jobLimits.push(e);
    // events.jsonl is shared by every project: only this memory dir's dreams are shown.
    const ours = e.memory_dir === paths.memoryDir;
    if (e.kind === "dream_completed" && ours) lastDream = e;
    if (e.kind === "dream_skipped" && ours) {
      const r = String(e.reason ?? "unknown");
      dreamSkips[r] = (dreamSkips[r] ?? 0) + 1;
    }
    const sid = typeof e.session_id === "string" ? e.session_id : "?";
    if (e.kind === "extraction") last[sid] = e;
    if (e.kind.endsWith("_skipped")) {
      const reason = `${e.kind}: ${String(e.reason ?? "unknown")}`;
      skipReasons[reason] = (skipReasons[reason] ?? 0) + 1;
    }
  }
  const warnings: string[] = [...ctx.configWarnings, ...ctx.notices];
  let llm = { provider: "offline", model: "rules", source: "default" };
  let fingerprint: string | undefined;
  try {
    const r = resolveLlm(ctx.config.llm, ctx.rt.env);
    llm = { ...r, model: scrub(r.model) }; // a key pasted as a model id is not printed
    fingerprint = llmFingerprint(ctx.config.llm, ctx.rt.env, r);
  } catch (e) {
    warnings.push((e as Error).message.split("\n")[0] ?? "bad MEMDIR_LLM");
  }
  const now = ctx.rt.now();
  const lastMs = readLastConsolidatedAt(paths.memoryDir);
  const running = dreamInProgress(paths.memoryDir);
  return {
    refused: containmentLine(containmentProblems(paths, ctx.rt.env)) || null,
    paths: {
      projectRoot: paths.projectRoot,
      memoryDir: paths.memoryDir,
      userMemoryDir: paths.userMemoryDir,
      stateRoot: paths.stateRoot,
      notepad: paths.notepad,
      projectMemory: paths.projectMemory,
      log: paths.logFile,
      events: paths.eventsFile,
      querySearchDb: paths.indexFile,
      wiki: paths.wikiDir,
      ledger: paths.ledgerFile,
    },
    counts: {
      projectMemories: project.topics.length,
      userMemories: user.topics.length,
      notepadEntries: countNotepad(paths.notepad),
      sessionRecords: existsSync(paths.sessionsDir)
        ? readdirSync(paths.sessionsDir).filter((f) => f.endsWith(".json")).length
        : 0,
      badTopicFiles: project.errors.length + user.errors.length,
    },
    lastExtractionBySession: last,
    recentFailures: events.filter((e) => e.kind.endsWith("_failed")).slice(-10),
    jobLimits: jobLimits.slice(-10),
    skipReasons,
    agentMemory: agentMemoryStatus(ctx, workingDir(ctx.rt)),
    model: {
      ...llm,
      spentToday: spentToday(paths.ledgerFile, now),
      maxTokensPerDay: ctx.config.llm.maxTokensPerDay,
      breaker: breakerStatus(paths.ledgerFile, now, fingerprint),
    },
    dream: {
      autoDream: ctx.config.autoDream,
      kairos: ctx.config.kairos,
      lastConsolidatedAt: lastMs === undefined ? null : new Date(lastMs).toISOString(),
      runningPid: running ?? null,
      runningAlive: running !== undefined && ctx.rt.isAlive(running),
      lastCompleted: lastDream,
      skips: dreamSkips,
    },
    warnings: [
      ...warnings,
      ...recentHealthWarnings(ctx),
      ...[...project.errors, ...user.errors].map(
        (e) => `unreadable topic file ${e.path}: ${e.message.split("\n")[0]}`,
      ),
    ],
  };
}
