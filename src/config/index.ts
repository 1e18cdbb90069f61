/**
 * L1 config: the user config `<memdirHome>/config.json` (DESIGN.md §3.3). Importing this module loads
 * no zod: `loadUserConfig` imports it lazily, `loadUserConfigSync` (hooks) never does.
 */
export { loadUserConfig, loadUserConfigSync, userConfigPath } from "./load.js";
export {
  CONFIG_FILE_NAME,
  CONFIG_KEYS,
  DEFAULT_CONFIG,
  DEFAULT_MODELS,
  KNOWN_KEYS,
  LLM_PROVIDERS,
  type LlmConfig,
  type LlmProviderName,
  type UserConfig,
  type UserConfigInput,
  withDefaults,
} from "./types.js";
export { MODEL_ID, validateConfigByHand } from "./validate.js";
