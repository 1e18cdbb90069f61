/** Shapes of `project-memory.json` (DESIGN.md §3.2: detected + learned project facts). */
import type { ToolKind } from "../harness/index.js";

/** Commands to build, test, lint, format and run the project (shell command lines). */
export interface ProjectCommands {
  build?: string;
  test?: string;
  lint?: string;
  format?: string;
  dev?: string;
}

/** What marker files in the project root say about the project. */
export interface DetectedProject {
  /** Languages and frameworks, most specific marker first, e.g. `["elixir", "phoenix"]`. */
  stacks: string[];
  /** `npm`, `pnpm`, `yarn`, `bun`, `deno`, `cargo`, `go`, `uv`, `poetry`, `pipenv`, `pdm`, `pip`, `bundler`, `mix`, `maven`, `gradle`, `composer`, `dotnet`. */
  packageManager?: string;
  commands: ProjectCommands;
  /** Marker files found in the root, e.g. `["mix.exs", "Makefile"]`. */
  markers: string[];
}

/** A file the agent reads or edits often (path relative to the project root, `/` separators). */
export interface HotPath {
  path: string;
  count: number;
  lastSeenMs: number;
}

/** A Bash command that succeeded (normalized). */
export interface LearnedCommand {
  command: string;
  count: number;
  lastSeenMs: number;
}

/** A fact about the project from extraction. */
export interface ProjectFact {
  text: string;
  addedAtMs: number;
}

/** `project-memory.json`. Keys this version does not know are kept on rewrite. */
export interface ProjectMemory {
  version: 1;
  /** Absolute project root the relative paths refer to. */
  projectRoot: string;
  /** When `detected` was computed (ms); refreshed at most once per hour. */
  detectedAtMs?: number;
  detected: DetectedProject;
  hotPaths: HotPath[];
  commands: LearnedCommand[];
  facts: ProjectFact[];
  updatedAtMs?: number;
  [key: string]: unknown;
}

/** The part of a tool call `learnFromToolUse` looks at (the neutral ToolUse of harness/, and success). */
export interface ProjectToolCall {
  kind: ToolKind;
  /** The files the call read or edited. */
  paths: readonly string[];
  /** The command line of a shell call. */
  command?: string;
  success: boolean;
}
