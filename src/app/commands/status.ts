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
import { readTeamState } from "../../share/state.js";
import { readTeamConfig, scanTopics, teamDirOf } from "../../store/index.js";
import { type AppContext, workingDir } from "../context.js";
import { type EventRecord, readRecentEvents, recentHealthWarnings } from "../inject/health.js";
import { llmFingerprint, resolveLlm } from "../model/choice.js";
import { openConflicts } from "../team-sync.js";
import { type AgentMemoryStatus, agentMemoryStatus } from "./agent-status.js";

export interface StatusReport {
  /** Why memdir is off for this project (a directory it would write to is a symbolic link), or null. */
  refused: string | null;
  paths: Record<string, string>;
  /** Which rule chose the memory dir: `MEMDIR_MEMORY_DIR`, memdir's config, a harness settings file, or the default. */
  memoryDirFrom: string;
  /**
   * Whether memdir runs in a Claude Code session started here with this environment (its auto-memory
   * switches and settings), the switch or setting that decided, and harness settings memdir does not follow.
   */
  sessionMemory: { on: boolean; decidedBy: string; ignored: string[] };
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
  /** Team memory (null = not set up): where, open conflicts, the session pushes are off for, its gates' events. */
  team: {
    mode: string;
    teamDir: string;
    conflicts: string[];
    suppressed: { sessionId: string; reason: string } | null;
    /** `push_suppressed: <reason>`, `secret_skipped`, `size_skipped`, `entries_capped`, `team_conflict` counts in the recent events. */
    events: Record<string, number>;
    lastPushed: string | null;
    lastPulled: string | null;
  } | null;
  warnings: string[];
}

const TEAM_EVENTS = new Set([
  "push_suppressed",
  "secret_skipped",
  "size_skipped",
  "entries_capped",
  "team_conflict",
]);

function teamReport(ctx: AppContext, events: EventRecord[]): StatusReport["team"] {
  const { memoryDir } = ctx.paths;
  const config = readTeamConfig(memoryDir);
  if (!config) return null;
  const teamDir = teamDirOf(memoryDir, config);
  const counts: Record<string, number> = {};
  let lastPushed: string | null = null;
  let lastPulled: string | null = null;
  for (const e of events) {
    if (e.memory_dir !== memoryDir) continue;
    if (e.kind === "team_pushed") lastPushed = e.ts;
    if (e.kind === "team_pulled") lastPulled = e.ts;
    if (!TEAM_EVENTS.has(e.kind)) continue;
    const k = e.kind === "push_suppressed" ? `push_suppressed: ${String(e.reason)}` : e.kind;
    counts[k] = (counts[k] ?? 0) + 1;
  }
  const s = readTeamState(memoryDir).suppressed;
  return {
    mode: config.mode,
    teamDir,
    conflicts: openConflicts(ctx, teamDir),
    suppressed: s ? { sessionId: s.sessionId, reason: s.reason } : null,
    events: counts,
    lastPushed,
    lastPulled,
  };
}

function countNotepad(file: string): number {
  const np = readNotepad(file) as unknown as Record<string, unknown>;
  let n = 0;
  for (const v of Object.values(np)) if (Array.isArray(v)) n += v.length;
  return n;
}

const JOB_LIMIT_EVENTS = new Set(["job_timeout", "job_memory_exceeded", "job_input_refused"]);

function memoryDirFrom(paths: AppContext["paths"]): string {
  switch (paths.memoryDirSource) {
    case "env":
      return "MEMDIR_MEMORY_DIR";
    case "config":
      return `autoMemoryDirectory in ${paths.memdirHome}/config.json`;
    case "claude-settings":
      return `autoMemoryDirectory in ${paths.memoryDirFrom ?? "the harness settings"}`;
    default:
      return "default (the harness's own memory dir for this project)";
  }
}

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
  const sw = ctx.harnessMemory.enabled();
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
    memoryDirFrom: memoryDirFrom(paths),
    // MEMDIR_DISABLE=1 turns memdir's hooks off in every harness, before any harness switch is read.
    sessionMemory:
      ctx.rt.env.MEMDIR_DISABLE === "1"
        ? { on: false, decidedBy: "env MEMDIR_DISABLE=1", ignored: ctx.harnessMemory.directory().ignored }
        : { on: sw.on, decidedBy: sw.decidedBy, ignored: ctx.harnessMemory.directory().ignored },
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
    team: teamReport(ctx, events),
    warnings: [
      ...warnings,
      ...recentHealthWarnings(ctx),
      ...[...project.errors, ...user.errors].map(
        (e) => `unreadable topic file ${e.path}: ${e.message.split("\n")[0]}`,
      ),
    ],
  };
}
