/**
 * SubagentStart / SubagentStop: subagent tracking; `<remember>` tags in a subagent's final message;
 * agent memory (README "Agent memory"): at start, the agent type's memory and the team snapshot step
 * as the subagent's context; at stop, the extraction of its own transcript (detached job).
 */
import type { HarnessAdapter } from "../../adapters/registry.js";
import type { SubagentStartEvent, SubagentStopEvent } from "../../harness/index.js";
import { recordSubagent } from "../../sessions/index.js";
import type { AppContext } from "../context.js";
import { captureRememberTags } from "../remember.js";

/** The SubagentStart context: the agent type's memory, within `agentMemory.budgetChars`. */
async function agentStartContext(
  ctx: AppContext,
  input: SubagentStartEvent,
  adapter: HarnessAdapter | undefined,
): Promise<string | undefined> {
  const agentType = input.agentType;
  if (!agentType) return undefined;
  const { agentMemoryPlan, syncAgentSnapshot } = await import("../agent-memory.js");
  const plan = agentMemoryPlan(ctx, adapter, agentType, input.cwd);
  if (!plan.scopes.length) return undefined;
  const warnings: string[] = [];
  let snapshot: ReturnType<typeof syncAgentSnapshot>;
  try {
    snapshot = syncAgentSnapshot(ctx, plan, input.cwd);
  } catch (e) {
    warnings.push(`the agent memory snapshot could not be checked: ${String(e).slice(0, 200)}`);
  }
  const { buildAgentContext } = await import("../inject/agent-context.js");
  const text = buildAgentContext(plan, snapshot, ctx.config.agentMemory.budgetChars, warnings);
  return text || undefined;
}

/** Starts the extraction of the subagent's transcript into its agent type's memory. */
async function startAgentExtraction(ctx: AppContext, input: SubagentStopEvent): Promise<void> {
  if (!input.agentType || !input.agentTranscriptPath) return;
  await ctx.rt.spawnJob({
    kind: "agent-extract",
    cwd: input.cwd,
    harness: input.harness,
    sessionId: input.sessionId,
    agentId: input.agentId,
    agentType: input.agentType,
    transcriptPath: input.agentTranscriptPath,
  });
}

export async function onSubagent(
  ctx: AppContext,
  input: SubagentStartEvent | SubagentStopEvent,
  adapter?: HarnessAdapter,
): Promise<string | undefined> {
  const now = ctx.rt.now();
  const start = input.type === "subagentStart";
  const tracked = recordSubagent(
    ctx.paths.stateRoot,
    input.sessionId,
    { kind: start ? "start" : "stop", agentId: input.agentId, agentType: input.agentType },
    now,
  );
  if (input.type === "subagentStart") return agentStartContext(ctx, input, adapter);
  const last = input.lastAssistantMessage ?? "";
  if (/<remember/i.test(last)) await captureRememberTags(ctx, last, now);
  // A stop without a start is an internal agent (Claude Code's compaction agent): it has no agent memory.
  const entry = tracked.agents.find((a) => a.agent_id === input.agentId);
  if (entry && !entry.synthetic) await startAgentExtraction(ctx, input);
  return undefined;
}
