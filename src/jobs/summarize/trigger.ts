/**
 * When the session summary is updated (Claude Code 2.1.88 `sessionMemory.ts`
 * `shouldExtractMemory` with DEFAULT_SESSION_MEMORY_CONFIG). Pure.
 *
 * - Context size = what the harness itself sees: the `usage` of the last main-chain assistant message
 *   (input + cache creation + cache read + output tokens); when no usage was recorded, the previous size
 *   plus a core/tokens estimate of the new text.
 * - Not yet initialised (no summary file): nothing happens below `minimumMessageTokensToInit` tokens.
 * - Then (the first update included, as in Claude Code, where the baseline starts at 0): the context
 *   must have grown by `minimumTokensBetweenUpdate` since the last update AND either
 *   `toolCallsBetweenUpdates` tool calls were made since then or the last assistant message made no
 *   tool call (a natural break).
 * - After a compaction the context shrinks: growth is then measured from the first context size
 *   recorded after the last compaction boundary.
 * - `precompact`: forced (refreshed before the context is compacted) whenever there is anything new.
 */
import { estimateTokens } from "../../core/tokens.js";
import type { CompactionBoundary, ConversationMessage } from "../../transcripts/types.js";

export interface SessionMemoryConfig {
  /** First update once the context reaches this many tokens. */
  minimumMessageTokensToInit: number;
  /** Later updates need this much context growth (tokens) since the last one. */
  minimumTokensBetweenUpdate: number;
  /** …and this many tool calls since the last one (unless the last assistant message made none). */
  toolCallsBetweenUpdates: number;
}

/** Claude Code's DEFAULT_SESSION_MEMORY_CONFIG (2.1.88, sessionMemoryUtils.ts:32-36). */
export const DEFAULT_SESSION_MEMORY_CONFIG: Readonly<SessionMemoryConfig> = Object.freeze({
  minimumMessageTokensToInit: 10_000,
  minimumTokensBetweenUpdate: 5_000,
  toolCallsBetweenUpdates: 3,
});

/** What the transcript shows since the last update. */
export interface TriggerObservation {
  /** Context size now (tokens). */
  contextTokens: number;
  /** Where growth is measured from (tokens): the size at the last update, or after a compaction. */
  baselineTokens: number;
  /** Main-chain tool calls since the last update. */
  toolCallsSince: number;
  /** Whether the last main-chain assistant message made a tool call. */
  lastAssistantHadTools: boolean;
  /** Main-chain messages since the last update (prompts, assistant messages, compaction summaries). */
  newMessages: number;
  /** "usage" when a recorded usage gave the size, "estimate" otherwise. */
  source: "usage" | "estimate";
}

/** input + cache creation + cache read + output tokens of a message's recorded usage (0 when none). */
export function usageTokens(m: ConversationMessage): number {
  const u = m.usage;
  return u ? u.inputTokens + u.cacheCreationTokens + u.cacheReadTokens + u.outputTokens : 0;
}

function messageText(m: ConversationMessage): string {
  let t = m.text;
  for (const c of m.toolCalls) t += JSON.stringify(c.input) + (c.result?.text ?? "");
  return t;
}

/**
 * Observes the messages read since the last update (`messages`, `compactions` of that slice).
 * @param prev context size (tokens) at the last update, 0 before the first one
 */
export function observeSlice(
  messages: readonly ConversationMessage[],
  compactions: readonly CompactionBoundary[],
  prev: { contextTokens: number },
): TriggerObservation {
  const main = messages.filter((m) => !m.isSidechain);
  const lastBoundary = compactions.length ? compactions[compactions.length - 1]!.endOffset : -1;
  let last: ConversationMessage | undefined;
  let firstAfterCompaction: ConversationMessage | undefined;
  let lastAssistant: ConversationMessage | undefined;
  let toolCallsSince = 0;
  for (const m of main) {
    if (m.kind !== "assistant") continue;
    toolCallsSince += m.toolCalls.length;
    lastAssistant = m;
    if (usageTokens(m) > 0) {
      last = m;
      if (lastBoundary >= 0 && m.endOffset > lastBoundary) firstAfterCompaction ??= m;
    }
  }
  const common = {
    toolCallsSince,
    lastAssistantHadTools: (lastAssistant?.toolCalls.length ?? 0) > 0,
    newMessages: main.length,
  };
  if (last) {
    const compacted = lastBoundary >= 0;
    return {
      ...common,
      contextTokens: usageTokens(last),
      baselineTokens: compacted ? usageTokens(firstAfterCompaction ?? last) : prev.contextTokens,
      source: "usage",
    };
  }
  // No usage recorded: estimate. After a compaction the context restarts from what followed it.
  const after = lastBoundary >= 0 ? main.filter((m) => m.endOffset > lastBoundary) : main;
  const added = after.reduce((n, m) => n + estimateTokens(messageText(m)), 0);
  return {
    ...common,
    contextTokens: lastBoundary >= 0 ? added : prev.contextTokens + added,
    baselineTokens: lastBoundary >= 0 ? 0 : prev.contextTokens,
    source: "estimate",
  };
}

export type TriggerDecision =
  | { update: true; why: "threshold" | "forced" }
  | {
      update: false;
      /** no_new_messages | below_init_threshold | below_update_threshold | too_few_tool_calls */
      reason: string;
    };

/**
 * Whether to update now. `initialized` = a summary already exists; `reason` = why the job runs
 * ("stop" at a turn end, "precompact" before a compaction).
 */
export function decideUpdate(
  obs: TriggerObservation,
  initialized: boolean,
  reason: "stop" | "precompact",
  cfg: Readonly<SessionMemoryConfig> = DEFAULT_SESSION_MEMORY_CONFIG,
): TriggerDecision {
  if (obs.newMessages === 0) return { update: false, reason: "no_new_messages" };
  if (reason === "precompact") return { update: true, why: "forced" };
  if (!initialized && obs.contextTokens < cfg.minimumMessageTokensToInit)
    return { update: false, reason: "below_init_threshold" };
  const baseline = initialized ? obs.baselineTokens : 0;
  if (obs.contextTokens - baseline < cfg.minimumTokensBetweenUpdate)
    return { update: false, reason: "below_update_threshold" };
  if (obs.toolCallsSince < cfg.toolCallsBetweenUpdates && obs.lastAssistantHadTools)
    return { update: false, reason: "too_few_tool_calls" };
  return { update: true, why: "threshold" };
}
