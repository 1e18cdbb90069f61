/**
 * L1 paths: where memdir reads and writes (DESIGN.md §3). Memory dir and Claude-Code-compatible
 * project key (§3.1), canonical git root without spawning git, the `.memdir/` state root (§3.2),
 * user-level dirs (§3.3), and branded session-scoped `ReadPath` / `WritePath`. Sync and cheap: hooks
 * call it on every event.
 */

export {
  AGENT_MEMORY_SCOPES,
  type AgentMemoryScope,
  agentDirRefusal,
  agentMemoryBase,
  agentMemoryDir,
  agentSnapshotBase,
  agentSnapshotDir,
  isAgentMemoryScope,
  sanitizeAgentName,
} from "./agent-memory.js";
export { claimMemoryDir, PROJECT_CLAIM_FILE } from "./claim.js";
export {
  assertContained,
  type ContainmentProblem,
  containmentLine,
  containmentProblems,
} from "./containment.js";
export { canonicalGitRoot, findGitRoot, type GitRootInfo } from "./git-root.js";
export { claudeConfigDir, type Env, envPath, homeDir, memdirHome, userMemoryDir } from "./home.js";
export {
  expandAutoMemoryDirectory,
  type MemoryDirOptions,
  type MemoryDirSource,
  type ResolvedMemoryDir,
  resolveMemoryDir,
  resolveMemoryDirDetailed,
} from "./memory-dir.js";
export { javaStringHash, MAX_KEY_CHARS, matchesProjectKey, projectKey } from "./project-key.js";
export { type ProjectPaths, relocatedStateRoot, resolveProjectPaths, statePaths } from "./project-paths.js";
export {
  type ReadPath,
  readStateJson,
  type SessionStatePaths,
  sessionStatePaths,
  type WritePath,
} from "./session-state.js";
export {
  gitTrackedUnder,
  ownershipFile,
  recordOwnStateRoot,
  type StateOwnership,
  stateOwnership,
} from "./state-owner.js";
export {
  ensureStateRoot,
  findWorkspaceMarker,
  resolveStateRoot,
  STATE_DIR_NAME,
  STATE_GITIGNORE,
  type StateRootOptions,
  WORKSPACE_MARKER,
} from "./state-root.js";
export { assertCwd, assertPathSegment } from "./validate.js";
