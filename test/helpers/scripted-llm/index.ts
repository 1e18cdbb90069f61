/** Scripted LLM wire-protocol servers and a stand-in `claude` CLI, for provider and extraction tests. */
export { startAnthropicServer } from "./anthropic.js";
export {
  type FakeClaude,
  type FakeClaudeCall,
  type FakeClaudeReply,
  installFakeClaude,
} from "./fake-claude.js";
export type { RecordedRequest, ScriptedReply, ScriptedServer, ScriptedToolCall } from "./http.js";
export { startOpenAIServer } from "./openai.js";
