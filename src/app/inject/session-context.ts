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
import { DATA_PREFACE, fenceAsData } from "./fence.js";
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
  /**
   * The harness's inline cap on hook context (`HarnessAdapter.inlineContextMaxChars`); absent = none.
   * Without a cap the whole project MEMORY.md (≤ 200 lines / 25,000 bytes) is injected on top of the
   * budget. With one, the context stays within min(budget, cap): the index comes last with the room the
   * other parts leave, and `onIndexCut` gets the first line (0-based) that did not fit.
   */
  inlineCapChars?: number;
  onIndexCut?: (fromLine: number) => void;
}

/**
 * Caps per part (UTF-16 units, fence included): no part can crowd out the ones after it. The project
 * MEMORY.md has none: it is whole, or (under a harness's inline cap) gets the room the others leave.
 */
export const PART_CAPS = {
  userIndex: 2_500,
  notepadPriority: 800,
  projectFacts: 1_500,
  recentSessions: 900,
  /** This session's rolling summary, on resume/compact only (DESIGN.md §4). */
  sessionSummary: 3_500,
} as const;

/**
 * Builds the SessionStart `additionalContext` text: ≤ config.sessionStartBudgetChars UTF-16 units
 * (plus the whole project MEMORY.md when the harness has no inline cap; ≤ min(budget, cap) with one).
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
  let budget = config.sessionStartBudgetChars;
  let lastIndex: string | undefined;
  const indexSource = `project memory index ${paths.memoryDir}/MEMORY.md`;
  safely("the project MEMORY.md", () => {
    if (opts.harnessLoadsMemoryMd) return;
    const proj = loadIndexForPrompt(paths.memoryDir);
    if (proj?.warning) warnings.push(`project MEMORY.md: ${proj.warning}`);
    if (!proj) return;
    if (opts.inlineCapChars !== undefined) {
      lastIndex = proj.text;
      return;
    }
    // No cap: the whole index, in addition to the budget of the other parts.
    const whole = fenceAsData(indexSource, proj.text, { preface: false }).length;
    parts.push({ source: indexSource, body: proj.text, maxChars: whole });
    budget += whole + 2;
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
  if (lastIndex === undefined) return assembleContext(preface, parts, warnings, budget);
  budget = Math.min(budget, opts.inlineCapChars ?? budget);
  // The room the other parts leave; less when the assembly's own reckoning (the warning reserve) cuts
  // the index piece anyway, so that the piece always ends at a whole line with its continuation line.
  let room = budget - assembleContext(preface, parts, warnings, budget).length - 2;
  for (;;) {
    const head = indexHead(indexSource, lastIndex, room);
    const text = assembleContext(
      preface,
      head.body ? [...parts, { source: indexSource, body: head.body, maxChars: room }] : parts,
      warnings,
      budget,
    );
    if (!head.body || text.includes(fenceAsData(indexSource, head.body, { preface: false })) || room <= 0) {
      const fromLine = head.body && room > 0 ? head.fromLine : 0;
      if (fromLine !== undefined) opts.onIndexCut?.(fromLine);
      return text;
    }
    room -= 200;
  }
}

/** The line that ends a cut piece of the index (`line`: 0-based in the whole index); the rest comes with the next prompt. */
export const INDEX_CONTINUES = (line: number) =>
  `[MEMORY.md continues at line ${line + 1}: memdir gives the rest with the next prompt]`;

/**
 * The first lines of `index` whose fenced block (with the continuation line when cut) fits `room`
 * UTF-16 units; `fromLine` = the first line left out (0-based in `index`), absent when all fit.
 * `offset` = the line of the whole index `index` starts at (for the continuation line's number).
 */
export function indexHead(
  source: string,
  index: string,
  room: number,
  offset = 0,
): { body: string; fromLine?: number } {
  const fits = (body: string) => fenceAsData(source, body, { preface: false }).length <= room;
  if (fits(index)) return { body: index };
  const lines = index.split("\n");
  let n = 0;
  // Whole lines while the block still fits (≤ 200 lines: linear is enough).
  while (n < lines.length && fits(`${lines.slice(0, n + 1).join("\n")}\n${INDEX_CONTINUES(offset + n + 1)}`))
    n++;
  return { body: n ? `${lines.slice(0, n).join("\n")}\n${INDEX_CONTINUES(offset + n)}` : "", fromLine: n };
}

/**
 * The next piece of a project MEMORY.md cut at `fromLine` (0-based): a fenced block of at most
 * `maxChars` UTF-16 units of whole lines from there; `nextLine` = where it continues when this piece
 * still could not hold the rest (the next prompt gives it). Read again: a change since shows. `text` is
 * "" when the index is gone or has no lines there.
 */
export function indexContinuation(
  ctx: AppContext,
  fromLine: number,
  maxChars: number,
): { text: string; nextLine?: number } {
  const proj = loadIndexForPrompt(ctx.paths.memoryDir);
  const rest = proj?.text.split("\n").slice(fromLine).join("\n") ?? "";
  if (!rest.trim()) return { text: "" };
  const preface = `memdir: the rest of the memory index. ${DATA_PREFACE}`;
  const source = `project memory index ${ctx.paths.memoryDir}/MEMORY.md, continued from line ${fromLine + 1}`;
  const head = indexHead(source, rest, maxChars - preface.length - 2, fromLine);
  if (!head.body) return { text: "", nextLine: fromLine };
  const text = assembleContext(preface, [{ source, body: head.body, maxChars }], [], maxChars);
  return head.fromLine === undefined ? { text } : { text, nextLine: fromLine + head.fromLine };
}
