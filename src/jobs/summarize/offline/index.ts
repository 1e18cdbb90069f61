/**
 * The offline session-memory engine: deterministic and extractive (no model). Builds the ten sections
 * from the whole conversation (the section template of Claude Code's session memory):
 * title and task from the first prompts and the compaction summaries; files and functions from the
 * Read/Edit/Write calls; workflow from the commands run; errors and corrections from failed tool
 * results and user corrections; key results from commits, pushes, PRs, test tallies and result-reporting
 * replies; the worklog one line per turn; the current state from the last turns. Every text is scrubbed
 * (privacy `scrub`) before it is cut. Pure; the result is NOT yet fitted to the budget (see budget.ts).
 */
import type { ConversationMessage } from "../../../transcripts/types.js";
import type { SummarySections } from "../sections.js";
import { errorsSection, filesSection, resultsSection, workflowSection } from "./activity.js";
import {
  codebaseSection,
  currentStateSection,
  learningsSection,
  taskSection,
  titleSection,
  worklogSection,
} from "./narrative.js";
import { type CompactKey, compactSections, groupTurns, type Turn } from "./turns.js";

export interface OfflineOptions {
  /** The session's working directory: file paths inside it are shown relative to it. */
  cwd?: string;
}

/** The ten sections from `messages` (the whole session, in order; sidechain messages are ignored). */
export function buildOfflineSections(
  messages: readonly ConversationMessage[],
  opts: OfflineOptions = {},
): SummarySections {
  const turns = groupTurns(messages);
  const cache = new WeakMap<Turn, Map<CompactKey, string>>();
  const compact = (t: Turn) => {
    let m = cache.get(t);
    if (!m) {
      m = t.compact ? compactSections(t.compact.text) : new Map<CompactKey, string>();
      cache.set(t, m);
    }
    return m;
  };
  return {
    "Session Title": titleSection(turns, compact),
    "Current State": currentStateSection(turns, opts.cwd, compact),
    "Task specification": taskSection(turns, compact),
    "Files and Functions": filesSection(turns, opts.cwd),
    Workflow: workflowSection(turns),
    "Errors & Corrections": errorsSection(turns, opts.cwd, compact),
    "Codebase and System Documentation": codebaseSection(turns, opts.cwd, compact),
    Learnings: learningsSection(turns, compact),
    "Key results": resultsSection(turns),
    Worklog: worklogSection(turns, opts.cwd),
  };
}

export { groupTurns, type Turn } from "./turns.js";
