/**
 * The app's door to the model (DESIGN.md §5: app/ is the only reader of env and config). Which model:
 * env `MEMDIR_LLM=<provider>[:<model>]` > config `llm` > `offline`. Keys come from the environment
 * only (`llm.apiKeyEnv`, else ANTHROPIC_API_KEY / OPENAI_API_KEY) and are never logged. Every provider
 * is wrapped in the guard: per-call and per-day token budgets and the circuit breaker, kept in
 * `~/.memdir/ledger.json` (llm/ledger).
 */
import { DEFAULT_MODELS, LLM_PROVIDERS, type LlmConfig, type LlmProviderName } from "../config/index.js";
import { MemdirError } from "../core/errors.js";
import { guardProvider } from "../llm/ledger/index.js";
import { createProvider } from "../llm/providers/index.js";
import type { LlmProvider } from "../llm/types.js";
import { scrub } from "../privacy/index.js";
import type { AppContext } from "./context.js";
import type { Env } from "./runtime.js";

export interface ResolvedLlm {
  provider: LlmProviderName;
  model: string;
  /** Where the choice came from. */
  source: "env" | "config" | "default";
}

const DEFAULT_KEY_ENV: Partial<Record<LlmProviderName, string>> = {
  anthropic: "ANTHROPIC_API_KEY",
  "openai-compatible": "OPENAI_API_KEY",
};

/**
 * The configured provider and model. `MEMDIR_LLM` is `<provider>` or `<provider>:<model>` (the model
 * may itself contain ":", e.g. `openai-compatible:qwen3:8b`).
 * @throws MemdirError BAD_CONFIG when MEMDIR_LLM names an unknown provider.
 */
export function resolveLlm(llm: LlmConfig, env: Env): ResolvedLlm {
  const raw = env.MEMDIR_LLM?.trim();
  if (raw) {
    const i = raw.indexOf(":");
    const provider = (i < 0 ? raw : raw.slice(0, i)) as LlmProviderName;
    if (!LLM_PROVIDERS.includes(provider)) {
      throw new MemdirError("BAD_CONFIG", `MEMDIR_LLM names an unknown provider`, {
        expected: `<provider>[:<model>] with provider one of ${LLM_PROVIDERS.join(", ")}, e.g. anthropic:claude-haiku-4-5`,
        received: JSON.stringify(raw.slice(0, 80)),
        hint: "fix or unset MEMDIR_LLM (the config key llm.provider is used when it is unset)",
      });
    }
    const model = i < 0 ? "" : raw.slice(i + 1);
    return { provider, model: model || DEFAULT_MODELS[provider], source: "env" };
  }
  const source = llm.provider === "offline" ? "default" : "config";
  return { provider: llm.provider, model: llm.model || DEFAULT_MODELS[llm.provider], source };
}

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
  if (resolved.provider === "offline") return { kind: "offline" };
  const keyEnv = config.llm.apiKeyEnv ?? DEFAULT_KEY_ENV[resolved.provider];
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
  const provider = guardProvider(raw, {
    ledgerFile: paths.ledgerFile,
    maxTokensPerDay: config.llm.maxTokensPerDay,
    maxInputTokensPerCall: config.llm.maxInputTokensPerCall,
    maxOutputTokensPerCall: config.llm.maxOutputTokensPerCall,
    now: () => rt.now(),
    scrub,
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
