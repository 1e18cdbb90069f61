/**
 * Applying an extraction plan (DESIGN.md §4 "Extraction job"): `user` memories go to the user-scope
 * memory dir (injected in every project, DESIGN.md §3.3), other types to the project's memory dir,
 * facts to `project-memory.json`. Each write is the store's locked, atomic upsert, which merges into
 * a near-duplicate instead of creating one, so re-applying the same plan changes nothing.
 */
import { addProjectFacts } from "../../project/index.js";
import { type UpsertResult, upsertMemory } from "../../store/index.js";
import type { ExtractionPlan } from "./engine/index.js";

/** Where an extraction writes. All absolute paths. */
export interface ExtractionTarget {
  /** The project's memory dir (DESIGN.md §3.1). */
  memoryDir: string;
  /** `~/.memdir/user-memory` (user scope). */
  userMemoryDir: string;
  /** `.memdir/project-memory.json`. */
  projectMemoryFile: string;
  /** The project root the project memory describes. */
  projectRoot: string;
}

export interface ApplyResult {
  /** One store result per planned memory, in plan order (`created`, `merged` or `unchanged`). */
  written: UpsertResult[];
  /** Number of facts handed to the project memory (0 when the plan has none). */
  factsAdded: number;
}

/**
 * Writes `plan` durably (every write is fsynced and renamed before this returns).
 * @param nowMs time of the writes, ms since the epoch (`metadata.updated`, fact timestamps)
 * @throws whatever the store or project memory throws (MemdirError LOCK_TIMEOUT, BAD_INPUT, fs
 *   errors); memories written before the failure stay written, and re-running is idempotent.
 */
export function applyExtraction(plan: ExtractionPlan, target: ExtractionTarget, nowMs: number): ApplyResult {
  const written: UpsertResult[] = [];
  for (const { rule: _rule, ...draft } of plan.memories) {
    const dir = draft.type === "user" ? target.userMemoryDir : target.memoryDir;
    written.push(upsertMemory(dir, draft, { nowMs }));
  }
  let factsAdded = 0;
  if (plan.projectFacts.length > 0) {
    addProjectFacts(target.projectMemoryFile, target.projectRoot, plan.projectFacts, nowMs);
    factsAdded = plan.projectFacts.length;
  }
  return { written, factsAdded };
}
