/**
 * The model-driven dream (DESIGN.md §4 "Dream job"): the sandboxed
 * agent loop (llm/agent) with the memory tools only (jobs/sandbox; `team/` and MEMORY.md refused),
 * the phased prompt, and the staged operations turned into a DreamPlan. Nothing is written here:
 * the plan is applied later by `applyDreamPlan`, which re-reads every file against `seen`.
 * A failure (invalid output twice, any provider error, the turn limit reached before the final
 * answer) yields no plan at all — never a partial one — and the caller falls back to the offline
 * planner.
 */
import { DEFAULT_CONFIG } from "../../../config/index.js";
import { runAgentLoop } from "../../../llm/agent/index.js";
import type { LlmError, LlmProvider, LlmUsage } from "../../../llm/types.js";
import { scrub } from "../../../privacy/index.js";
import { createMemorySandbox } from "../../sandbox/index.js";
import type { DreamMode, DreamPlan } from "../plan/types.js";
import { buildDreamPrompt, type DreamGathered } from "./gather.js";
import { callsFromMessages, planFromStagedOps } from "./plan.js";
import { type DreamAnswer, dreamSystemPrompt, parseDreamAnswer } from "./prompt.js";

export interface ModelDreamOptions {
  /** Already guarded by the caller (ledger budgets + circuit breaker, llm/ledger guardProvider). */
  provider: LlmProvider;
  mode: DreamMode;
  /** Absolute memory dirs: the project's (DESIGN.md §3.1) and the user's (§3.3). */
  roots: { project: string; user?: string };
  /** ms since the epoch ("today" in the prompt, the plan's createdAt). */
  nowMs: number;
  gathered: DreamGathered;
  /** Per-call input cap, estimated tokens (config llm.maxInputTokensPerCall; default 24,000). */
  maxInputTokens?: number;
  /** Per-call output cap, tokens (config llm.maxOutputTokensPerCall; default 4,096). */
  maxOutputTokens?: number;
  signal?: AbortSignal;
}

export type ModelDreamResult =
  | {
      ok: true;
      plan: DreamPlan;
      usage: LlmUsage;
      turns: number;
      answer: DreamAnswer;
      /** Summaries / log entries left out to fit the input budget. */
      dropped: { summaries: number; logEntries: number };
    }
  | { ok: false; reason: string; error?: LlmError; usage: LlmUsage; turns: number };

/**
 * Runs one dream with the model and returns its plan (engine "model"; `sessions.used` =
 * `gathered.sessions`, `logs` = `gathered.logs`, the model's notes in `notes`). `{ok: false}` with
 * the reason on invalid output (after the loop's one retry), a provider error (`error` set: rate
 * limit, quota, auth, budget, open breaker, timeout, …) or when the 5 turns end before the final
 * answer. The memory dirs are only read.
 * @throws MemdirError BAD_INPUT when a root is not absolute; otherwise only what scrubDeep throws.
 */
export async function runModelDream(o: ModelDreamOptions): Promise<ModelDreamResult> {
  const maxInputTokens = o.maxInputTokens ?? DEFAULT_CONFIG.llm.maxInputTokensPerCall;
  const built = await buildDreamPrompt({
    mode: o.mode,
    roots: o.roots,
    nowMs: o.nowMs,
    gathered: o.gathered,
    maxInputTokens,
  });
  const sandbox = createMemorySandbox({ roots: o.roots });
  const loop = await runAgentLoop<DreamAnswer>({
    provider: o.provider,
    system: dreamSystemPrompt(o.mode),
    prompt: built.prompt,
    tools: sandbox.tools,
    maxTurns: 5,
    maxOutputTokens: o.maxOutputTokens ?? DEFAULT_CONFIG.llm.maxOutputTokensPerCall,
    maxInputTokens,
    finalCheck: parseDreamAnswer,
    ...(o.signal ? { signal: o.signal } : {}),
  });
  const base = { usage: loop.usage, turns: loop.turns };
  if (loop.outcome !== "final" || loop.value === undefined) {
    const reason =
      loop.outcome === "error"
        ? `${loop.error?.kind ?? "error"}: ${loop.error?.message ?? "model call failed"}`
        : loop.outcome === "invalid_output"
          ? `invalid model output: ${loop.invalid.join("; ")}`
          : `the model did not finish within ${loop.turns} turns; its staged changes are dropped`;
    return { ok: false, reason, ...(loop.error ? { error: loop.error } : {}), ...base };
  }
  const answer = loop.value;
  const said = scrub(answer.notes).trim();
  const notes = said ? [`model: ${said}`] : [];
  const dropped = { summaries: built.droppedSummaries, logEntries: built.droppedLogEntries };
  if (dropped.summaries + dropped.logEntries > 0)
    notes.push(
      `left out to fit the input budget: ${dropped.summaries} older summaries, ${dropped.logEntries} older log entries`,
    );
  const plan = planFromStagedOps(sandbox.staged(), o.roots, {
    mode: o.mode,
    nowMs: o.nowMs,
    calls: callsFromMessages(loop.messages),
    sessions: { used: [...o.gathered.sessions], skipped: [] },
    ...(o.gathered.logs ? { logs: o.gathered.logs } : {}),
    notes,
  });
  return { ok: true, plan, answer, dropped, ...base };
}
