/**
 * The detached agent memory extraction (`memdir job agent-extract`, started by SubagentStop): the
 * subagent's own transcript (`agent_transcript_path`) from its cursor into its agent type's memory dir
 * (the first scope it uses, app/agent-memory.ts), with the extraction's rules: privacy first, the same
 * engine (offline or model), merge into near-duplicates, a change set in that memory dir's `.history/`,
 * and mutual exclusion (a turn in which the subagent wrote into its memory dir itself is not extracted).
 * Events: `agent_extraction`, `agent_extraction_skipped` (with its reason), `agent_extraction_failed`.
 */
import { join } from "node:path";
import { loadAdapter } from "../../adapters/registry.js";
import { describeError } from "../../core/errors.js";
import { acquireLockSync } from "../../core/lock.js";
import { DEFAULT_HARNESS } from "../../harness/index.js";
import { runExtraction } from "../../jobs/extract/index.js";
import { sessionStatePaths } from "../../paths/index.js";
import { commitChangeSet, createJournal } from "../../store/index.js";
import { agentMemoryPlan, ensureAgentDir } from "../agent-memory.js";
import { ensureProjectState, projectContext } from "../context.js";
import { openModel } from "../model/provider.js";
import type { Runtime } from "../runtime.js";
import { transcriptAdapterFor } from "../transcript-reader.js";
import { checkTranscriptInput } from "./input.js";
import { TRANSCRIPT_READ_BYTES } from "./limits.js";
import type { AgentExtractRequest } from "./request.js";

export interface AgentExtractResult {
  agentType: string;
  scope?: string;
  dir?: string;
  memories: number;
  skipped?: string;
  error?: string;
  changeSet?: string;
}

/** Wait this long for another extraction of the same subagent (ms). */
const LOCK_TIMEOUT_MS = 120_000;

/** The cursor of a subagent's transcript is kept as session state under this id (a safe file name). */
export const agentCursorId = (agentId: string): string => `subagent-${agentId}`;

export async function runAgentExtractionJob(
  rt: Runtime,
  r: AgentExtractRequest,
): Promise<AgentExtractResult> {
  const ctx = projectContext(rt, r.cwd);
  ensureProjectState(ctx);
  const base = { agent: r.agentType, agent_id: r.agentId, session_id: r.sessionId };
  const skip = (reason: string, extra: Record<string, unknown> = {}): AgentExtractResult => {
    ctx.event("agent_extraction_skipped", { ...base, reason, ...extra });
    return { agentType: r.agentType, memories: 0, skipped: reason };
  };
  try {
    const adapter = await loadAdapter(r.harness ?? DEFAULT_HARNESS);
    const plan = agentMemoryPlan(ctx, adapter, r.agentType, r.cwd);
    const target = plan.primary;
    if (!target) return skip("no_scope");
    if (target.refused) return skip("read_only", { scope: target.scope, why: target.refused });
    const input = checkTranscriptInput(ctx, "agent-extract", r.sessionId, r.transcriptPath);
    if (input !== "ok") return skip(input === "missing" ? "transcript_missing" : "input_refused");
    const cursorId = agentCursorId(r.agentId);
    const lock = acquireLockSync(join(sessionStatePaths(ctx.paths.stateRoot, cursorId).dir, "extract.lock"), {
      timeoutMs: LOCK_TIMEOUT_MS,
    });
    try {
      ensureAgentDir(target, r.cwd, ctx);
      const nowMs = rt.now();
      const journal = createJournal({
        pid: rt.pid,
        kind: "extraction",
        summary: `extraction of ${r.agentType} agent ${r.agentId}`,
        roots: { project: target.dir },
        nowMs,
      });
      let model: ReturnType<typeof openModel> = { kind: "offline" };
      try {
        model = openModel(ctx);
      } catch {
        // The offline engine extracts.
      }
      const run = await runExtraction({
        sessionId: cursorId,
        transcriptPath: r.transcriptPath,
        read: (await transcriptAdapterFor(r.transcriptPath, r.harness)).transcripts.read,
        stateRoot: ctx.paths.stateRoot,
        // Every memory of the agent goes into its own dir (none into the user's or the project's memory dir).
        target: {
          memoryDir: target.dir,
          userMemoryDir: target.dir,
          projectMemoryFile: ctx.paths.projectMemory,
          projectRoot: ctx.paths.projectRoot,
          journal,
        },
        nowMs,
        homeDir: rt.env.HOME,
        model: model.kind === "model" ? model : undefined,
        maxBytes: TRANSCRIPT_READ_BYTES,
        mainChain: true,
      });
      const written =
        run.model?.engine === "model"
          ? run.model.applied.filter((w) => w.action !== "skipped").length
          : (run.result?.written.length ?? 0);
      const changeSet = commitChangeSet(journal, {
        summary: `extraction of ${r.agentType} agent ${r.agentId}: ${written} memories`,
      });
      const where = { scope: target.scope, dir: target.dir };
      if (run.skipped) return { ...skip(run.skipped, where), ...where };
      ctx.event("agent_extraction", {
        ...base,
        ...where,
        memories: written,
        from: run.cursor.from,
        to: run.cursor.to,
        ...(run.agentTurnMessages ? { agent_turn_messages_skipped: run.agentTurnMessages } : {}),
        ...(changeSet ? { change_set: changeSet } : {}),
      });
      return { agentType: r.agentType, ...where, memories: written, ...(changeSet ? { changeSet } : {}) };
    } finally {
      lock.release();
    }
  } catch (e) {
    const error = describeError(e);
    ctx.event("agent_extraction_failed", { ...base, error });
    ctx.log("error", "job:agent-extract", error, { session_id: r.sessionId });
    return { agentType: r.agentType, memories: 0, error };
  }
}
