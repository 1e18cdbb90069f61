/**
 * Applying an extraction plan (DESIGN.md §4 "Extraction job"): `user` memories go to the user-scope
 * memory dir (injected in every project, DESIGN.md §3.3), other types to the project's memory dir,
 * facts to `project-memory.json`. Each write is the store's locked, atomic upsert, which merges into
 * a near-duplicate instead of creating one, so re-applying the same plan changes nothing.
 */
import { addProjectFacts } from "../../project/index.js";
import { type Journal, type UpsertResult, upsertMemory } from "../../store/index.js";
import { logDrafts } from "./daily-log.js";
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
  /**
   * Record every memory-dir write in this change set (store/history; `memdir undo`). Carried by the
   * target so it reaches every apply of a run (offline engine, model fallback) unchanged.
   */
  journal?: Journal;
  /**
   * KAIROS mode (config `kairos`): memories are appended to today's daily log of
   * `memoryDir` instead of being written as topic files; the dream distills them later.
   */
  kairos?: boolean;
  /** IANA time zone whose calendar day a daily-log entry is filed under (default "UTC"). */
  timeZone?: string;
}

export interface ApplyResult {
  /** One store result per planned memory, in plan order (`created`, `merged` or `unchanged`). */
  written: UpsertResult[];
  /** Number of facts handed to the project memory (0 when the plan has none). */
  factsAdded: number;
  /** KAIROS mode: memories appended to the daily log (then `written` is empty). */
  logged?: { path: string; appended: number };
}

/**
 * Writes `plan` durably (every write is fsynced and renamed before this returns).
 * @param nowMs time of the writes, ms since the epoch (`metadata.updated`, fact timestamps)
 * @param opts.saidAtMs KAIROS mode: when the slice was said (ms), the daily-log entry's time and day
 *   (default `nowMs`)
 * @param opts.journal record the memory-dir writes in this change set (default `target.journal`);
 *   the project memory file is not a memory-dir file and is never recorded.
 * @throws whatever the store or project memory throws (MemdirError LOCK_TIMEOUT, BAD_INPUT, fs
 *   errors); memories written before the failure stay written, and re-running is idempotent.
 */
export function applyExtraction(
  plan: ExtractionPlan,
  target: ExtractionTarget,
  nowMs: number,
  opts: { journal?: Journal; saidAtMs?: number } = {},
): ApplyResult {
  const journal = opts.journal ?? target.journal;
  const written: UpsertResult[] = [];
  let logged: ApplyResult["logged"];
  if (target.kairos && plan.memories.length > 0) {
    const drafts = plan.memories.map(({ rule: _rule, ...draft }) => draft);
    // Stamped (and filed under the day) when it was said, not when the job ran.
    logged = logDrafts(target.memoryDir, drafts, {
      nowMs: opts.saidAtMs ?? nowMs,
      ...(target.timeZone ? { timeZone: target.timeZone } : {}),
      ...(journal ? { journal } : {}),
    });
  }
  for (const { rule: _rule, ...draft } of target.kairos ? [] : plan.memories) {
    const dir = draft.type === "user" ? target.userMemoryDir : target.memoryDir;
    written.push(upsertMemory(dir, draft, journal ? { nowMs, journal } : { nowMs }));
  }
  let factsAdded = 0;
  if (plan.projectFacts.length > 0) {
    addProjectFacts(target.projectMemoryFile, target.projectRoot, plan.projectFacts, nowMs);
    factsAdded = plan.projectFacts.length;
  }
  return logged ? { written, factsAdded, logged } : { written, factsAdded };
}
