/**
 * `memdir install <harness>` / `memdir uninstall <harness>`: plan (pure, adapters/shared/install-plan.ts
 * over the adapter's registrations) then apply (backup + atomic write + install record), then the
 * harness's own step when it has one (Codex: trust). `--dry-run` prints the plan and writes nothing.
 */
import { execFileSync } from "node:child_process";
import { realpathSync, statSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import {
  allAdapters,
  applyInstall,
  applyUninstall,
  countMemdirHooks,
  type HarnessAdapter,
  type InstallScope,
  installStatePath,
  loadAdapter,
  planInstall,
  planUninstall,
  readInstallRecord,
  readSettingsFile,
} from "../../adapters/registry.js";
import { MemdirError } from "../../core/errors.js";
import { readJsonFile, writeJsonAtomic } from "../../core/json.js";
import type { HarnessName } from "../../harness/index.js";
import { homeDir, memdirHome } from "../../paths/index.js";
import { projectContext, workingDir } from "../context.js";
import type { Runtime } from "../runtime.js";

export interface InstallCliOptions {
  scope: InstallScope;
  dryRun: boolean;
  /** The memdir bin to register (default: the running dist/memdir.cjs). */
  memdirBin?: string;
  /** Node executable to register (default: the running one). */
  nodePath?: string;
  /** `<harness> --version` output; default: asks the installed harness (20 s timeout: `gemini --version` takes 6-14 s on a 2-core machine). */
  harnessVersion?: string;
}

/** The harness executable on PATH (`env.PATH`), or undefined. */
export function findExecutable(name: string, env: Runtime["env"]): string | undefined {
  for (const dir of (env.PATH ?? "").split(delimiter)) {
    if (!dir) continue;
    const p = join(dir, name);
    try {
      if (statSync(p).isFile()) return p;
    } catch {}
  }
  return undefined;
}

interface Target {
  adapter: HarnessAdapter;
  settingsPath: string;
  statePath: string;
  projectRoot: string;
}

async function target(rt: Runtime, harness: HarnessName, scope: InstallScope): Promise<Target> {
  const adapter = await loadAdapter(harness);
  if (!adapter.install.scopes.includes(scope)) {
    throw new MemdirError("BAD_INPUT", `${adapter.displayName} has no ${scope}-scope settings file`, {
      expected: adapter.install.scopes.map((s) => `--scope ${s}`).join(" or "),
      received: `--scope ${scope}`,
      hint: `use ${adapter.install.scopes.map((s) => `--scope ${s}`).join(" or ")}`,
    });
  }
  const projectRoot = projectContext(rt, workingDir(rt)).paths.projectRoot;
  return {
    adapter,
    settingsPath: adapter.install.settingsPath(scope, {
      env: rt.env,
      home: homeDir(rt.env),
      ...(scope === "user" ? {} : { projectRoot }),
    }),
    statePath: installStatePath(memdirHome(rt.env)),
    projectRoot,
  };
}

/** Backups of settings files go to `~/.memdir/backups/`, never into a repository. */
function backupDir(rt: Runtime): string {
  return join(memdirHome(rt.env), "backups");
}

/** `~/.memdir/trust-records.json`: what each harness's trust step recorded, by settings file. */
function trustRecordsPath(rt: Runtime): string {
  return join(memdirHome(rt.env), "trust-records.json");
}

function realBin(p: string): string {
  try {
    return realpathSync(resolve(p));
  } catch {
    return resolve(p);
  }
}

function detectVersion(adapter: HarnessAdapter, exe: string | undefined): string | undefined {
  const { parseVersion } = adapter.install;
  if (!exe || !parseVersion) return undefined;
  try {
    const out = execFileSync(exe, ["--version"], { timeout: 20_000, stdio: ["ignore", "pipe", "ignore"] });
    return parseVersion(String(out));
  } catch {
    return undefined;
  }
}

/**
 * Installs memdir's hooks for `harness`; returns a human-readable summary. Throws MemdirError BAD_JSON
 * for a settings file that is not strict JSON, BAD_INPUT for a scope the harness has no file for.
 */
export async function installHarness(
  rt: Runtime,
  harness: HarnessName,
  o: InstallCliOptions,
): Promise<string> {
  const { adapter, settingsPath, statePath, projectRoot } = await target(rt, harness, o.scope);
  const memdirBin = realBin(o.memdirBin ?? process.argv[1] ?? "memdir");
  const exe = findExecutable(adapter.install.executable, rt.env);
  const version = o.harnessVersion ?? detectVersion(adapter, exe);
  const current = readSettingsFile(settingsPath);
  const plan = planInstall({
    settings: current.settings,
    nodePath: o.nodePath ?? process.execPath,
    memdirBin,
    harness,
    registrations: adapter.install.registrations(version),
    previous: readInstallRecord(statePath, settingsPath),
  });
  const lines = [
    `${o.dryRun ? "would update" : "updated"} ${settingsPath}`,
    `${adapter.install.executable} version: ${version ?? (adapter.install.parseVersion ? "unknown" : "not needed (the same hooks for every version)")}${plan.asyncUsed ? "; hooks that need no output run async" : ""}`,
    ...plan.added.map(
      (e) => `  + ${e.event}${e.matcher ? ` [${e.matcher}]` : ""}${e.async ? " (async)" : ""}: ${e.command}`,
    ),
    ...plan.removed.map((e) => `  - ${e.event}: ${e.command}`),
  ];
  if (!plan.changed)
    lines.splice(0, lines.length, `${settingsPath} already has memdir's hooks; nothing to do`);
  if (memdirBin.includes("/_npx/"))
    lines.push(
      "warning: memdir runs from the npx cache, which gets cleaned; install it with npm install -g memdir",
    );
  if (o.scope === "project")
    lines.push("note: project scope commits this machine's absolute paths into the repository");
  if (o.dryRun) return lines.join("\n");
  if (plan.changed) {
    const res = applyInstall(settingsPath, plan, { nowMs: rt.now(), statePath, backupDir: backupDir(rt) });
    if (res.backupPath) lines.push(`backup: ${res.backupPath}`);
  }
  const twice = doubleInstallWarning(adapter, memdirHooksByScope(rt, adapter, projectRoot ?? workingDir(rt)));
  if (twice) lines.push(`warning: ${twice}`);
  if (adapter.install.trust) {
    const records = readJsonFile<Record<string, unknown>>(trustRecordsPath(rt), {}, true) ?? {};
    const t = await adapter.install.trust({
      env: rt.env,
      scope: o.scope,
      cwd: projectRoot,
      settingsPath,
      executablePath: exe,
      previous: records[settingsPath],
    });
    lines.push(...t.lines);
    // The adapter merged the earlier record in (the file as it was before memdir, every key trusted).
    if (t.record !== undefined) {
      records[settingsPath] = t.record;
      writeJsonAtomic(trustRecordsPath(rt), records);
    }
  }
  return lines.join("\n");
}

/** Removes exactly what install added (and the trust it wrote); returns a summary. */
export async function uninstallHarness(
  rt: Runtime,
  harness: HarnessName,
  o: { scope: InstallScope; dryRun: boolean },
): Promise<string> {
  const { adapter, settingsPath, statePath, projectRoot } = await target(rt, harness, o.scope);
  const lines: string[] = [];
  const records = readJsonFile<Record<string, unknown>>(trustRecordsPath(rt), {}, true) ?? {};
  if (!o.dryRun && adapter.install.untrust && records[settingsPath] !== undefined) {
    const exe = findExecutable(adapter.install.executable, rt.env);
    lines.push(
      ...(await adapter.install.untrust(
        { env: rt.env, scope: o.scope, cwd: projectRoot, settingsPath, executablePath: exe },
        records[settingsPath],
      )),
    );
    delete records[settingsPath];
    writeJsonAtomic(trustRecordsPath(rt), records);
  }
  const current = readSettingsFile(settingsPath);
  if (!current.exists) return [...lines, `${settingsPath} does not exist; nothing to do`].join("\n");
  const plan = planUninstall(current.settings, readInstallRecord(statePath, settingsPath));
  if (!plan.changed) return [...lines, `${settingsPath} has no memdir hooks; nothing to do`].join("\n");
  lines.unshift(
    `${o.dryRun ? "would update" : "updated"} ${settingsPath}`,
    ...plan.removed.map((e) => `  - ${e.event}: ${e.command}`),
  );
  if (o.dryRun) return lines.join("\n");
  const res = applyUninstall(settingsPath, plan, { nowMs: rt.now(), statePath, backupDir: backupDir(rt) });
  if (res.restored) lines.push(`restored ${settingsPath} to its bytes from before memdir`);
  else if (res.backupPath) lines.push(`backup: ${res.backupPath}`);
  return lines.join("\n");
}

/** Where one harness has memdir's hooks, and whether the harness trusts them. */
export interface HarnessInstallStatus {
  harness: HarnessName;
  displayName: string;
  /** Per settings file memdir can write: how many memdir hooks it holds (0 = not installed there). */
  settings: { scope: InstallScope; path: string; hooks: number }[];
  /** For harnesses that gate hooks on trust (Codex), when installed: what the harness says. */
  trust?: string;
  /** Set when memdir's hooks would run twice (installed at two scopes of a harness that runs both). */
  warning?: string;
}

/** Each settings file of `adapter` and how many memdir hooks it holds (0 for an unreadable file: the harness does not load it either). */
function memdirHooksByScope(
  rt: Runtime,
  adapter: HarnessAdapter,
  projectRoot: string,
): { scope: InstallScope; path: string; hooks: number }[] {
  return adapter.install.scopes.map((scope) => {
    const path = adapter.install.settingsPath(scope, {
      env: rt.env,
      home: homeDir(rt.env),
      ...(scope === "user" ? {} : { projectRoot }),
    });
    let hooks = 0;
    try {
      hooks = countMemdirHooks(readSettingsFile(path).settings);
    } catch {}
    return { scope, path, hooks };
  });
}

/** The warning for memdir's hooks in two settings files of a harness that runs both (every hook twice). */
function doubleInstallWarning(
  adapter: HarnessAdapter,
  settings: { scope: InstallScope; path: string; hooks: number }[],
): string | undefined {
  const where = settings.filter((x) => x.hooks > 0);
  if (!adapter.install.runsEveryScope || where.length < 2) return undefined;
  const cli = adapter.name === "claude-code" ? "claude" : adapter.name;
  return `memdir's hooks are installed at ${where.map((x) => x.scope).join(" and ")} scope; ${adapter.displayName} runs both, so every hook runs ${where.length} times: keep one (memdir uninstall ${cli} --scope ${where[0]?.scope})`;
}

/** `memdir status`'s harness part: each harness's settings files and memdir's hooks in them. */
export async function harnessInstallStatus(rt: Runtime): Promise<HarnessInstallStatus[]> {
  const projectRoot = projectContext(rt, workingDir(rt), { unsafeOk: true }).paths.projectRoot;
  const out: HarnessInstallStatus[] = [];
  for (const adapter of await allAdapters()) {
    const settings = memdirHooksByScope(rt, adapter, projectRoot);
    const s: HarnessInstallStatus = { harness: adapter.name, displayName: adapter.displayName, settings };
    const twice = doubleInstallWarning(adapter, settings);
    if (twice) s.warning = twice;
    const installed = settings.find((x) => x.hooks > 0);
    if (installed && adapter.install.trustState)
      s.trust = await adapter.install.trustState({
        env: rt.env,
        scope: installed.scope,
        cwd: projectRoot,
        settingsPath: installed.path,
        executablePath: findExecutable(adapter.install.executable, rt.env),
      });
    out.push(s);
  }
  return out;
}
