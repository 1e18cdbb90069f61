/**
 * `memdir install claude` / `memdir uninstall claude`: plan (pure, adapters/claude-code/install.ts) then
 * apply (backup + atomic write + install record). `--dry-run` prints the plan and writes nothing.
 */
import { execFileSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import {
  applyInstall,
  applyUninstall,
  detectClaudeVersion,
  type InstallScope,
  installStatePath,
  planInstall,
  planUninstall,
  readInstallRecord,
  readSettingsFile,
  settingsPathFor,
} from "../adapters/claude-code/index.js";
import { claudeConfigDir, memdirHome } from "../paths/index.js";
import { projectContext, workingDir } from "./context.js";
import type { Runtime } from "./runtime.js";

export interface InstallCliOptions {
  scope: InstallScope;
  dryRun: boolean;
  /** The memdir bin to register (default: the running dist/memdir.cjs). */
  memdirBin?: string;
  /** Node executable to register (default: the running one). */
  nodePath?: string;
  /** `claude --version` output; default: asks the installed `claude` (5 s timeout). */
  claudeVersion?: string;
}

function target(rt: Runtime, scope: InstallScope): { settingsPath: string; statePath: string } {
  const projectRoot = scope === "user" ? undefined : projectContext(rt, workingDir(rt)).paths.projectRoot;
  return {
    settingsPath: settingsPathFor(scope, { claudeConfigDir: claudeConfigDir(rt.env), projectRoot }),
    statePath: installStatePath(memdirHome(rt.env)),
  };
}

/** Backups of settings files go to `~/.memdir/backups/`, never into a repository's `.claude/`. */
function backupDir(rt: Runtime): string {
  return join(memdirHome(rt.env), "backups");
}

function realBin(p: string): string {
  try {
    return realpathSync(resolve(p));
  } catch {
    return resolve(p);
  }
}

/** Installs the hooks; returns a human-readable summary. Throws MemdirError BAD_JSON for a broken settings file. */
export async function installClaude(rt: Runtime, o: InstallCliOptions): Promise<string> {
  const { settingsPath, statePath } = target(rt, o.scope);
  const memdirBin = realBin(o.memdirBin ?? process.argv[1] ?? "memdir");
  const claudeVersion =
    o.claudeVersion ??
    detectClaudeVersion((f, a) =>
      execFileSync(f, a, { timeout: 5_000, stdio: ["ignore", "pipe", "ignore"] }),
    );
  const current = readSettingsFile(settingsPath);
  const plan = planInstall({
    settings: current.settings,
    nodePath: o.nodePath ?? process.execPath,
    memdirBin,
    claudeVersion,
    previous: readInstallRecord(statePath, settingsPath),
  });
  const lines = [
    `${o.dryRun ? "would update" : "updated"} ${settingsPath}`,
    `claude version: ${claudeVersion ?? "unknown (hooks registered without async)"}${plan.asyncUsed ? "; state-only hooks run async" : ""}`,
    ...plan.added.map(
      (e) => `  + ${e.event}${e.matcher ? ` [${e.matcher}]` : ""}${e.async ? " (async)" : ""}: ${e.command}`,
    ),
    ...plan.removed.map((e) => `  - ${e.event}: ${e.command}`),
  ];
  if (!plan.changed) return `${settingsPath} already has memdir's hooks; nothing to do`;
  if (memdirBin.includes("/_npx/"))
    lines.push(
      "warning: memdir runs from the npx cache, which gets cleaned; install it with npm install -g memdir",
    );
  if (o.scope === "project")
    lines.push(
      "note: project scope commits this machine's absolute paths; --scope local keeps them out of git",
    );
  if (o.dryRun) return lines.join("\n");
  const res = applyInstall(settingsPath, plan, { nowMs: rt.now(), statePath, backupDir: backupDir(rt) });
  if (res.backupPath) lines.push(`backup: ${res.backupPath}`);
  return lines.join("\n");
}

/** Removes exactly what install added; returns a summary. */
export async function uninstallClaude(
  rt: Runtime,
  o: { scope: InstallScope; dryRun: boolean },
): Promise<string> {
  const { settingsPath, statePath } = target(rt, o.scope);
  const current = readSettingsFile(settingsPath);
  if (!current.exists) return `${settingsPath} does not exist; nothing to do`;
  const plan = planUninstall(current.settings, readInstallRecord(statePath, settingsPath));
  if (!plan.changed) return `${settingsPath} has no memdir hooks; nothing to do`;
  const lines = [
    `${o.dryRun ? "would update" : "updated"} ${settingsPath}`,
    ...plan.removed.map((e) => `  - ${e.event}: ${e.command}`),
  ];
  if (o.dryRun) return lines.join("\n");
  const res = applyUninstall(settingsPath, plan, { nowMs: rt.now(), statePath, backupDir: backupDir(rt) });
  if (res.backupPath) lines.push(`backup: ${res.backupPath}`);
  return lines.join("\n");
}
