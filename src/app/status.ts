/**
 * `memdir status`: the paths in use, counts, the last extraction per session, recent failures and
 * skip reasons (from events.jsonl), and the health warnings SessionStart would show.
 */
import { existsSync, readdirSync } from "node:fs";
import { readNotepad } from "../notepad/index.js";
import { scanTopics } from "../store/index.js";
import type { AppContext } from "./context.js";
import { type EventRecord, readRecentEvents, recentHealthWarnings } from "./health.js";

export interface StatusReport {
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
  skipReasons: Record<string, number>;
  warnings: string[];
}

function countNotepad(file: string): number {
  const np = readNotepad(file) as unknown as Record<string, unknown>;
  let n = 0;
  for (const v of Object.values(np)) if (Array.isArray(v)) n += v.length;
  return n;
}

export function buildStatus(ctx: AppContext): StatusReport {
  const { paths } = ctx;
  const project = scanTopics(paths.memoryDir);
  const user = scanTopics(paths.userMemoryDir);
  const events = readRecentEvents(paths.eventsFile, 4 << 20);
  const last: Record<string, EventRecord> = {};
  const skipReasons: Record<string, number> = {};
  for (const e of events) {
    const sid = typeof e.session_id === "string" ? e.session_id : "?";
    if (e.kind === "extraction") last[sid] = e;
    if (e.kind.endsWith("_skipped")) {
      const reason = `${e.kind}: ${String(e.reason ?? "unknown")}`;
      skipReasons[reason] = (skipReasons[reason] ?? 0) + 1;
    }
  }
  return {
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
    skipReasons,
    warnings: [
      ...recentHealthWarnings(ctx),
      ...[...project.errors, ...user.errors].map(
        (e) => `unreadable topic file ${e.path}: ${e.message.split("\n")[0]}`,
      ),
    ],
  };
}

export function formatStatus(
  s: StatusReport,
  color: { bold(s: string): string; dim(s: string): string },
): string {
  const out: string[] = [color.bold("memdir status"), "", color.bold("paths")];
  for (const [k, v] of Object.entries(s.paths)) out.push(`  ${k.padEnd(14)} ${v}`);
  out.push("", color.bold("counts"));
  for (const [k, v] of Object.entries(s.counts)) out.push(`  ${k.padEnd(16)} ${v}`);
  out.push("", color.bold("last extraction per session"));
  const last = Object.entries(s.lastExtractionBySession);
  if (!last.length) out.push(color.dim("  (none yet)"));
  for (const [sid, e] of last.slice(-10))
    out.push(`  ${sid}  ${e.ts}  memories ${e.memories ?? 0}, facts ${e.facts ?? 0}`);
  out.push("", color.bold("recent failures"));
  if (!s.recentFailures.length) out.push(color.dim("  (none)"));
  for (const e of s.recentFailures) out.push(`  ${e.ts}  ${e.kind}  ${String(e.error ?? "")}`);
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
