/**
 * Extraction with a model: the sandboxed agent loop (llm/agent) with memory tools
 * only (jobs/sandbox: list / read / write / edit / delete confined to the memory dirs; writes are
 * staged), then the staged operations applied through the store under its lock. Invalid model output
 * (wrong schema, partial JSON, prose) is retried once by the loop; after that, or on any model error
 * (rate limit, quota, auth, budget, open breaker), the offline engine's result is applied instead and
 * the reason is returned so the caller records it: a failure is never silent (claude-mem #1546).
 */
import { isoUtc } from "../../../core/clock.js";
import { type AgentLoopResult, runAgentLoop } from "../../../llm/agent/index.js";
import type { LlmError, LlmProvider, LlmUsage } from "../../../llm/types.js";
import { scrub, scrubDeep } from "../../../privacy/index.js";
import { MAX_SOURCES, type MemoryDraft, scanTopics } from "../../../store/index.js";
import { withoutPrivateEchoes } from "../../../transcripts/index.js";
import type { ConversationMessage } from "../../../transcripts/types.js";
import { type AppliedOp, applyStagedOps, createMemorySandbox, type StagedOp } from "../../sandbox/index.js";
import { type ApplyResult, applyExtraction, type ExtractionTarget } from "../apply.js";
import { logDrafts, topicTextToDraft } from "../daily-log.js";
import { type ExtractionPlan, planExtraction } from "../engine/index.js";
import { EXTRACTION_SYSTEM_PROMPT, type FinalAnswer, parseFinalAnswer } from "./prompt.js";
import { fitBlocks, renderMessages } from "./render.js";

export interface ModelExtractionOptions {
  /** Already guarded by the caller (ledger budgets + circuit breaker, llm/ledger guardProvider). */
  provider: LlmProvider;
  /** The new messages (from the session's cursor). */
  messages: readonly ConversationMessage[];
  target: ExtractionTarget;
  sessionId: string;
  /** ms since the epoch ("today" in the prompt, write times). */
  nowMs: number;
  /** KAIROS mode: when the slice was said (ms): the daily-log entries' time and day (default `nowMs`). */
  saidAtMs?: number;
  /** Per-call input budget, estimated tokens (config llm.maxInputTokensPerCall). */
  maxInputTokens: number;
  /** Per-call output cap, tokens. */
  maxOutputTokens: number;
}

export interface ModelExtractionResult {
  /** `model`: the model's staged operations were applied; `offline`: the fallback ran. */
  engine: "model" | "offline";
  outcome: AgentLoopResult<FinalAnswer>["outcome"];
  /** Results of the model's operations (engine model). */
  applied: AppliedOp[];
  /** The offline plan and its result (engine offline). */
  fallback?: { plan: ExtractionPlan; result: ApplyResult };
  /** Why the model's work was not used (engine offline): the loop's reasons or the error. */
  failure?: string;
  error?: LlmError;
  usage: LlmUsage;
  turns: number;
  /** Oldest messages left out to fit the input budget. */
  droppedMessages: number;
  /** The model's final note (engine model), e.g. why it saved nothing. */
  note?: string;
}

/** Room kept for the system prompt, the manifest, tool schemas and the model's later turns (tokens). */
const HEADROOM_TOKENS = 6_000;
const MANIFEST_MAX = 120;

function manifest(target: ExtractionTarget): string {
  const lines: string[] = [];
  for (const [prefix, dir] of [
    ["", target.memoryDir],
    ["user/", target.userMemoryDir],
  ] as const) {
    for (const t of scanTopics(dir, { maxFiles: MANIFEST_MAX }).topics) {
      const file = t.path.slice(t.path.lastIndexOf("/") + 1);
      lines.push(
        `- ${prefix}${file} (${t.type}): ${scrub(t.description).replace(/\s+/g, " ").slice(0, 200)}`,
      );
    }
  }
  return lines.length ? lines.join("\n") : "(none yet)";
}

/** The first user message: today, the existing memories, the new messages (all scrubbed, capped). */
export async function buildExtractionPrompt(
  o: Pick<ModelExtractionOptions, "messages" | "target" | "sessionId" | "nowMs" | "maxInputTokens">,
): Promise<{ prompt: string; dropped: number }> {
  const man = manifest(o.target);
  const budget = Math.max(1_000, o.maxInputTokens - HEADROOM_TOKENS);
  const { text, dropped } = fitBlocks(renderMessages(withoutPrivateEchoes(o.messages), scrub), budget);
  const prompt = [
    `Today is ${isoUtc(o.nowMs).slice(0, 10)} (UTC). Session ${o.sessionId}.`,
    `## Existing memories (memory_list shows the same)\n${man}`,
    `## New messages${dropped ? ` (${dropped} older messages left out)` : ""}\n${text}`,
    "Record what is worth remembering in future sessions, following your rules, then give the final JSON answer.",
  ].join("\n\n");
  // Second pass with secretlint over the whole request text (the per-field scrub ran first).
  return { prompt: await scrubDeep(prompt), dropped };
}

function offline(o: ModelExtractionOptions): { plan: ExtractionPlan; result: ApplyResult } {
  const plan = planExtraction([...o.messages], { sessionId: o.sessionId, nowMs: o.nowMs });
  return { plan, result: applyExtraction(plan, o.target, o.nowMs) };
}

/**
 * Runs one model extraction and applies its result (or the offline fallback's).
 * @throws only what the store throws while applying (LOCK_TIMEOUT, IO); model failures are results.
 */
export async function runModelExtraction(o: ModelExtractionOptions): Promise<ModelExtractionResult> {
  const { prompt, dropped } = await buildExtractionPrompt(o);
  const sandbox = createMemorySandbox({
    roots: { project: o.target.memoryDir, user: o.target.userMemoryDir },
  });
  const loop = await runAgentLoop<FinalAnswer>({
    provider: o.provider,
    system: EXTRACTION_SYSTEM_PROMPT,
    prompt,
    tools: sandbox.tools,
    maxTurns: 5,
    maxOutputTokens: o.maxOutputTokens,
    // Reads of many memories must not push turn 2 past the per-call cap (the guard would refuse it).
    maxInputTokens: o.maxInputTokens,
    finalCheck: parseFinalAnswer,
  });
  const base = { outcome: loop.outcome, usage: loop.usage, turns: loop.turns, droppedMessages: dropped };
  if (loop.outcome === "final" || loop.outcome === "max_turns") {
    if (o.target.kairos) {
      const note = loop.value ? `${loop.value.status}: ${loop.value.note}` : loop.outcome;
      return { ...base, engine: "model", applied: logStagedWrites(sandbox.staged(), o), note };
    }
    const applied = applyStagedOps(
      sandbox.staged(),
      { project: o.target.memoryDir, user: o.target.userMemoryDir },
      {
        nowMs: o.nowMs,
        originSessionId: o.sessionId,
        ...provenance(o.messages),
        ...(o.target.journal ? { journal: o.target.journal } : {}),
      },
    );
    const note = loop.value ? `${loop.value.status}: ${loop.value.note}` : loop.outcome;
    return { ...base, engine: "model", applied, note };
  }
  const failure =
    loop.outcome === "error"
      ? `${loop.error?.kind ?? "error"}: ${loop.error?.message ?? "model call failed"}`
      : `invalid model output: ${loop.invalid.join("; ")}`;
  const r: ModelExtractionResult = { ...base, engine: "offline", applied: [], fallback: offline(o), failure };
  if (loop.error) r.error = loop.error;
  return r;
}

/**
 * `metadata.sources` of what the model wrote: the uuids of the prompts it read (the model does not say
 * which message a memory came from), so a memory learned on a branch the user later abandoned can be
 * withdrawn. None when there are more prompts than the store keeps (MAX_SOURCES): a cut list could name
 * only abandoned prompts of a memory that also came from live ones.
 */
function provenance(messages: readonly ConversationMessage[]): { sources?: string[] } {
  const prompts = messages.filter((m) => m.kind === "prompt" && !m.isSidechain).map((m) => m.uuid);
  return prompts.length > 0 && prompts.length <= MAX_SOURCES ? { sources: prompts } : {};
}

/**
 * KAIROS mode: the model's staged writes become daily-log entries (its deletions are not applied:
 * the log is append-only; the dream prunes). One `logged` result per write, `skipped` for the rest.
 */
function logStagedWrites(ops: StagedOp[], o: ModelExtractionOptions): AppliedOp[] {
  const drafts: MemoryDraft[] = [];
  const out: AppliedOp[] = [];
  for (const op of ops) {
    const base = { op: op.op, scope: op.scope, file: op.file };
    if (op.op !== "write") {
      out.push({
        ...base,
        action: "skipped",
        reason: "KAIROS mode: the daily log is append-only; the dream prunes",
      });
      continue;
    }
    try {
      drafts.push(topicTextToDraft(op.file, op.content, o.nowMs));
      out.push({ ...base, action: "logged" });
    } catch (e) {
      out.push({
        ...base,
        action: "skipped",
        reason: e instanceof Error ? e.message.split("\n")[0]! : String(e),
      });
    }
  }
  if (drafts.length === 0) return out;
  const r = logDrafts(o.target.memoryDir, drafts, {
    nowMs: o.saidAtMs ?? o.nowMs,
    sessionId: o.sessionId,
    ...(o.target.timeZone ? { timeZone: o.target.timeZone } : {}),
    ...(o.target.journal ? { journal: o.target.journal } : {}),
  });
  return out.map((a) =>
    a.action === "logged" ? { ...a, path: r.path, reason: "appended to the daily log" } : a,
  );
}
