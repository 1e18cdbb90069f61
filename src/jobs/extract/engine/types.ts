/** Types of the offline extraction engine (DESIGN.md §2 layer 2, §4 "Extraction job"). */
import type { MemoryDraft } from "../../../store/types.js";

/** Names of the rules, so `skipped` and provenance can say which fired (or refused). */
export type RuleName =
  | "explicit"
  | "feedback-imperative"
  | "feedback-correction"
  | "correction"
  | "feedback-preference"
  | "feedback-ko"
  | "feedback-list"
  | "user-statement"
  | "user-ko"
  | "reference-pointer"
  | "project-fact"
  | "project-statement";

/** A memory the engine wants stored: a MemoryDraft plus the rule that produced it. */
export interface PlannedMemory extends MemoryDraft {
  /** Which rule fired (provenance; not written to disk by `applyExtraction`). */
  rule: RuleName;
}

/** The pure result of `planExtraction`: what to write, and why the rest was left alone. */
export interface ExtractionPlan {
  /** Typed memories in transcript order, deduplicated (sources merged). */
  memories: PlannedMemory[];
  /** Project facts for `project-memory.json` (never topic files), deduplicated. */
  projectFacts: string[];
  /**
   * One entry per prompt / summary that yielded nothing, with the reason (rule name when one
   * refused), and one `contains_secret` entry per message with a sentence refused for a secret.
   */
  skipped: { uuid: string; reason: string }[];
}

/** Context of one planning call. Only `app/` reads the clock: `nowMs` is passed in. */
export interface PlanContext {
  sessionId: string;
  /** Milliseconds since the epoch; used for dates when a message has no timestamp. */
  nowMs: number;
}

/** One sentence of user text, already scrubbed and cleaned, with its neighbour for reasons. */
export interface Sentence {
  text: string;
  /** The following sentence of the same message ("" when none): a `because …` there is the reason. */
  next: string;
  /** `next` followed this sentence after a `;` on the same line: it may continue its rule. */
  nextAfterSemicolon?: boolean;
  /** The sentences after this one in the same message, in order (`next` is the first); may be absent. */
  rest?: string[];
  uuid: string;
  /**
   * The lead-in the plan cut off before a colon ("that goes for everything you write here: …");
   * `text` is then the statement after it. A generalizer in the lead makes the statement standing.
   */
  lead?: string;
  /** YYYY-MM-DD of the message (or of `nowMs`). */
  date: string;
}

/** What a rule says about a sentence. `undefined` from a rule means "not mine". */
export type RuleOutcome =
  | {
      kind: "memory";
      rule: RuleName;
      memory: Omit<PlannedMemory, "originSessionId" | "sources" | "rule">;
      /** The memory took in the `;` continuation (`Sentence.next`): the plan must not mine it again. */
      absorbsNext?: boolean;
      /** The memory took in this many of the sentences after this one (`Sentence.rest`): not mined again. */
      absorbsFollowing?: number;
    }
  | { kind: "facts"; rule: RuleName; facts: string[] }
  | { kind: "reject"; rule: RuleName; reason: string };
