/**
 * L2 store: the memory dir (DESIGN.md §3.1). Topic files in three frontmatter forms, the scan,
 * upsert with near-duplicate merging, MEMORY.md with its write-time budget and load-time cut.
 * All sync. `load.ts` and `memory-md.ts` do not import `yaml`: a hook that only needs
 * `loadIndexForPrompt` may import `store/load.js` directly.
 */

export {
  checkSnapshot,
  hasMemory,
  initializeFromSnapshot,
  listSnapshots,
  memoryFiles as snapshotFiles,
  publishSnapshot,
  readSnapshotTime,
  readSyncedFrom,
  recordSnapshotSynced,
  SNAPSHOT_FILE,
  SNAPSHOT_SYNCED_FILE,
  type SnapshotAction,
  type SnapshotCheck,
} from "./agent-snapshot.js";
export * from "./daily-log/index.js";
export * from "./history/index.js";
export {
  deleteMemory,
  rebuildIndex,
  STORE_LOCK_FILE,
  type StoreWriteOptions,
  withStoreLock,
} from "./index-write.js";
export { cutIndexForPrompt, type LoadedIndex, loadIndexForPrompt } from "./load.js";
export {
  collapsedLine,
  formatIndexLine,
  INDEX_FILE,
  INDEX_HEADER,
  INDEX_LINE_MAX,
  INDEX_MAX_BYTES,
  INDEX_MAX_LINES,
  type IndexLine,
  type IndexPlan,
  type IndexTopic,
  parseIndexLine,
  planIndex,
} from "./memory-md.js";
export {
  deleteMemoryIfUnchanged,
  type ReplaceOptions,
  type ReplaceResult,
  replaceMemory,
  topicHash,
} from "./replace.js";
export {
  listTopicFiles,
  readHead,
  SCAN_HEAD_BYTES,
  SCAN_MAX_FILES,
  SCAN_MAX_LINES,
  scanTopics,
} from "./scan.js";
export {
  containsFact,
  contentWords,
  findNearDuplicate,
  jaccard,
  MERGE_THRESHOLD,
  overlap,
  similarity,
} from "./similarity.js";
export { readTeamConfig, TEAM_CONFIG_FILE, type TeamConfig, teamDirOf, teamLink } from "./team-dir.js";
export { DEFAULT_NODE_TYPE, parseTopic, readTopic, serializeTopic, validateType } from "./topic.js";
export * from "./types.js";
export { MAX_SOURCES, upsertMemory } from "./upsert.js";
