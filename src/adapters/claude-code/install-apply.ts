/**
 * Writing an install/uninstall plan: strict-JSON read of settings.json, a timestamped backup of the
 * original bytes, an atomic write (core/fs) that keeps key order with 2-space JSON, and the install
 * record in `<memdirHome>/install-state.json`. Fixes the "settings clobbered" class of faults: a file
 * that is not valid JSON, or that changed after the plan was made, is never written.
 */
import { existsSync, lstatSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { readTextIfExists, writeFileAtomic } from "../../core/fs.js";
import { readJsonFile, writeJsonAtomic } from "../../core/json.js";
import type { InstallPlan, InstallRecord, UninstallPlan } from "./install.js";

export type InstallScope = "user" | "project" | "local";

/**
 * Claude Code settings file per scope (§1.5): `user` → `<claudeConfigDir>/settings.json`,
 * `project` → `<projectRoot>/.claude/settings.json` (committed: the absolute node/memdir paths of
 * one machine end up in the repository), `local` → `<projectRoot>/.claude/settings.local.json`
 * (git-ignored; the right place for a per-project install). Throws BAD_INPUT when a project scope
 * lacks `projectRoot`.
 */
export function settingsPathFor(
  scope: InstallScope,
  dirs: { claudeConfigDir: string; projectRoot?: string },
): string {
  if (scope === "user") return join(dirs.claudeConfigDir, "settings.json");
  if (dirs.projectRoot === undefined) {
    throw new MemdirError("BAD_INPUT", `--scope ${scope} needs a project directory`, {
      expected: "a project root",
      received: "none",
      hint: "run memdir install inside the project, or use --scope user",
    });
  }
  return join(dirs.projectRoot, ".claude", scope === "project" ? "settings.json" : "settings.local.json");
}

/** `<memdirHome>/install-state.json`. */
export function installStatePath(memdirHome: string): string {
  return join(memdirHome, "install-state.json");
}

/** The real file behind `path` (dotfile managers symlink settings.json; a rename must not replace the link). */
function realTarget(path: string): string {
  try {
    return lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  } catch {
    return path;
  }
}

/**
 * Reads settings.json: `{exists, settings}` where `settings` is the parsed value, or `undefined` for a
 * missing or blank file. A BOM and CRLF are tolerated. Throws MemdirError BAD_JSON (line and column,
 * never the content: it may hold keys) when the file is not strict JSON, e.g. has comments.
 */
export function readSettingsFile(path: string): { exists: boolean; settings: unknown; text?: string } {
  const text = readTextIfExists(realTarget(path));
  if (text === undefined) return { exists: false, settings: undefined };
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === "") return { exists: true, settings: undefined, text };
  try {
    return { exists: true, settings: JSON.parse(body), text };
  } catch (e) {
    const pos = /position (\d+)/.exec(String(e))?.[1];
    const before = pos === undefined ? undefined : body.slice(0, Number(pos));
    const where =
      before === undefined
        ? "invalid JSON"
        : `invalid JSON at line ${before.split("\n").length} column ${before.length - before.lastIndexOf("\n")}`;
    throw new MemdirError("BAD_JSON", `${path} is not valid JSON`, {
      expected: "strict JSON (Claude Code settings allow no comments or trailing commas)",
      received: where,
      hint: "fix the file (Claude Code ignores it as it is); memdir changed nothing",
      cause: e,
    });
  }
}

function stamp(nowMs: number): string {
  return new Date(nowMs).toISOString().replace(/:/g, "-");
}

/**
 * Writes `plan.settings` to `settingsPath` when `plan.changed`: re-reads the file first and throws
 * MemdirError BAD_JSON (invalid) or IO (changed since the plan) without writing anything; copies the
 * original bytes to `<backupDir | dir>/<name>.memdir-backup-<ISO time>` (no backup when the file did
 * not exist); keeps the file mode; follows a symlink to its target. Returns the paths written.
 */
function applyPlan(
  settingsPath: string,
  plan: InstallPlan | UninstallPlan,
  opts: { backupDir?: string; nowMs: number },
): { written: boolean; backupPath?: string } {
  const target = realTarget(settingsPath);
  const current = readSettingsFile(target);
  if (JSON.stringify(current.settings) !== JSON.stringify(plan.original)) {
    throw new MemdirError("IO", `${settingsPath} changed while memdir was planning`, {
      expected: "the settings the plan was computed from",
      received: "different content on disk",
      hint: "run the command again",
    });
  }
  if (!plan.changed || (current.settings === undefined && !("hooks" in plan.settings)))
    return { written: false };
  let mode = 0o600;
  try {
    mode = statSync(target).mode & 0o777;
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
  }
  let backupPath: string | undefined;
  if (current.text !== undefined && current.text.trim() !== "") {
    const base = join(
      opts.backupDir ?? dirname(target),
      `${basename(target)}.memdir-backup-${stamp(opts.nowMs)}`,
    );
    backupPath = base;
    for (let i = 1; existsSync(backupPath); i++) backupPath = `${base}-${i}`;
    writeFileAtomic(backupPath, current.text, mode);
  }
  writeFileAtomic(target, `${JSON.stringify(plan.settings, null, 2)}\n`, mode);
  return backupPath === undefined ? { written: true } : { written: true, backupPath };
}

interface InstallState {
  version: 1;
  installs: Record<string, InstallRecord & { installedAt: string }>;
}

function readState(statePath: string): InstallState {
  const s = readJsonFile<unknown>(statePath, undefined, true);
  const installs = typeof s === "object" && s !== null ? (s as { installs?: unknown }).installs : undefined;
  return {
    version: 1,
    installs: typeof installs === "object" && installs !== null ? (installs as InstallState["installs"]) : {},
  };
}

/** The install record stored for `settingsPath` (by its real path), or undefined. Never throws on a corrupt state file. */
export function readInstallRecord(statePath: string, settingsPath: string): InstallRecord | undefined {
  const r = readState(statePath).installs[realTarget(settingsPath)];
  return r && Array.isArray(r.entries) && Array.isArray(r.createdEvents) ? r : undefined;
}

/**
 * Applies an install plan (see applyPlan) and, with `statePath`, stores `plan.record` for this
 * settings file so uninstall removes exactly what was added.
 */
export function applyInstall(
  settingsPath: string,
  plan: InstallPlan,
  opts: { backupDir?: string; nowMs: number; statePath?: string },
): { written: boolean; backupPath?: string } {
  const res = applyPlan(settingsPath, plan, opts);
  if (opts.statePath !== undefined) {
    const state = readState(opts.statePath);
    state.installs[realTarget(settingsPath)] = {
      ...plan.record,
      installedAt: new Date(opts.nowMs).toISOString(),
    };
    writeJsonAtomic(opts.statePath, state);
  }
  return res;
}

/** Applies an uninstall plan (see applyPlan) and, with `statePath`, forgets the install record. */
export function applyUninstall(
  settingsPath: string,
  plan: UninstallPlan,
  opts: { backupDir?: string; nowMs: number; statePath?: string },
): { written: boolean; backupPath?: string } {
  const res = applyPlan(settingsPath, plan, opts);
  if (opts.statePath !== undefined && existsSync(opts.statePath)) {
    const state = readState(opts.statePath);
    delete state.installs[realTarget(settingsPath)];
    writeJsonAtomic(opts.statePath, state);
  }
  return res;
}
