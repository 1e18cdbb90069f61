/**
 * Types of the memory sandbox: the only tools a model-driven extraction or consolidation gets
 * (a model-driven job gets only memory tools, as Claude Code 2.1.88 createAutoMemCanUseTool allows),
 * and the staged operations they produce.
 */

import type { AgentTool } from "../../llm/agent/index.js";
import type { Journal } from "../../store/index.js";

/** The loop's tool types (llm/agent): the sandbox's tools are plain AgentTools. */
export type { AgentTool, ToolOutcome } from "../../llm/agent/index.js";

export type MemoryScope = "project" | "user";

/** The memory dirs a sandbox may touch. Absolute paths. */
export interface SandboxRoots {
  /** The project's memory dir (DESIGN.md §3.1). */
  project: string;
  /** `~/.memdir/user-memory` (DESIGN.md §3.3); without it `user/…` paths are refused. */
  user?: string;
}

export interface SandboxOptions {
  roots: SandboxRoots;
  /** Absolute project root; enables the read-only `project_read` / `project_grep` tools. */
  projectRoot?: string;
  /** Cap of every tool's output, in code points (default 12,000; longer text keeps its head and tail). */
  maxReadChars?: number;
}

/**
 * A memory change the model asked for, not yet on disk. `file` is the plain file name inside the
 * scope's root (`feedback_testing.md`; the model's `user/role.md` is `{scope: "user", file: "role.md"}`).
 * `baseHash` = `topicHash` (store) of the disk text the model saw; undefined = the file did not exist.
 * `reason` = the model's one-line reason(s) for the change (the tools' optional `reason` argument,
 * distinct ones joined with "; "; absent when it gave none): the dream plan shows it (jobs/dream/model).
 */
export type StagedOp =
  | { op: "write"; scope: MemoryScope; file: string; content: string; baseHash?: string; reason?: string }
  | { op: "delete"; scope: MemoryScope; file: string; baseHash: string; reason?: string };

export interface MemorySandbox {
  /** memory_list, memory_read, memory_write, memory_edit, memory_delete (+ project_read, project_grep). */
  tools: AgentTool[];
  /** The staged operations, one per file in the order first staged (the final state of each file). */
  staged(): StagedOp[];
}

export interface ApplyOptions {
  /** Time of the writes, ms since the epoch. */
  nowMs: number;
  /** Provenance of created topics (`metadata.originSessionId`). */
  originSessionId?: string;
  /** Provenance added to `metadata.sources` (transcript entry uuids). */
  sources?: string[];
  /** Wait at most this long for a dir lock (ms, store default 30,000). */
  lockTimeoutMs?: number;
  /** Record every write in this change set (store/history `createJournal`; `memdir undo`). */
  journal?: Journal;
}

/** What applying one staged operation did. */
export interface AppliedOp {
  op: StagedOp["op"];
  scope: MemoryScope;
  file: string;
  /** `logged`: KAIROS mode, appended to the daily log instead (jobs/extract). */
  action: "created" | "merged" | "replaced" | "unchanged" | "deleted" | "skipped" | "logged";
  /** Absolute path of the topic written, merged into or deleted. */
  path?: string;
  /** Why it was skipped or merged instead of replaced. */
  reason?: string;
  /** MEMORY.md budget warning from the store, to be logged. */
  warning?: string;
}
