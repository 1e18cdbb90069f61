/**
 * The context the next session receives (DESIGN.md §4 priority order): user-scope memory index,
 * project MEMORY.md (when the harness does not load it itself), `<notepad-priority>`, project memory,
 * the session's own summary (on resume/compact), recent sessions, health warnings. Every block is fenced as data and escaped (inject/fence.ts fenceAsData).
 */

import { existsSync, statSync } from "node:fs";
import type { HarnessAdapter } from "../../adapters/registry.js";
import { describeError } from "../../core/errors.js";
import { sessionSummaryForPrompt } from "../../jobs/summarize/read.js";
import { formatPriorityContext, readNotepad } from "../../notepad/index.js";
import { readProjectMemory, summarizeProjectMemory } from "../../project/index.js";
import { loadIndexForPrompt } from "../../store/load.js";
import type { AppContext } from "../context.js";
import { assembleContext, type ContextPart } from "./assemble.js";
import { DATA_PREFACE } from "./fence.js";
import { recentHealthWarnings } from "./health.js";
import { recentSessionsText } from "./recent-sessions.js";

/**
 * Whether the harness itself loads the project MEMORY.md (config `harnessLoadsMemoryMd`; `"auto"` asks
 * the harness's adapter: Claude Code does from its own memory dir, Codex CLI and Gemini CLI never do).
 */
export function harnessLoadsMemoryMd(
  ctx: AppContext,
  adapter: Pick<HarnessAdapter, "loadsMemoryIndex">,
): boolean {
  const v = ctx.config.harnessLoadsMemoryMd;
  if (typeof v === "boolean") return v;
  const harnessMemoryDir =
    ctx.paths.memoryDirSource === "default" || ctx.paths.memoryDirSource === "claude-settings";
  return adapter.loadsMemoryIndex?.({ harnessMemoryDir, memory: ctx.harnessMemory }) ?? false;
}

export interface SessionContextOptions {
  /** SessionStart source: startup | resume | clear | compact | fork. */
  source: string;
  /** The starting session (excluded from "recent sessions"). */
  sessionId: string;
  /** The harness loads MEMORY.md itself (see harnessLoadsMemoryMd): memdir does not inject it. */
  harnessLoadsMemoryMd: boolean;
  /** Extra warnings found while starting the session. */
  warnings?: string[];
  /** Collects what failed (one log line is written by the caller for all of them). */
  failures?: string[];
}

/** Caps per part (UTF-16 units, fence included): no part can crowd out the ones after it. */
export const PART_CAPS = {
  userIndex: 2_500,
  projectIndex: 4_000,
  notepadPriority: 800,
  projectFacts: 1_500,
  recentSessions: 900,
  /** This session's rolling summary, on resume/compact only (DESIGN.md §4). */
  sessionSummary: 3_500,
} as const;

/**
 * Builds the SessionStart `additionalContext` text (≤ config.sessionStartBudgetChars UTF-16 units).
 * Each part is read on its own: a part that fails (an unreadable file, a memory dir that is a file)
 * becomes a health warning and the other parts are still injected.
 */
export function buildSessionContext(ctx: AppContext, opts: SessionContextOptions): string {
  const { paths, config } = ctx;
  const parts: ContextPart[] = [];
  const warnings = [...(opts.warnings ?? []), ...ctx.configWarnings, ...ctx.notices];
  const safely = (what: string, fn: () => void) => {
    try {
      fn();
    } catch (e) {
      warnings.push(`could not read ${what}: ${describeError(e).slice(0, 200)}`);
      opts.failures?.push(`could not read ${what}: ${describeError(e)}`);
    }
  };

  safely("the user memory index", () => {
    const user = loadIndexForPrompt(paths.userMemoryDir);
    if (user?.warning) warnings.push(`user memory index: ${user.warning}`);
    if (user)
      parts.push({
        source: `user memory index ${paths.userMemoryDir}/MEMORY.md`,
        body: user.text,
        maxChars: PART_CAPS.userIndex,
      });
  });
  safely("the project MEMORY.md", () => {
    if (opts.harnessLoadsMemoryMd) return;
    const proj = loadIndexForPrompt(paths.memoryDir);
    if (proj?.warning) warnings.push(`project MEMORY.md: ${proj.warning}`);
    if (proj)
      parts.push({
        source: `project memory index ${paths.memoryDir}/MEMORY.md`,
        body: proj.text,
        maxChars: PART_CAPS.projectIndex,
      });
  });
  safely("the notepad", () => {
    const body = formatPriorityContext(readNotepad(paths.notepad));
    parts.push({
      source: `notepad Priority Context ${paths.notepad}`,
      body,
      maxChars: PART_CAPS.notepadPriority,
      notepadPriority: true,
    });
  });
  safely("the project memory", () => {
    const pm = readProjectMemory(paths.projectMemory);
    if (!pm && existsSync(paths.projectMemory) && statSync(paths.projectMemory).size > 0) {
      warnings.push(
        `${paths.projectMemory} is not valid JSON; memdir rebuilds it at the next update and keeps a copy as project-memory.json.corrupt`,
      );
    }
    const body = pm ? summarizeProjectMemory(pm, PART_CAPS.projectFacts - 200) : "";
    parts.push({ source: `project facts ${paths.projectMemory}`, body, maxChars: PART_CAPS.projectFacts });
  });
  if (opts.source === "compact" || opts.source === "resume") {
    safely("the session summary", () => {
      // read.ts alone: the summarize index would pull the transcript reader into this hook.
      const body = sessionSummaryForPrompt(
        paths.summariesDir,
        opts.sessionId,
        PART_CAPS.sessionSummary - 300,
      );
      parts.push({
        source: `summary of this session ${paths.summariesDir}/${opts.sessionId}.md`,
        body,
        maxChars: PART_CAPS.sessionSummary,
      });
    });
  }
  safely("the recent sessions", () => {
    const body = recentSessionsText(paths.stateRoot, paths.sessionsDir, opts.sessionId);
    parts.push({
      source: `recent sessions of this project ${paths.sessionsDir}`,
      body,
      maxChars: PART_CAPS.recentSessions,
    });
  });
  safely("the health events", () => warnings.push(...recentHealthWarnings(ctx)));
  const preface = `memdir: memory from earlier sessions. ${DATA_PREFACE}`;
  return assembleContext(preface, parts, warnings, config.sessionStartBudgetChars);
}
