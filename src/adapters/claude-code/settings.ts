/**
 * Claude Code's settings files as they bear on its auto memory (`autoMemoryEnabled`, `autoMemoryDirectory`),
 * read lazily, each at most once per invocation. Scopes and files, Claude Code 2.1.332 (read in the binary,
 * precedence highest first):
 * - `policy`: managed settings, `<managed dir>/managed-settings.json` then `managed-settings.d/*.json` (sorted,
 *   dot files skipped; a later file overrides an earlier one). Managed dir: `/etc/claude-code` (Linux, WSL),
 *   `/Library/Application Support/ClaudeCode` (macOS), `C:\Program Files\ClaudeCode` (Windows). Remote,
 *   MDM and registry policy are not files memdir can read.
 * - `flag`: `--settings <file-or-json>` on the `claude` command line, read from `/proc/<CLAUDE_PID>/cmdline`
 *   (Linux; elsewhere, or without `CLAUDE_PID`, this scope is unknown); a file path is relative to the
 *   harness's working directory.
 * - `local`: `.claude/settings.local.json` in the canonical git root (the main checkout) and, when that is
 *   another directory, in the launch directory.
 * - `project`: `.claude/settings.json` in the launch directory (committed with the repository).
 * - `user`: `<CLAUDE_CONFIG_DIR or ~/.claude>/settings.json`.
 * A missing file, a file that is not JSON and a value of the wrong type count as unset (Claude Code drops them too).
 */
import { readdirSync, readlinkSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { readTextIfExists } from "../../core/fs.js";
import { claudeConfigDir } from "../../paths/index.js";
import type { Env } from "../contract.js";
import { harnessPid } from "./env.js";

export type SettingsScope = "policy" | "flag" | "local" | "project" | "user";

/** Precedence, highest first (Claude Code 2.1.332: user < project < local < flag < policy). */
export const SCOPES: readonly SettingsScope[] = ["policy", "flag", "local", "project", "user"];

/** The two auto-memory keys of one scope, and the file they came from. */
export interface ScopeValues {
  scope: SettingsScope;
  /** The file that set a value (or `--settings` for inline JSON); "" when the scope set nothing. */
  file: string;
  autoMemoryEnabled?: boolean;
  autoMemoryDirectory?: string;
}

export interface SettingsPlaces {
  /** The directory Claude Code was started in (`CLAUDE_PROJECT_DIR`, else the hook's cwd). */
  launchDir: string;
  /** The canonical git root (main checkout) of `launchDir`, when inside git. */
  canonicalRoot?: string;
  /** The managed settings dir; default: the platform's. */
  managedDir?: string;
  /** The platform (`process.platform` values); default linux. */
  platform?: string;
}

/** The platform's managed settings dir (Claude Code 2.1.332). */
export function managedSettingsDir(platform: string): string {
  if (platform === "darwin") return "/Library/Application Support/ClaudeCode";
  if (platform === "win32") return "C:\\Program Files\\ClaudeCode";
  return "/etc/claude-code";
}

type Keys = Pick<ScopeValues, "autoMemoryEnabled" | "autoMemoryDirectory">;

/** The auto-memory keys of a settings JSON text (undefined ones left out). */
function keysOf(text: string | undefined): Keys {
  if (text === undefined || !text.includes("autoMemory")) return {};
  let o: unknown;
  try {
    o = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    return {};
  }
  if (!o || typeof o !== "object") return {};
  const { autoMemoryEnabled: e, autoMemoryDirectory: d } = o as Record<string, unknown>;
  return {
    ...(typeof e === "boolean" ? { autoMemoryEnabled: e } : {}),
    ...(typeof d === "string" && d.trim() !== "" ? { autoMemoryDirectory: d } : {}),
  };
}

/** A regular file's text (at most 1 MiB), else undefined; an absent file costs one stat, no exception. */
function readSafe(path: string): string | undefined {
  try {
    if (!statSync(path, { throwIfNoEntry: false })?.isFile()) return undefined;
    return readTextIfExists(path, 1 << 20);
  } catch {
    return undefined; // unreadable, a directory, too large: unset
  }
}

/** Merges files in order (a later file overrides an earlier one), remembering which file set each key. */
function mergeFiles(
  scope: SettingsScope,
  files: string[],
  texts: (f: string) => string | undefined,
): ScopeValues {
  const out: ScopeValues = { scope, file: "" };
  for (const f of files) {
    const k = keysOf(texts(f));
    if (k.autoMemoryEnabled !== undefined || k.autoMemoryDirectory !== undefined) {
      Object.assign(out, k);
      out.file = f;
    }
  }
  return out;
}

function policyFiles(dir: string): string[] {
  const files = [join(dir, "managed-settings.json")];
  try {
    const d = join(dir, "managed-settings.d");
    if (!statSync(d, { throwIfNoEntry: false })?.isDirectory()) return files;
    for (const n of readdirSync(d).sort())
      if (n.endsWith(".json") && !n.startsWith(".")) files.push(join(d, n));
  } catch {
    // no drop-in dir
  }
  return files;
}

/**
 * The `--settings` value of the harness's command line and the harness's cwd, or undefined (no
 * CLAUDE_PID, not Linux, no such flag). Arguments after `--` are not options (Claude Code 2.1.332).
 */
export function flagSettingsArg(env: Env): { value: string; cwd?: string } | undefined {
  const pid = harnessPid(env);
  if (pid === undefined) return undefined;
  let argv: string[];
  try {
    argv = (readTextIfExists(`/proc/${pid}/cmdline`) ?? "").split("\0");
  } catch {
    return undefined;
  }
  let value: string | undefined;
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === "--") break;
    if (a === "--settings" && i + 1 < argv.length) value = argv[++i];
    else if (a.startsWith("--settings=")) value = a.slice("--settings=".length);
  }
  if (value === undefined) return undefined;
  let cwd: string | undefined;
  try {
    cwd = readlinkSync(`/proc/${pid}/cwd`);
  } catch {
    cwd = undefined;
  }
  return { value, cwd };
}

function flagScope(env: Env): ScopeValues {
  const arg = flagSettingsArg(env);
  if (!arg) return { scope: "flag", file: "" };
  const inline = arg.value.trimStart().startsWith("{");
  const file = inline
    ? "--settings"
    : isAbsolute(arg.value)
      ? arg.value
      : arg.cwd
        ? resolve(arg.cwd, arg.value)
        : "";
  if (!file) return { scope: "flag", file: "" };
  return mergeFiles("flag", [file], (f) => (inline ? arg.value : readSafe(f)));
}

/** Claude Code's settings for one launch directory; every scope is read on first use only. */
export interface ClaudeSettings {
  scope(s: SettingsScope): ScopeValues;
  places: SettingsPlaces;
}

export function readClaudeSettings(env: Env, places: SettingsPlaces): ClaudeSettings {
  const memo = new Map<SettingsScope, ScopeValues>();
  const read = (s: SettingsScope): ScopeValues => {
    switch (s) {
      case "policy":
        return mergeFiles(
          s,
          policyFiles(places.managedDir ?? managedSettingsDir(places.platform ?? "linux")),
          readSafe,
        );
      case "flag":
        return flagScope(env);
      case "local": {
        const dirs = [places.canonicalRoot ?? places.launchDir, places.launchDir];
        const files = [...new Set(dirs.map((d) => join(d, ".claude", "settings.local.json")))];
        // The canonical root's file is Claude Code's store; the launch dir's is its older place: the store wins.
        return mergeFiles(s, files.reverse(), readSafe);
      }
      case "project":
        return mergeFiles(s, [join(places.launchDir, ".claude", "settings.json")], readSafe);
      case "user":
        return mergeFiles(s, [join(claudeConfigDir(env), "settings.json")], readSafe);
    }
  };
  return {
    places,
    scope(s) {
      let v = memo.get(s);
      if (!v) {
        v = read(s);
        memo.set(s, v);
      }
      return v;
    },
  };
}
