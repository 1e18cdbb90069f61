/**
 * The session memory file (Claude Code 2.1.88 `SessionMemory/prompts.ts`): exactly ten sections
 * in a fixed order, each within 2,000 tokens, the whole file within 12,000 (core/tokens estimates).
 * Lives at `<stateRoot>/summaries/<session-id>.md` (DESIGN.md §3.2).
 */

/** The ten section headings, in file order. */
export const SECTION_NAMES = [
  "Session Title",
  "Current State",
  "Task specification",
  "Files and Functions",
  "Workflow",
  "Errors & Corrections",
  "Codebase and System Documentation",
  "Learnings",
  "Key results",
  "Worklog",
] as const;

export type SectionName = (typeof SECTION_NAMES)[number];

/** Section name → its Markdown text (without the heading). "" = nothing yet. */
export type SummarySections = Record<SectionName, string>;

/** Per-section cap, tokens (Claude Code's MAX_SECTION_LENGTH). */
export const SECTION_MAX_TOKENS = 2_000;
/** Cap of the whole file (frontmatter and headings included), tokens. */
export const TOTAL_MAX_TOKENS = 12_000;

/**
 * Over the total budget, sections are compressed in this order, least important first (memdir's choice;
 * Claude Code's prompt only says "the least important parts"): the worklog and background documentation go
 * first, what the next context needs to carry on (state, task, corrections, title) goes last.
 */
export const COMPRESSION_ORDER: readonly SectionName[] = [
  "Worklog",
  "Codebase and System Documentation",
  "Learnings",
  "Workflow",
  "Files and Functions",
  "Key results",
  "Errors & Corrections",
  "Task specification",
  "Current State",
  "Session Title",
];

/** Most important first: the order of the SessionStart injection (the reverse of COMPRESSION_ORDER). */
export const IMPORTANCE_ORDER: readonly SectionName[] = [...COMPRESSION_ORDER].reverse();

/** Smallest size (tokens) compression takes a section down to; they add up to well under the total. */
export const SECTION_FLOOR_TOKENS: Readonly<Record<SectionName, number>> = {
  "Session Title": 100,
  "Current State": 600,
  "Task specification": 600,
  "Files and Functions": 400,
  Workflow: 300,
  "Errors & Corrections": 500,
  "Codebase and System Documentation": 200,
  Learnings: 300,
  "Key results": 400,
  Worklog: 400,
};

/**
 * Sections whose list items are chronological: shrinking drops the OLDEST items (the newest worklog
 * lines, errors and results stay). The other sections are ranked, most relevant first: shrinking drops
 * from the bottom.
 */
export const CHRONOLOGICAL: ReadonlySet<SectionName> = new Set<SectionName>([
  "Worklog",
  "Errors & Corrections",
  "Key results",
  "Learnings",
  "Task specification",
]);

/** Bookkeeping kept in the frontmatter. */
export interface SummaryMeta {
  sessionId: string;
  /** ISO 8601 UTC time of the last update. */
  updated: string;
  /** Who wrote the sections: "offline" or "<provider>:<model>". */
  engine: string;
  /** Context size (tokens) the harness saw at the last update. */
  contextTokens: number;
  /** Main-chain tool calls in the transcript up to the last update. */
  toolCalls: number;
  /** Updates so far (1 after the first). */
  updates: number;
  /** Byte offset in the transcript up to which the last update read (after the last complete line). */
  transcriptOffset: number;
}

export interface SessionSummary {
  meta: SummaryMeta;
  sections: SummarySections;
}

/** Ten empty sections. */
export function emptySections(): SummarySections {
  const s = {} as SummarySections;
  for (const n of SECTION_NAMES) s[n] = "";
  return s;
}

/** True when `name` is one of the ten section names (exact spelling). */
export function isSectionName(name: string): name is SectionName {
  return (SECTION_NAMES as readonly string[]).includes(name);
}
