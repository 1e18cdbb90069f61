/**
 * The context the next session receives (DESIGN.md §4 priority order): user-scope memory index,
 * project MEMORY.md (when the harness does not load it itself), `<notepad-priority>`, project memory,
 * health warnings. Every block is fenced as data and escaped (adapters/claude-code fenceAsData).
 */
import { join } from "node:path";
import { DATA_PREFACE, fenceAsData, NOTEPAD_PRIORITY_TAG } from "../adapters/claude-code/hook-output.js";
import { readJsonFile } from "../core/json.js";
import { formatPriorityContext, readNotepad } from "../notepad/index.js";
import { claudeConfigDir } from "../paths/index.js";
import { readProjectMemory, summarizeProjectMemory } from "../project/index.js";
import { loadIndexForPrompt } from "../store/load.js";
import { assembleContext, type ContextPart } from "./assemble.js";
import type { AppContext } from "./context.js";
import { recentHealthWarnings } from "./health.js";
import { recentSessionsText } from "./recent-sessions.js";

const TRUTHY = new Set(["1", "true", "yes", "on"]);

/**
 * Whether Claude Code itself loads the project MEMORY.md (config `harnessLoadsMemoryMd`; `"auto"`
 * follows Claude Code 2.1.x's enablement rules, reference/claude-code.md §2.2: only its default memory
 * dir, not when `CLAUDE_CODE_DISABLE_AUTO_MEMORY` is truthy, `CLAUDE_CODE_SIMPLE` is set, or the user
 * settings say `autoMemoryEnabled: false`).
 */
export function harnessLoadsMemoryMd(ctx: AppContext): boolean {
  const v = ctx.config.harnessLoadsMemoryMd;
  if (typeof v === "boolean") return v;
  const env = ctx.rt.env;
  if (ctx.paths.memoryDirSource !== "default") return false;
  if (TRUTHY.has((env.CLAUDE_CODE_DISABLE_AUTO_MEMORY ?? "").toLowerCase()) || env.CLAUDE_CODE_SIMPLE)
    return false;
  const settings = readJsonFile<Record<string, unknown> | null>(
    join(claudeConfigDir(env), "settings.json"),
    null,
    true,
  );
  return settings?.autoMemoryEnabled !== false;
}

export interface SessionContextOptions {
  /** SessionStart source: startup | resume | clear | compact | fork. */
  source: string;
  /** The starting session (excluded from "recent sessions"). */
  sessionId: string;
  /** Extra warnings found while starting the session. */
  warnings?: string[];
}

/** Builds the SessionStart `additionalContext` text (≤ config.sessionStartBudgetChars code points). */
export function buildSessionContext(ctx: AppContext, opts: SessionContextOptions): string {
  const { paths, config } = ctx;
  const parts: ContextPart[] = [];
  const warnings = [...(opts.warnings ?? [])];

  const user = loadIndexForPrompt(paths.userMemoryDir);
  if (user?.text.trim()) {
    parts.push({
      label: "user memory",
      text: fenceAsData(`user memory index ${paths.userMemoryDir}/MEMORY.md`, user.text, { preface: false }),
    });
    if (user.warning) warnings.push(`user memory index: ${user.warning}`);
  }
  if (!harnessLoadsMemoryMd(ctx)) {
    const proj = loadIndexForPrompt(paths.memoryDir);
    if (proj?.text.trim()) {
      parts.push({
        label: "project memory",
        text: fenceAsData(`project memory index ${paths.memoryDir}/MEMORY.md`, proj.text, { preface: false }),
      });
      if (proj.warning) warnings.push(`project MEMORY.md: ${proj.warning}`);
    }
  }
  const priority = formatPriorityContext(readNotepad(paths.notepad));
  if (priority.trim())
    parts.push({
      label: "notepad priority",
      text: fenceAsData(`notepad Priority Context ${paths.notepad}`, priority, {
        tag: NOTEPAD_PRIORITY_TAG,
        preface: false,
      }),
    });
  const projectMemory = readProjectMemory(paths.projectMemory);
  const pm = projectMemory ? summarizeProjectMemory(projectMemory, 2_500) : "";
  if (pm.trim())
    parts.push({
      label: "project facts",
      text: fenceAsData(`project facts ${paths.projectMemory}`, pm, { preface: false }),
    });
  const recent = recentSessionsText(paths.stateRoot, paths.sessionsDir, opts.sessionId);
  if (recent)
    parts.push({
      label: "recent sessions",
      text: fenceAsData(`recent sessions of this project ${paths.sessionsDir}`, recent, { preface: false }),
    });
  warnings.push(...recentHealthWarnings(ctx));
  if (!parts.length && !warnings.length) return "";
  const head = { label: "preface", text: `memdir: memory from earlier sessions. ${DATA_PREFACE}` };
  return assembleContext(parts.length ? [head, ...parts] : parts, warnings, config.sessionStartBudgetChars);
}
