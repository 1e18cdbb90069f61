/** Builds the provider a spec names (config `llm.provider`, or `MEMDIR_LLM=<provider>:<model>`). */
import { MemdirError } from "../../core/errors.js";
import { type LlmProvider, PROVIDER_IDS } from "../types.js";
import { anthropicProvider } from "./anthropic.js";
import { claudeCliProvider } from "./claude-cli.js";
import type { ProviderSpec } from "./common.js";
import { offlineProvider } from "./offline.js";
import { openAICompatibleProvider } from "./openai-compatible.js";

/**
 * The provider for `spec`. Nothing is loaded or contacted here: the SDKs are imported on the first
 * call. Throws MemdirError BAD_CONFIG for an unknown provider id, a non-positive `timeoutMs`, or
 * `offline` without `spec.offline` (a responder). A missing API key is not an error here: the
 * anthropic call fails with LlmError `auth`, so the breaker sees it.
 */
export function createProvider(spec: ProviderSpec): LlmProvider {
  if (!Number.isFinite(spec.timeoutMs) || spec.timeoutMs <= 0)
    throw new MemdirError("BAD_CONFIG", "the LLM call timeout is not a positive number", {
      expected: "timeoutMs > 0 (milliseconds)",
      received: String(spec.timeoutMs),
      hint: "set llm.timeoutMs to a positive number of milliseconds",
    });
  switch (spec.provider) {
    case "anthropic":
      return anthropicProvider(spec);
    case "openai-compatible":
      return openAICompatibleProvider(spec);
    case "claude-cli":
      return claudeCliProvider(spec);
    case "offline":
      if (!spec.offline)
        throw new MemdirError("BAD_CONFIG", "the offline provider needs a responder", {
          expected: "spec.offline: a function (request) => response (the rule engine in jobs/)",
          received: "no responder",
          hint: "pass the rule-engine responder when building the offline provider",
        });
      return offlineProvider(spec.offline, spec.model || "rules");
    default:
      throw new MemdirError("BAD_CONFIG", "unknown LLM provider", {
        expected: `llm.provider one of ${PROVIDER_IDS.join(", ")}`,
        received: JSON.stringify(String(spec.provider)).slice(0, 80),
        hint: "fix llm.provider (or MEMDIR_LLM=<provider>:<model>)",
      });
  }
}
