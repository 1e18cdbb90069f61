/**
 * L4 jobs/sandbox: the sandboxed memory tools of model-driven extraction and consolidation, and
 * the apply step of their staged operations. Imports core, privacy, store, llm/types.
 */
export { applyStagedOps } from "./apply.js";
export { resolveMemoryPath } from "./paths.js";
export { isProtectedName, resolveProjectPath } from "./project-paths.js";
export { GREP_MAX_FILES, GREP_MAX_MATCHES, MAX_PROJECT_FILE_BYTES } from "./project-tools.js";
export { createMemorySandbox, DEFAULT_MAX_READ_CHARS } from "./sandbox.js";
export { checkTopicText, MAX_WRITE_BYTES, TOPIC_SHAPE } from "./topic-check.js";
export type {
  AgentTool,
  AppliedOp,
  ApplyOptions,
  MemorySandbox,
  MemoryScope,
  SandboxOptions,
  SandboxRoots,
  StagedOp,
  ToolOutcome,
} from "./types.js";
