/** How long Claude Code keeps its transcripts: `cleanupPeriodDays` (Claude Code 2.1.x deletes older ones). */
import { join } from "node:path";
import { readTextIfExists } from "../../core/fs.js";
import { claudeConfigDir } from "../../paths/index.js";
import type { Env, TranscriptRetention } from "../contract.js";

/** Claude Code's default `cleanupPeriodDays`. */
export const DEFAULT_CLEANUP_DAYS = 30;

/**
 * `cleanupPeriodDays` from Claude Code's USER settings (`<CLAUDE_CONFIG_DIR or ~/.claude>/settings.json`);
 * the default 30 when unset, not a non-negative number, or the file is missing or not JSON.
 * Project settings are never read (a repository must not change what memdir tells the user).
 */
export function transcriptRetention(env: Env): TranscriptRetention {
  const settingsFile = join(claudeConfigDir(env), "settings.json");
  const setting = "cleanupPeriodDays";
  const fallback: TranscriptRetention = {
    days: DEFAULT_CLEANUP_DAYS,
    source: "default",
    settingsFile,
    setting,
  };
  const text = readTextIfExists(settingsFile);
  if (text === undefined || !text.includes(setting)) return fallback;
  try {
    const v = (JSON.parse(text.replace(/^\uFEFF/, "")) as { cleanupPeriodDays?: unknown }).cleanupPeriodDays;
    return typeof v === "number" && Number.isFinite(v) && v >= 0
      ? { ...fallback, days: v, source: "settings" }
      : fallback;
  } catch {
    return fallback;
  }
}
