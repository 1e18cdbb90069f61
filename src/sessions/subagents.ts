/**
 * `subagent-tracking-state.json` (DESIGN.md §3.2; schema of oh-my-claudecode §1.6, minus its
 * fabricated telemetry: a stop without a start is kept as a `synthetic` entry that no total counts).
 */
import { isoUtc } from "../core/clock.js";
import { num, readOwned, withSessionLock, writeOwned } from "./state.js";
import type { SubagentEntry, SubagentTracking } from "./types.js";

export const SUBAGENT_TRACKING_STATE = "subagent-tracking";
/** Finished entries kept (the oldest finished are evicted first; running entries are never evicted). */
export const MAX_FINISHED_AGENTS = 100;

export interface SubagentEvent {
  /** SubagentStart → `start`, SubagentStop → `stop`. */
  kind: "start" | "stop";
  agentId: string;
  agentType?: string;
  /** A stop that failed (Claude Code's SubagentStop carries no success flag: default false). */
  failed?: boolean;
}

/** Reads a session's subagent tracking (empty when none). */
export function readSubagentTracking(stateRoot: string, sessionId: string): SubagentTracking {
  const v = readOwned<Partial<SubagentTracking>>(stateRoot, sessionId, SUBAGENT_TRACKING_STATE);
  const agents = Array.isArray(v?.agents)
    ? v.agents.filter((a): a is SubagentEntry => typeof a?.agent_id === "string")
    : [];
  return {
    session_id: sessionId,
    agents,
    total_spawned: num(v?.total_spawned),
    total_completed: num(v?.total_completed),
    total_failed: num(v?.total_failed),
    total_unmatched_stops: num(v?.total_unmatched_stops),
    last_updated: typeof v?.last_updated === "string" ? v.last_updated : "",
  };
}

function evictFinished(agents: SubagentEntry[]): SubagentEntry[] {
  const finished = agents.filter((a) => a.status !== "running");
  if (finished.length <= MAX_FINISHED_AGENTS) return agents;
  const drop = new Set(
    finished
      .sort((a, b) => (a.ended_at ?? "").localeCompare(b.ended_at ?? ""))
      .slice(0, finished.length - MAX_FINISHED_AGENTS),
  );
  return agents.filter((a) => !drop.has(a));
}

/**
 * Records a SubagentStart or SubagentStop under the session lock and returns the new tracking state.
 * - start of a new id: entry `running`, `total_spawned` +1; start of an id still running: only its
 *   type is refreshed (duplicate event); start of a finished id: it runs again, `total_spawned` +1.
 * - stop of a running id: `completed` (or `failed`), `total_completed`/`total_failed` +1; a second
 *   stop is ignored; a stop of an unknown id adds a `synthetic` entry counted only in
 *   `total_unmatched_stops`.
 * @param nowMs event time, ms since the epoch
 * @throws MemdirError BAD_INPUT (session id), LOCK_TIMEOUT
 */
export function recordSubagent(
  stateRoot: string,
  sessionId: string,
  ev: SubagentEvent,
  nowMs: number,
): SubagentTracking {
  return withSessionLock(stateRoot, sessionId, () => {
    const t = readSubagentTracking(stateRoot, sessionId);
    const now = isoUtc(nowMs);
    const found = t.agents.find((a) => a.agent_id === ev.agentId);
    if (ev.kind === "start") {
      if (found?.status === "running") {
        if (ev.agentType) found.agent_type = ev.agentType;
      } else if (found) {
        found.status = "running";
        found.started_at = now;
        delete found.ended_at;
        delete found.synthetic;
        if (ev.agentType) found.agent_type = ev.agentType;
        t.total_spawned++;
      } else {
        t.agents.push({
          agent_id: ev.agentId,
          agent_type: ev.agentType ?? "unknown",
          started_at: now,
          status: "running",
        });
        t.total_spawned++;
      }
    } else {
      const status = ev.failed ? "failed" : "completed";
      if (found?.status === "running") {
        found.status = status;
        found.ended_at = now;
        if (ev.agentType && found.agent_type === "unknown") found.agent_type = ev.agentType;
        if (status === "failed") t.total_failed++;
        else t.total_completed++;
      } else if (!found) {
        t.agents.push({
          agent_id: ev.agentId,
          agent_type: ev.agentType ?? "unknown",
          started_at: null,
          ended_at: now,
          status,
          synthetic: true,
        });
        t.total_unmatched_stops++;
      }
    }
    t.agents = evictFinished(t.agents);
    t.last_updated = now;
    writeOwned(stateRoot, sessionId, SUBAGENT_TRACKING_STATE, t);
    return t;
  });
}
