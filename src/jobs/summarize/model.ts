/**
 * The model path of session memory (as in Claude Code, the summary is kept by a model that rewrites the
 * sections that changed). One request without tools asks for a JSON object of the changed sections;
 * invalid output (not JSON, not an object, an unknown section, a non-string value) gets ONE retry that
 * names the fault, then the offline result is used and the failure returned for the caller to record.
 * A provider error is not retried here (the llm guard and breaker decide on retries).
 */
import { cutToTokens, estimateTokens } from "../../core/tokens.js";
import type { LlmMessage, LlmProvider, LlmUsage } from "../../llm/types.js";
import { scrub, scrubDeep } from "../../privacy/index.js";
import type { ConversationMessage } from "../../transcripts/types.js";
import { renderBody } from "./format.js";
import {
  isSectionName,
  SECTION_MAX_TOKENS,
  SECTION_NAMES,
  type SectionName,
  type SummarySections,
} from "./sections.js";

export interface ModelUpdateOptions {
  /** The offline engine's sections for the same transcript: the fallback. */
  fallback: SummarySections;
  /** Cap on generated tokens per call (default 4,096). */
  maxOutputTokens?: number;
  /** Cap on the request's estimated input tokens (default 24,000): the oldest new messages go first. */
  maxInputTokens?: number;
  signal?: AbortSignal;
}

export interface ModelUpdateResult {
  /** The merged sections (not yet fitted to the budget: planSummary does that). */
  sections: SummarySections;
  /** "<provider>:<model>" when the model's answer was used, else "offline". */
  engine: string;
  /** Sections the model rewrote. */
  changed: SectionName[];
  /** Why the model's answer was not used (invalid twice, or the provider failed). */
  failure?: string;
  /** Tokens over all attempts, as the provider reported them. */
  usage: LlmUsage;
  attempts: number;
}

const SYSTEM = `You maintain the rolling summary of a coding session, so that the work can continue after the context is compacted.
The summary has exactly these sections: ${SECTION_NAMES.map((n) => `"${n}"`).join(", ")}.
You get the current summary and the conversation messages since it was written.
Reply with ONLY a JSON object (no prose, no code fence) whose keys are the names of the sections that must change and whose values are the complete new Markdown text of each such section (no heading line). Leave out unchanged sections.
Keep each section under ${SECTION_MAX_TOKENS} tokens. Worklog: append one line per turn ("- <time> asked: … · did: …"), keep the older lines. Current State: what is being done right now and what comes next. Errors & Corrections: what failed and what the user corrected. Be specific: file paths, function names, commands. Never include secrets or text marked private.`;

/** A compact, scrubbed transcript of `messages` within `maxTokens` (newest kept). */
export function renderMessages(messages: readonly ConversationMessage[], maxTokens: number): string {
  const lines: string[] = [];
  for (const m of messages) {
    if (m.isSidechain) continue;
    const who =
      m.kind === "prompt" ? "user" : m.kind === "compact_summary" ? "compaction summary" : "assistant";
    // Scrub every field BEFORE it is cut: a cut could leave a secret's head that no rule recognises.
    if (m.text.trim()) lines.push(`[${m.timestamp}] ${who}: ${scrub(m.text).trim()}`);
    for (const c of m.toolCalls) {
      const input = scrub(JSON.stringify(c.input)).slice(0, 400);
      const res = c.result
        ? `${c.result.isError ? " → ERROR: " : " → "}${scrub(c.result.text).slice(0, 300)}`
        : "";
      lines.push(`  tool ${c.name} ${input}${res}`);
    }
  }
  let text = scrub(lines.join("\n"));
  if (estimateTokens(text) > maxTokens) {
    // Keep the newest part: cut the reversed code points, then restore the order.
    const cps = Array.from(text).reverse().join("");
    text = Array.from(cutToTokens(cps, maxTokens)).reverse().join("");
  }
  return text;
}

/** Parses the model's reply. Returns the changed sections, or the fault in words. */
export function parseModelReply(
  reply: string,
): { ok: true; sections: Partial<SummarySections> } | { ok: false; error: string } {
  const t = reply
    .trim()
    .replace(/^```(?:json)?\s*\n?([\s\S]*?)\n?```$/, "$1")
    .trim();
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch {
    return { ok: false, error: "the reply is not valid JSON" };
  }
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return { ok: false, error: "the reply is not a JSON object" };
  const out: Partial<SummarySections> = {};
  for (const [k, val] of Object.entries(v)) {
    if (!isSectionName(k)) return { ok: false, error: `unknown section ${JSON.stringify(k.slice(0, 60))}` };
    if (typeof val !== "string") return { ok: false, error: `the value of "${k}" is not a string` };
    out[k] = val;
  }
  return { ok: true, sections: out };
}

/**
 * Asks `provider` to update `current` (undefined = no summary yet) with `newMessages`.
 * Never throws: every failure falls back to `opts.fallback` and is returned in `failure`.
 */
export async function updateSummaryWithModel(
  provider: LlmProvider,
  current: SummarySections | undefined,
  newMessages: readonly ConversationMessage[],
  opts: ModelUpdateOptions,
): Promise<ModelUpdateResult> {
  const usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  const base = current ?? opts.fallback;
  const maxIn = opts.maxInputTokens ?? 24_000;
  const summaryText = scrub(renderBody(base));
  const convo = renderMessages(
    newMessages,
    Math.max(1_000, maxIn - estimateTokens(SYSTEM + summaryText) - 200),
  );
  // Second pass with secretlint over the whole request text (every field was scrubbed first).
  const text = await scrubDeep(`Current summary:\n\n${summaryText}\n\nNew messages:\n\n${convo}`);
  const messages: LlmMessage[] = [{ role: "user", content: [{ type: "text", text }] }];
  let failure = "";
  let attempts = 0;
  for (; attempts < 2; ) {
    attempts++;
    let reply: string;
    try {
      const res = await provider.complete({
        system: SYSTEM,
        messages,
        tools: [],
        maxOutputTokens: opts.maxOutputTokens ?? 4_096,
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      usage.inputTokens += res.usage.inputTokens;
      usage.outputTokens += res.usage.outputTokens;
      reply = res.content.map((b) => (b.type === "text" ? b.text : "")).join("");
    } catch (e) {
      failure = `the model call failed: ${e instanceof Error ? e.message : String(e)}`;
      break;
    }
    const parsed = parseModelReply(reply);
    if (parsed.ok) {
      const sections = { ...base, ...parsed.sections };
      const changed = SECTION_NAMES.filter((n) => n in parsed.sections);
      return { sections, engine: `${provider.id}:${provider.model}`, changed, usage, attempts };
    }
    failure = `invalid model output (${parsed.error})`;
    messages.push(
      { role: "assistant", content: [{ type: "text", text: reply.slice(0, 4_000) || "(empty)" }] },
      {
        role: "user",
        content: [
          {
            type: "text",
            text: `That reply was rejected: ${parsed.error}. Reply with only a JSON object whose keys are section names from the list and whose values are strings.`,
          },
        ],
      },
    );
  }
  return { sections: opts.fallback, engine: "offline", changed: [], failure, usage, attempts };
}
