/** `memdir status` as text: harnesses, paths, counts, model, dream, extractions, failures, limits, skips, warnings. */

import type { HarnessInstallStatus } from "../../app/commands/install.js";
import type { StatusReport } from "../../app/commands/status.js";
import type { EventRecord } from "../../app/inject/health.js";
import type { Color } from "./color.js";

/** One line for a job that hit a limit. */
function jobLimitLine(e: EventRecord): string {
  const job = String(e.job ?? "?");
  if (e.kind === "job_timeout")
    return `${job} ended at its deadline after ${Math.round(Number(e.ran_ms) / 1000)} s`;
  if (e.kind === "job_memory_exceeded")
    return `${job} ended at its memory ceiling (${Math.round(Number(e.rss_bytes) / 2 ** 20)} MiB resident)`;
  return `${job} refused its ${String(e.what ?? "input")} ${JSON.stringify(String(e.path ?? ""))}: it is ${String(e.found ?? "not a regular file")}`;
}

export function formatStatus(s: StatusReport & { harnesses?: HarnessInstallStatus[] }, color: Color): string {
  const out: string[] = [color.bold("memdir status"), ""];
  if (s.refused) out.push(color.bold(s.refused), "");
  if (s.harnesses) {
    out.push(color.bold("harnesses"));
    for (const h of s.harnesses) {
      const where = h.settings.filter((x) => x.hooks > 0);
      out.push(
        `  ${h.displayName.padEnd(12)} ${where.length ? where.map((x) => `${x.scope} (${x.hooks} hooks, ${x.path})`).join("; ") : `not installed (memdir install ${h.harness === "claude-code" ? "claude" : h.harness})`}${h.trust ? `; trust: ${h.trust}` : ""}`,
      );
      if (h.warning) out.push(`  ${" ".repeat(12)} warning: ${h.warning}`);
    }
    out.push("");
  }
  out.push(color.bold("paths"));
  for (const [k, v] of Object.entries(s.paths)) out.push(`  ${k.padEnd(14)} ${v}`);
  out.push(`  ${"memoryDir from".padEnd(14)} ${s.memoryDirFrom}`);
  const sm = s.sessionMemory;
  out.push("", color.bold("Claude Code sessions here"));
  out.push(
    `  memdir       ${sm.on ? "on" : color.bold(`off: its hooks do nothing (${sm.decidedBy.startsWith("env MEMDIR_DISABLE") ? "memdir is disabled, in every harness" : "Claude Code's auto memory is off"})`)}; decided by ${sm.decidedBy}`,
  );
  for (const i of sm.ignored) out.push(`  not followed ${i}`);
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
  out.push(...formatAgentMemory(s.agentMemory, color));
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
  if (s.team) {
    const t = s.team;
    out.push("", color.bold("team memory"));
    out.push(
      `  ${t.mode.padEnd(12)} ${t.teamDir}; last push ${t.lastPushed ?? "none recent"}, last pull ${t.lastPulled ?? "none recent"}`,
    );
    for (const f of t.conflicts)
      out.push(`  conflict     ${f}: both versions kept; keep what holds, delete the memdir:conflict block`);
    if (t.suppressed)
      out.push(`  push off     for session ${t.suppressed.sessionId}: ${t.suppressed.reason}`);
    const ev = Object.entries(t.events);
    if (ev.length) out.push(`  events       ${ev.map(([k, n]) => `${k} ×${n}`).join(", ")}`);
  }
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

/** The agent memory lines: one per agent type, with its counts per scope and its snapshot state. */
function formatAgentMemory(a: StatusReport["agentMemory"], color: { bold: (s: string) => string }): string[] {
  const out = [
    "",
    color.bold("agent memory"),
    `  default      ${a.defaultScopes.join(", ") || "none"} (agents without memory: in their definition)`,
  ];
  if (!a.agents.length) out.push("  agents       none yet");
  for (const g of a.agents) {
    const counts =
      Object.entries(g.memories)
        .map(([s, n]) => `${s} ${n}`)
        .join(", ") || "no memory";
    const snap = g.snapshot
      ? `; snapshot ${g.snapshot.updatedAt ?? "unreadable"}${
          Object.keys(g.snapshot.syncedFrom).length
            ? ` (synced ${Object.entries(g.snapshot.syncedFrom)
                .map(([s, t]) => `${s} ${t}`)
                .join(", ")})`
            : " (not synced here)"
        }`
      : "";
    const ro = Object.keys(g.readOnly).length ? `; read-only ${Object.keys(g.readOnly).join(", ")}` : "";
    out.push(`  ${g.agent.padEnd(12)} ${counts}${snap}${ro}`);
  }
  return out;
}
