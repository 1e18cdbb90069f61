/**
 * Which model the app uses, without loading any provider (SessionStart and status read it): env
 * `MEMDIR_LLM=<provider>[:<model>]` > config `llm` > `offline`, and the breaker fingerprint of that
 * choice. Keys come from the environment only (`llm.apiKeyEnv`, else ANTHROPIC_API_KEY / OPENAI_API_KEY).
 */

import {
  DEFAULT_MODELS,
  LLM_PROVIDERS,
  type LlmConfig,
  type LlmProviderName,
  MODEL_ID,
} from "../../config/index.js";
import { MemdirError } from "../../core/errors.js";
import { fnv1a32 } from "../../core/text.js";
import { containsSecret } from "../../privacy/index.js";
import type { Env } from "../runtime.js";

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
    if (model !== "" && !MODEL_ID.test(model)) {
      throw new MemdirError("BAD_CONFIG", "MEMDIR_LLM names an invalid model id", {
        expected:
          "a model id of letters, digits and ._:/@+- not starting with -, e.g. anthropic:claude-haiku-4-5",
        received: `${model.length} characters starting with ${JSON.stringify(model.slice(0, 1))} (not shown: it may be a pasted key)`,
        hint: "fix or unset MEMDIR_LLM",
      });
    }
    return { provider, model: notAKey(model, "MEMDIR_LLM") || DEFAULT_MODELS[provider], source: "env" };
  }
  const source = llm.provider === "offline" ? "default" : "config";
  return {
    provider: llm.provider,
    model: notAKey(llm.model, "llm.model") || DEFAULT_MODELS[llm.provider],
    source,
  };
}

/**
 * A model id that looks like a credential (a key pasted into the wrong place) is refused before it
 * can be sent to an endpoint, stored in the ledger's breaker fingerprint or shown anywhere.
 * @throws MemdirError BAD_CONFIG naming where it came from (the value is not shown)
 */
function notAKey(model: string, where: string): string {
  if (model === "" || !containsSecret(model)) return model;
  throw new MemdirError("BAD_CONFIG", `${where} holds what looks like an API key, not a model id`, {
    expected:
      "a model id such as claude-haiku-4-5 (keys go in the environment: ANTHROPIC_API_KEY, llm.apiKeyEnv)",
    received: `${model.length} characters that match a secret pattern (not shown)`,
    hint: `fix ${where}; if a key was pasted there, rotate it`,
  });
}

/** The env variable holding the key for `provider` (config `llm.apiKeyEnv` first). */
export function keyEnvFor(llm: LlmConfig, provider: LlmProviderName): string | undefined {
  return llm.apiKeyEnv ?? DEFAULT_KEY_ENV[provider];
}

/**
 * Identifies the model set-up a circuit breaker was tripped under: provider, model, endpoint, key
 * variable and a short hash of the key. When the user changes any of them (a new key after an auth
 * error, another provider), the old breaker no longer applies (llm/ledger `isForeignBreaker`).
 */
export function llmFingerprint(llm: LlmConfig, env: Env, r: ResolvedLlm = resolveLlm(llm, env)): string {
  const keyEnv = keyEnvFor(llm, r.provider);
  const key = keyEnv ? env[keyEnv] : undefined;
  return [
    r.provider,
    r.model,
    llm.baseUrl ?? "",
    keyEnv ?? "",
    // 32 bits of the key: enough to tell two keys apart, too short to say anything about one.
    key ? fnv1a32(key) : "",
  ].join("|");
}
