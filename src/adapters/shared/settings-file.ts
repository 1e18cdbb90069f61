/**
 * Writing an install/uninstall plan: strict-JSON read of the settings file, a timestamped backup of the
 * original bytes, an atomic write (core/fs) that keeps key order with 2-space JSON, and the install
 * record in `<memdirHome>/install-state.json`. Fixes the "settings clobbered" class of faults: a file
 * that is not valid JSON, or that changed after the plan was made, is never written.
 */

import { createHash } from "node:crypto";
import { existsSync, lstatSync, realpathSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { readTextIfExists, removeFile, writeFileAtomic } from "../../core/fs.js";
import { readJsonFile, writeJsonAtomic } from "../../core/json.js";
import type { InstallPlan, InstallRecord, UninstallPlan } from "./install-plan.js";

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
      expected:
        "strict JSON (no comments or trailing commas: memdir never rewrites a file it cannot read back exactly)",
      received: where,
      hint: "fix the file (or remove its comments); memdir changed nothing",
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
): { written: boolean; backupPath?: string; existed?: boolean; writtenSha256?: string } {
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
  const text = `${JSON.stringify(plan.settings, null, 2)}\n`;
  writeFileAtomic(target, text, mode);
  return {
    written: true,
    existed: current.exists,
    writtenSha256: sha256(text),
    ...(backupPath === undefined ? {} : { backupPath }),
  };
}

const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

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
    const key = realTarget(settingsPath);
    // The file as it was before the FIRST install is what uninstall gives back.
    const first =
      state.installs[key]?.restore ??
      (res.written
        ? { existed: res.existed === true, ...(res.backupPath ? { backupPath: res.backupPath } : {}) }
        : undefined);
    state.installs[key] = {
      ...plan.record,
      ...(first && res.writtenSha256
        ? { restore: { ...first, writtenSha256: res.writtenSha256 } }
        : first && state.installs[key]?.restore
          ? { restore: state.installs[key]!.restore }
          : {}),
      installedAt: new Date(opts.nowMs).toISOString(),
    };
    writeJsonAtomic(opts.statePath, state);
  }
  return { written: res.written, ...(res.backupPath ? { backupPath: res.backupPath } : {}) };
}

/**
 * Applies an uninstall plan and, with `statePath`, forgets the install record. When the file is still
 * exactly what memdir last wrote, the bytes from before the first install come back (or the file is
 * removed when install created it), so the settings are byte-identical to before; otherwise only
 * memdir's entries are removed (see applyPlan).
 */
export function applyUninstall(
  settingsPath: string,
  plan: UninstallPlan,
  opts: { backupDir?: string; nowMs: number; statePath?: string },
): { written: boolean; backupPath?: string; restored?: boolean } {
  const record = opts.statePath === undefined ? undefined : readInstallRecord(opts.statePath, settingsPath);
  const res = restoreOriginal(settingsPath, plan, record) ?? applyPlan(settingsPath, plan, opts);
  if (opts.statePath !== undefined && existsSync(opts.statePath)) {
    const state = readState(opts.statePath);
    delete state.installs[realTarget(settingsPath)];
    writeJsonAtomic(opts.statePath, state);
  }
  if ("restored" in res) return { written: true, restored: true };
  return { written: res.written, ...(res.backupPath ? { backupPath: res.backupPath } : {}) };
}

/** The byte restore of applyUninstall, or undefined when it does not apply. */
function restoreOriginal(
  settingsPath: string,
  plan: UninstallPlan,
  record: InstallRecord | undefined,
): { written: boolean; restored: true } | undefined {
  const r = record?.restore;
  if (!r) return undefined;
  const target = realTarget(settingsPath);
  const now = readTextIfExists(target);
  if (now === undefined || sha256(now) !== r.writtenSha256) return undefined;
  if (!r.existed) {
    removeFile(target);
    return { written: true, restored: true };
  }
  const original = r.backupPath === undefined ? "" : readTextIfExists(r.backupPath);
  if (original === undefined) return undefined;
  // Parsing back to what the plan computes guards against a backup that is not this file's.
  const body = original.charCodeAt(0) === 0xfeff ? original.slice(1) : original;
  try {
    if (body.trim() !== "" && JSON.stringify(JSON.parse(body)) !== JSON.stringify(plan.settings))
      return undefined;
  } catch {
    return undefined;
  }
  let mode = 0o600;
  try {
    mode = statSync(target).mode & 0o777;
  } catch {}
  writeFileAtomic(target, original, mode);
  return { written: true, restored: true };
}
