/**
 * Input of the offline dream planner and its working state.
 * The planner is pure: the caller (the dream job) reads the files and passes their text; nothing
 * here touches the file system or the clock.
 */
import type { MemoryDraft, TopicFile } from "../../../store/types.js";
import type { DreamMode, DreamScope } from "../plan/types.js";

/** A file of a memory dir as read by the caller. */
export interface OfflineTopicInput {
  scope: DreamScope;
  /** Path relative to that scope's memory dir; only plain `<name>.md` names are ever planned for. */
  file: string;
  /** The whole file text. */
  text: string;
  /** mtime in ms. */
  mtimeMs: number;
}

/** A daily-log entry to distill (gather phase). */
export interface OfflineLogDraft {
  /** Log path relative to the project memory dir, e.g. `logs/2026/03/2026-03-02.md`. */
  file: string;
  /** How far the log was read, in bytes (recorded in `plan.logs`). */
  bytes: number;
  /** When the entry was written, ms since the epoch (reference for its relative dates). */
  atMs: number;
  draft: MemoryDraft;
}

export interface OfflineDreamInput {
  mode: DreamMode;
  /** The plan's time, ms since the epoch (`createdAt`, expiry checks). */
  nowMs: number;
  /** Absolute memory dirs. Without `user`, user-scope files are ignored and user drafts go to the project. */
  roots: { project: string; user?: string };
  /** Every topic file of every scope, full text. */
  topics: OfflineTopicInput[];
  /** MEMORY.md of each scope (`text` undefined when absent). */
  indexes: { scope: DreamScope; text: string | undefined }[];
  logDrafts: OfflineLogDraft[];
  sessions?: { used: string[]; skipped: string[] };
  /**
   * Which pairs of topics the duplicate and contradiction phases compare: `candidates` (default,
   * `candidates.ts`) or `all` pairs, the quadratic reference that must give the same plan.
   */
  pairs?: "candidates" | "all";
}

/** What happened to a working topic, for the plan entry's kind and reason. */
export interface WorkChange {
  kind: "dates" | "contradiction" | "distill" | "fix";
  detail: string;
}

/** One topic (a file, or a log entry not yet written) as the planner transforms it. */
export interface WorkTopic {
  scope: DreamScope;
  /** File name for a file; `log:<n>` until a created topic gets its name. */
  file: string;
  origin: "file" | "log";
  /** Original file text (files only). */
  text?: string;
  /** Current state (edited by the phases). */
  topic: TopicFile;
  /**
   * The memory's own date in ms: `recencyOf` for files (metadata or top-level `updated`, else
   * `created`, else mtime), atMs for logs; a merge target takes the newest of its sources.
   */
  recencyMs: number;
  status: "alive" | "deleted" | "merged";
  deletion?: { kind: "stale" | "contradicted"; reason: string };
  /** Set on a topic folded into another. */
  mergedInto?: WorkTopic;
  /** Topics folded into this one, in folding order, with why. */
  absorbed: { w: WorkTopic; kind: "duplicate" | "reflect"; reason: string }[];
  changes: WorkChange[];
  /** Log entries this topic carries (logs: its own). */
  logs: string[];
  /** Expired (stale) topics are never merged. */
  frozen: boolean;
}
