export { type DocParser, deleteDocsOf, insertDocs, readRows } from "./apply.js";
export { discoverFiles, ownsRow, type SourceRoots } from "./discover.js";
export { isEmptyPlan, needsContent, planSync } from "./plan.js";
export { type SyncReport, syncSearchDb } from "./sync.js";
export * from "./types.js";
