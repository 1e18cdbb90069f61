/**
 * The app's door to the model (DESIGN.md §5: app/ is the only reader of env and config). Which model:
 * env `MEMDIR_LLM=<provider>[:<model>]` > config `llm` > `offline`. Keys come from the environment
 * only (`llm.apiKeyEnv`, else ANTHROPIC_API_KEY / OPENAI_API_KEY) and are never logged. Every provider
 * is wrapped in the guard: per-call and per-day token budgets and the circuit breaker, kept in
 * `~/.memdir/ledger.json` (llm/ledger); inside it, every request is scrubbed (model/scrub.ts).
 */
import { guardProvider } from "../../llm/ledger/index.js";
import { createProvider } from "../../llm/providers/index.js";
import type { LlmProvider } from "../../llm/types.js";
import { scrub } from "../../privacy/index.js";
import type { AppContext } from "../context.js";
import { keyEnvFor, llmFingerprint, type ResolvedLlm, resolveLlm } from "./choice.js";
import { scrubbingProvider } from "./scrub.js";

export { type ResolvedLlm, resolveLlm } from "./choice.js";

export type ModelChoice =
  | { kind: "offline" }
  | {
      kind: "model";
      provider: LlmProvider;
      resolved: ResolvedLlm;
      maxInputTokens: number;
      maxOutputTokens: number;
    }
  /** A model is configured but cannot be used (no key): the job runs offline and records why. */
  | { kind: "unavailable"; resolved: ResolvedLlm; reason: string };

/**
 * Builds the guarded provider for background jobs, or says why there is none.
 * @throws MemdirError BAD_CONFIG (MEMDIR_LLM).
 */
export function openModel(ctx: AppContext): ModelChoice {
  const { config, rt, paths } = ctx;
  const resolved = resolveLlm(config.llm, rt.env);
  // A day budget of 0 means "never call a model": offline, with no failure to report every turn.
  if (resolved.provider === "offline" || config.llm.maxTokensPerDay === 0) return { kind: "offline" };
  const keyEnv = keyEnvFor(config.llm, resolved.provider);
  const apiKey = keyEnv ? rt.env[keyEnv] : undefined;
  if (resolved.provider === "anthropic" && !apiKey) {
    return {
      kind: "unavailable",
      resolved,
      reason: `no API key: set ${keyEnv} in the environment of Claude Code (memdir never reads keys from files)`,
    };
  }
  const raw = createProvider({
    provider: resolved.provider,
    model: resolved.model,
    baseUrl: config.llm.baseUrl,
    apiKey,
    claudePath: config.llm.claudePath,
    env: rt.env,
    timeoutMs: config.llm.timeoutMs,
  });
  // Scrubbed inside the guard: budgets count the bytes that are really sent.
  const provider = guardProvider(scrubbingProvider(raw), {
    ledgerFile: paths.ledgerFile,
    maxTokensPerDay: config.llm.maxTokensPerDay,
    maxInputTokensPerCall: config.llm.maxInputTokensPerCall,
    maxOutputTokensPerCall: config.llm.maxOutputTokensPerCall,
    now: () => rt.now(),
    scrub,
    fingerprint: llmFingerprint(config.llm, rt.env, resolved),
    onEvent: (kind, data) => ctx.event(kind, { provider: resolved.provider, model: resolved.model, ...data }),
  });
  return {
    kind: "model",
    provider,
    resolved,
    maxInputTokens: config.llm.maxInputTokensPerCall,
    maxOutputTokens: config.llm.maxOutputTokensPerCall,
  };
}
