/**
 * Every model request body scrubbed at the door: the system prompt, every text block, tool result and
 * tool_use input string (an agent loop sends the model's own earlier tool calls back) goes through
 * privacy `scrub` before the provider serialises it. Job code scrubs what it renders already; this is
 * the one place no request can bypass.
 */
import type { LlmBlock, LlmProvider, LlmRequest } from "../../llm/types.js";
import { scrub } from "../../privacy/index.js";

function scrubValue(v: unknown): unknown {
  if (typeof v === "string") return scrub(v);
  if (Array.isArray(v)) return v.map(scrubValue);
  if (v && typeof v === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = scrubValue(x);
    return o;
  }
  return v;
}

function scrubBlock(b: LlmBlock): LlmBlock {
  switch (b.type) {
    case "text":
      return { ...b, text: scrub(b.text) };
    case "tool_result":
      return { ...b, content: scrub(b.content) };
    case "tool_use":
      return { ...b, input: scrubValue(b.input) as Record<string, unknown> };
  }
}

/** `provider` with every request scrubbed (module doc); responses pass through unchanged. */
export function scrubbingProvider(provider: LlmProvider): LlmProvider {
  return {
    id: provider.id,
    model: provider.model,
    complete: (req: LlmRequest) =>
      provider.complete({
        ...req,
        system: scrub(req.system),
        messages: req.messages.map((m) => ({ ...m, content: m.content.map(scrubBlock) })),
      }),
  };
}
