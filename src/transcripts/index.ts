/**
 * L2 transcripts: the harness-neutral conversation model and small helpers.
 * Adapters (`adapters/<harness>/transcript.ts`) produce it; extraction, replay and session memory read it.
 */
export {
  allToolCalls,
  countToolCalls,
  lastAssistantText,
  settledOffset,
  toolCallsByName,
  userPrompts,
} from "./helpers.js";
export { withoutPrivateEchoes } from "./private-echo.js";
export type {
  CompactionBoundary,
  ConversationMessage,
  MessageKind,
  ToolCall,
  TranscriptSlice,
} from "./types.js";
