/**
 * The dream plan: what a consolidation wants to change, computed before anything
 * is written (offline planner or the model's staged operations), printed by `memdir dream --dry-run
 * [--json]`, then applied by `applyDreamPlan`, which re-reads every file and compares it with the
 * hash in `seen` (a file changed since is merged again or left for the next dream, never overwritten).
 * Plain JSON: no functions, no Dates, no Maps (it is printed and may be saved).
 */

/** prune: delete stale, duplicate and contradicted entries; reflect: synthesize scattered fragments into structured topic files (Claude Code 2.1.100 dream prompts). */
export type DreamMode = "prune" | "reflect";
export const DREAM_MODES: readonly DreamMode[] = ["prune", "reflect"];

/** Which memory dir a planned file lives in (DESIGN.md §3.1 project memory dir, §3.3 user memory dir). */
export type DreamScope = "project" | "user";

/** A topic file of one scope: `file` is a plain `<name>.md` name in that scope's memory dir. */
export interface PlannedFile {
  scope: DreamScope;
  file: string;
}

/** Several topic files become one: `into` gets `content` (a whole topic file), every `from` file is deleted. */
export interface DreamMerge extends PlannedFile {
  /** Files folded into `file` (deleted after `file` is written); never includes `file`. */
  from: string[];
  /** The new whole text of `file` (frontmatter + body); provenance (`metadata.sources`) of all kept. */
  content: string;
  kind: "duplicate" | "reflect";
  reason: string;
}

/** One topic file rewritten in place. */
export interface DreamRewrite extends PlannedFile {
  /** The new whole text of the file. */
  content: string;
  /** dates: relative dates made absolute; contradiction: the newer side, recording the superseded one; distill: daily-log entries merged in; fix: anything else. */
  kind: "dates" | "contradiction" | "distill" | "fix";
  reason: string;
}

/** A new topic file (reflect synthesis, daily-log distillation, detail moved out of MEMORY.md). */
export interface DreamCreate extends PlannedFile {
  content: string;
  kind: "reflect" | "distill" | "index-overflow";
  reason: string;
}

/** A topic file removed. */
export interface DreamDeletion extends PlannedFile {
  kind: "duplicate" | "contradicted" | "stale";
  reason: string;
}

/** MEMORY.md of one scope brought back within budget (200 lines / 25,000 bytes, DESIGN.md §3.1). */
export interface DreamIndexChange {
  scope: DreamScope;
  before: { lines: number; bytes: number };
  after: { lines: number; bytes: number };
  /** The new whole MEMORY.md text. */
  text: string;
  reason: string;
}

export interface DreamPlan {
  version: 1;
  mode: DreamMode;
  engine: "offline" | "model";
  /** ISO-8601 UTC time the plan was made. */
  createdAt: string;
  /** Absolute memory dirs the plan refers to. */
  roots: { project: string; user?: string };
  /**
   * `topicHash` (store) of every file the plan read and wants to change, keyed `<scope>/<file>`
   * (`project/MEMORY.md` for the index); null = it did not exist.
   */
  seen: Record<string, string | null>;
  merges: DreamMerge[];
  rewrites: DreamRewrite[];
  creates: DreamCreate[];
  deletions: DreamDeletion[];
  index: DreamIndexChange[];
  /** Daily logs read by the gather phase (paths relative to the project memory dir) and how far, in bytes. */
  logs: { file: string; bytes: number }[];
  /** Sessions the gather phase looked at (substantive ones only) and those it skipped. */
  sessions: { used: string[]; skipped: string[] };
  /** Free-text notes for the report (e.g. a contradiction left alone because both sides are equally new). */
  notes: string[];
}

/** The key of `seen` for a planned file. */
export const seenKey = (scope: DreamScope, file: string): string => `${scope}/${file}`;

/** True when the plan changes nothing. */
export function isEmptyPlan(p: DreamPlan): boolean {
  return (
    p.merges.length + p.rewrites.length + p.creates.length + p.deletions.length + p.index.length === 0 &&
    p.logs.length === 0
  );
}
