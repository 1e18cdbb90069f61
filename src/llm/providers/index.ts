/** The four LLM providers behind one interface (llm/types.ts) and the factory. */
export { anthropicProvider, fromAnthropicReply, toAnthropicBody } from "./anthropic.js";
export { claudeCliArgs, claudeCliEnv, claudeCliProvider, KILL_GRACE_MS } from "./claude-cli.js";
export {
  classifyCliFailure,
  cliSystemPrompt,
  parseCliReply,
  renderConversation,
} from "./claude-cli-protocol.js";
export type { OfflineResponder, ProviderSpec } from "./common.js";
export { createProvider } from "./create.js";
export { kindForStatus, mapSdkError, parseRetryAfter, redact } from "./http-errors.js";
export { offlineProvider } from "./offline.js";
export {
  fromOpenAIReply,
  NO_KEY_PLACEHOLDER,
  openAICompatibleProvider,
  toOpenAIBody,
} from "./openai-compatible.js";
