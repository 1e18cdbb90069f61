/**
 * The SubagentStart context (README "Agent memory"): the agent type's MEMORY.md of every scope it uses,
 * except the one the harness loads itself (a Claude Code definition with `memory:`), each fenced as data,
 * within `agentMemory.budgetChars`; plus what the team's snapshot step did (initialized this memory, or
 * a newer snapshot to merge by hand). Claude Code 2.1.332 and Codex CLI 0.171.0 give SubagentStart
 * `additionalContext` to the subagent.
 */
import { loadIndexForPrompt } from "../../store/load.js";
import type { AgentMemoryPlan, SnapshotOutcome } from "../agent-memory.js";
import { assembleContext, type ContextPart, cutAtLine, WARNING_RESERVE_CHARS } from "./assemble.js";
import { DATA_PREFACE } from "./fence.js";

const SCOPE_NOTE = {
  user: "user scope: follows the person across projects",
  project: "project scope: shared with the team through the agent memory snapshot",
  local: "local scope: this machine only, never committed",
} as const;

/** The line about the snapshot step, or undefined. */
export function snapshotNotice(plan: AgentMemoryPlan, s: SnapshotOutcome | undefined): string | undefined {
  if (!s) return undefined;
  if (s.action === "initialize")
    return `memdir: this ${plan.agentType} agent's memory (${s.target.dir}) was initialized from the team's snapshot ${s.snapshotDir} (updated ${s.updatedAt}).`;
  if (s.action === "prompt-update")
    return [
      `memdir: new team knowledge for the ${plan.agentType} agent is available in ${s.snapshotDir} (snapshot updated ${s.updatedAt}; this machine last synced ${s.syncedFrom ?? "never"}).`,
      `Your own memory in ${s.target.dir} was not changed. Read the snapshot's MEMORY.md and topic files and merge what is new or corrects yours into ${s.target.dir}; keep your own entries unless the snapshot supersedes them.`,
    ].join(" ");
  return undefined;
}

/** Builds the context text; "" when there is nothing to give. */
export function buildAgentContext(
  plan: AgentMemoryPlan,
  snapshot: SnapshotOutcome | undefined,
  budget: number,
  warnings: string[] = [],
): string {
  const parts: ContextPart[] = [];
  const notice = snapshotNotice(plan, snapshot);
  const where = plan.primary
    ? ` Topic files live beside each MEMORY.md; new learnings of this agent type belong in ${plan.primary.dir}.`
    : "";
  const preface = [
    `memdir: memory of the ${plan.agentType} agent type from earlier sessions.${where} ${DATA_PREFACE}`,
    ...(notice ? [notice] : []),
  ].join("\n");
  // Each scope's share of what the preface and the warnings leave (assemble.ts reserves up to WARNING_RESERVE_CHARS).
  const room = budget - preface.length - (warnings.length ? WARNING_RESERVE_CHARS : 0);
  const share = Math.floor(room / Math.max(1, plan.scopes.length)) - 2;
  for (const d of plan.scopes) {
    // Just initialized: the harness may have built the prompt before the copy, so memdir gives it.
    const justInitialized = snapshot?.action === "initialize" && snapshot.target.dir === d.dir;
    if (d.scope === plan.harnessLoads && !justInitialized) continue;
    // A cut index ends with its own warning line.
    const idx = loadIndexForPrompt(d.dir);
    if (!idx?.text.trim()) continue;
    parts.push({
      source: `memory of the ${plan.agentType} agent, ${SCOPE_NOTE[d.scope]}: ${d.dir}/MEMORY.md`,
      body: idx.text,
      maxChars: share,
    });
  }
  if (!parts.length && !warnings.length) return notice ? cutAtLine(preface, budget) : "";
  return assembleContext(preface, parts, warnings, budget);
}
