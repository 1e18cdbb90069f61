/**
 * Learning from tool calls (PostToolUse): hot paths from file tools and commands that succeeded.
 * Pure updates of a ProjectMemory object; `updateProjectMemory` persists them.
 */
import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { normalizeCommand } from "./commands.js";
import type { HotPath, LearnedCommand, ProjectMemory, ProjectToolCall } from "./types.js";

export const MAX_HOT_PATHS = 50;
export const MAX_COMMANDS = 30;
/** An entry not seen for this long ranks below every recent one when the list is capped (ms). */
export const RECENT_MS = 14 * 24 * 3_600_000;
/** Path segments whose files are never hot paths: dependencies, VCS, build output, caches. */
export const IGNORED_SEGMENTS: ReadonlySet<string> = new Set([
  "node_modules",
  ".git",
  ".hg",
  ".svn",
  "dist",
  "build",
  "out",
  "target",
  "coverage",
  ".next",
  ".nuxt",
  ".svelte-kit",
  ".turbo",
  ".cache",
  ".parcel-cache",
  "vendor",
  "_build",
  "deps",
  ".venv",
  "venv",
  "__pycache__",
  ".pytest_cache",
  ".mypy_cache",
  ".ruff_cache",
  ".tox",
  ".gradle",
  ".elixir_ls",
  ".memdir",
  ".omc",
  ".DS_Store",
]);

/**
 * `file` relative to `root` with `/` separators, or undefined when it is outside the root, the
 * root itself, or under an ignored directory. Ignoring is by whole path segment, never substring:
 * `dist/x.js` is ignored, `my-dist-tools/x.ts` and `src/distance.ts` are not. A relative `file` is
 * taken relative to `root`; a root reached through a symlink is compared by its real path too.
 */
export function hotPathOf(root: string, file: string): string | undefined {
  if (!file) return undefined;
  const abs = isAbsolute(file) ? file : resolve(root, file);
  let rel = relative(root, abs);
  if (isOutside(rel)) {
    try {
      rel = relative(realpathSync(root), abs);
    } catch {
      return undefined;
    }
    if (isOutside(rel)) return undefined;
  }
  const segs = rel.split(sep).filter((s) => s !== "" && s !== ".");
  if (segs.length === 0 || segs.some((s) => IGNORED_SEGMENTS.has(s))) return undefined;
  return segs.join("/");
}

function isOutside(rel: string): boolean {
  return rel === "" || isAbsolute(rel) || rel === ".." || rel.startsWith(`..${sep}`);
}

/**
 * Keeps the top `max` entries: recent ones (seen within RECENT_MS of `nowMs`) before stale ones,
 * then by count, then by last seen. Stale ranking lets a project's focus move on instead of
 * freezing the list once it is full of old counts.
 */
export function capByUse<T extends { count: number; lastSeenMs: number }>(
  list: T[],
  max: number,
  nowMs: number,
): T[] {
  const recent = (e: T) => (nowMs - e.lastSeenMs <= RECENT_MS ? 1 : 0);
  return [...list]
    .sort((a, b) => recent(b) - recent(a) || b.count - a.count || b.lastSeenMs - a.lastSeenMs)
    .slice(0, max);
}

function bump<T extends { count: number; lastSeenMs: number }>(
  list: T[],
  found: T | undefined,
  make: () => T,
  nowMs: number,
): void {
  if (found) {
    found.count++;
    found.lastSeenMs = Math.max(found.lastSeenMs, nowMs);
  } else list.push(make());
}

/**
 * Learns from one tool call, mutating `pm`; returns whether anything changed.
 * - A successful read or edit: its first file (see `hotPathOf`) is counted in `hotPaths` with its
 *   last-seen time; at most MAX_HOT_PATHS kept (see `capByUse`).
 * - A successful shell call: the normalized command (see `normalizeCommand`) is counted in `commands`;
 *   at most MAX_COMMANDS kept.
 * Failed calls and other tools change nothing.
 * @param root absolute project root; nowMs ms since the epoch
 */
export function learnFromToolUse(
  pm: ProjectMemory,
  root: string,
  call: ProjectToolCall,
  nowMs: number,
): boolean {
  if (!call.success) return false;
  if (call.kind === "read" || call.kind === "edit") {
    const file = call.paths[0];
    const rel = file === undefined ? undefined : hotPathOf(root, file);
    if (rel === undefined) return false;
    const make = (): HotPath => ({ path: rel, count: 1, lastSeenMs: nowMs });
    bump(
      pm.hotPaths,
      pm.hotPaths.find((h) => h.path === rel),
      make,
      nowMs,
    );
    pm.hotPaths = capByUse(pm.hotPaths, MAX_HOT_PATHS, nowMs);
    return true;
  }
  if (call.kind === "shell" && call.command !== undefined) {
    const cmd = normalizeCommand(call.command);
    if (cmd === undefined) return false;
    const make = (): LearnedCommand => ({ command: cmd, count: 1, lastSeenMs: nowMs });
    bump(
      pm.commands,
      pm.commands.find((c) => c.command === cmd),
      make,
      nowMs,
    );
    pm.commands = capByUse(pm.commands, MAX_COMMANDS, nowMs);
    return true;
  }
  return false;
}
