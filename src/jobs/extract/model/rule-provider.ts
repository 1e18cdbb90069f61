/**
 * The offline rule engine behind the provider interface (issue 4 point 1: `offline` is "the rule
 * engine from the first issue behind the same interface"). It answers an extraction request the way a
 * model would: first turn, one `memory_write` per memory the engine plans; next turn, the final
 * answer. So the same loop, sandbox and staged apply run with no model at all (library users and the
 * conformance suite drive it like any provider). The extraction job calls the engine directly when no
 * model is configured: that path also keeps project facts, which no memory tool expresses.
 */
import { serializeFrontmatter } from "../../../core/frontmatter.js";
import { offlineProvider } from "../../../llm/providers/index.js";
import type { LlmProvider, LlmResponse } from "../../../llm/types.js";
import { safeSlug } from "../../../privacy/index.js";
import type { ConversationMessage } from "../../../transcripts/types.js";
import { type PlannedMemory, planExtraction } from "../engine/index.js";

const usage = { inputTokens: 0, outputTokens: 0 };
const final = (status: "saved" | "nothing", note: string): LlmResponse => ({
  content: [{ type: "text", text: JSON.stringify({ status, note }) }],
  stopReason: "end_turn",
  usage,
  model: "rules",
});

/** The sandbox path and topic text of a planned memory (`user/<slug>.md` for the user type). */
export function plannedTopicFile(m: PlannedMemory): { file: string; content: string } {
  const name = safeSlug(m.name ?? `${m.type}-${m.description}`, 60) || `${m.type}-memory`;
  const content = serializeFrontmatter({ name, description: m.description, type: m.type }, m.body);
  return { file: `${m.type === "user" ? "user/" : ""}${name}.md`, content };
}

/**
 * A provider that extracts `messages` with the rule engine. The request's own text is not parsed:
 * the engine reads the same messages the request was rendered from.
 */
export function ruleEngineProvider(
  messages: readonly ConversationMessage[],
  ctx: { sessionId: string; nowMs: number },
): LlmProvider {
  return offlineProvider((req) => {
    const answered = req.messages.some((m) => m.content.some((b) => b.type === "tool_result"));
    if (answered) return final("saved", "rule engine: memories written");
    const plan = planExtraction([...messages], ctx);
    if (plan.memories.length === 0) return final("nothing", "rule engine: nothing to save");
    return {
      content: plan.memories.map((m, i) => ({
        type: "tool_use" as const,
        id: `rules_${i}`,
        name: "memory_write",
        input: plannedTopicFile(m),
      })),
      stopReason: "tool_use",
      usage,
      model: "rules",
    };
  }, "rules");
}
