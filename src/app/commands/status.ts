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
import type { AppContext } from "../context.js";
import { type EventRecord, readRecentEvents, recentHealthWarnings } from "../inject/health.js";
import { llmFingerprint, resolveLlm } from "../model/choice.js";
import type { HarnessInstallStatus } from "./install.js";

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
  /** The model behind extraction and session memory, today's spend (UTC day) and the breaker. */
  model: {
    provider: string;
    model: string;
    source: string;
    spentToday: DaySpend;
    maxTokensPerDay: number;
    breaker: ReturnType<typeof breakerStatus>;
  };
  /** Auto-dream (issue 5 point 1): when it last consolidated, whether one runs now, why it was skipped. */
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

/** One line for a job that hit a limit. */
function jobLimitLine(e: EventRecord): string {
  const job = String(e.job ?? "?");
  if (e.kind === "job_timeout")
    return `${job} ended at its deadline after ${Math.round(Number(e.ran_ms) / 1000)} s`;
  if (e.kind === "job_memory_exceeded")
    return `${job} ended at its memory ceiling (${Math.round(Number(e.rss_bytes) / 2 ** 20)} MiB resident)`;
  return `${job} refused its ${String(e.what ?? "input")} ${JSON.stringify(String(e.path ?? ""))}: it is ${String(e.found ?? "not a regular file")}`;
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
      searchIndex: paths.indexFile,
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

export function formatStatus(
  s: StatusReport & { harnesses?: HarnessInstallStatus[] },
  color: { bold(s: string): string; dim(s: string): string },
): string {
  const out: string[] = [color.bold("memdir status"), ""];
  if (s.refused) out.push(color.bold(s.refused), "");
  if (s.harnesses) {
    out.push(color.bold("harnesses"));
    for (const h of s.harnesses) {
      const where = h.settings.filter((x) => x.hooks > 0);
      out.push(
        `  ${h.displayName.padEnd(12)} ${where.length ? where.map((x) => `${x.scope} (${x.hooks} hooks, ${x.path})`).join("; ") : `not installed (memdir install ${h.harness === "claude-code" ? "claude" : h.harness})`}${h.trust ? `; trust: ${h.trust}` : ""}`,
      );
    }
    out.push("");
  }
  out.push(color.bold("paths"));
  for (const [k, v] of Object.entries(s.paths)) out.push(`  ${k.padEnd(14)} ${v}`);
  out.push("", color.bold("counts"));
  for (const [k, v] of Object.entries(s.counts)) out.push(`  ${k.padEnd(16)} ${v}`);
  const m = s.model;
  const spent = m.spentToday.inputTokens + m.spentToday.outputTokens;
  out.push("", color.bold("model"));
  out.push(`  ${m.provider}:${m.model} (${m.source})`);
  if (m.provider !== "offline" || m.spentToday.calls > 0)
    out.push(
      `  today (UTC)  ${spent} / ${m.maxTokensPerDay} tokens in ${m.spentToday.calls} calls, ${m.spentToday.refused} refused`,
    );
  out.push(
    m.breaker.open
      ? `  breaker      OPEN (${m.breaker.reason ?? "?"}) until ${m.breaker.untilMs ? new Date(m.breaker.untilMs).toISOString() : "?"}: ${m.breaker.message ?? ""}`
      : `  breaker      closed${m.breaker.trips ? ` (${m.breaker.trips} recent trips)` : ""}`,
  );
  const d = s.dream;
  out.push("", color.bold("dream"));
  out.push(
    `  auto         ${d.kairos ? "KAIROS (scheduled: memdir schedule install)" : d.autoDream ? "on" : "off"}; last consolidated ${d.lastConsolidatedAt ?? "never"}${d.runningPid ? `; running (pid ${d.runningPid}${d.runningAlive ? "" : ", dead: the next dream rolls it back"})` : ""}`,
  );
  if (d.lastCompleted)
    out.push(
      `  last run     ${d.lastCompleted.ts} ${String(d.lastCompleted.engine)}/${String(d.lastCompleted.mode)}: ${d.lastCompleted.merges ?? 0} merges, ${d.lastCompleted.rewrites ?? 0} rewrites, ${d.lastCompleted.deletions ?? 0} deletions`,
    );
  const dreamSkips = Object.entries(d.skips);
  if (dreamSkips.length) out.push(`  skipped      ${dreamSkips.map(([r, n]) => `${r} ${n}`).join(", ")}`);
  out.push("", color.bold("last extraction per session"));
  const last = Object.entries(s.lastExtractionBySession);
  if (!last.length) out.push(color.dim("  (none yet)"));
  for (const [sid, e] of last.slice(-10))
    out.push(
      `  ${sid}  ${e.ts}  ${String(e.engine ?? "offline")}: memories ${e.memories ?? 0}, facts ${e.facts ?? 0}`,
    );
  out.push("", color.bold("recent failures"));
  if (!s.recentFailures.length) out.push(color.dim("  (none)"));
  for (const e of s.recentFailures) out.push(`  ${e.ts}  ${e.kind}  ${String(e.error ?? "")}`);
  out.push("", color.bold("jobs that hit a limit"));
  if (!s.jobLimits.length) out.push(color.dim("  (none)"));
  for (const e of s.jobLimits) out.push(`  ${e.ts}  ${jobLimitLine(e)}`);
  out.push("", color.bold("skip reasons"));
  const skips = Object.entries(s.skipReasons);
  if (!skips.length) out.push(color.dim("  (none)"));
  for (const [k, v] of skips) out.push(`  ${k}  ×${v}`);
  if (s.warnings.length) {
    out.push("", color.bold("warnings"));
    for (const w of s.warnings) out.push(`  - ${w}`);
  }
  return out.join("\n");
}
