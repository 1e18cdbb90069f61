/**
 * The per-invocation application context: resolved paths, user config, and a logger/event recorder
 * that scrub text before it is written (privacy: nothing secret is logged).
 */

import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type HarnessMemorySettings,
  harnessMemorySettings,
  harnessProjectDir,
} from "../adapters/registry.js";
import { loadUserConfigSync, type UserConfig } from "../config/index.js";
import { appendLog, type LogLevel } from "../core/log.js";
import {
  assertContained,
  ensureStateRoot,
  findGitRoot,
  type GitRootInfo,
  memdirHome,
  type ProjectPaths,
  recordOwnStateRoot,
  relocatedStateRoot,
  resolveProjectPaths,
  stateOwnership,
  statePaths,
} from "../paths/index.js";
import { scrub } from "../privacy/index.js";
import type { Runtime } from "./runtime.js";

export interface AppContext {
  rt: Runtime;
  paths: ProjectPaths;
  config: UserConfig;
  /** Problems with the config that did not stop memdir (an unknown key, e.g. a typo): shown at SessionStart and by status. */
  configWarnings: string[];
  /** What memdir found about this project's paths and did something about (a `.memdir/` git tracks): shown at SessionStart and by status. */
  notices: string[];
  /** What the harness's own settings say about memory here (the switches, the memory dir), read once. */
  harnessMemory: HarnessMemorySettings;
  /** One line in `<memdirHome>/logs/memdir.log`. */
  log(level: LogLevel, source: string, msg: string, extra?: Record<string, unknown>): void;
  /** One record in `<memdirHome>/logs/events.jsonl` (extractions, skips, failures; read by `memdir status`). */
  event(kind: string, data: Record<string, unknown>): void;
}

/** `data` with every string value scrubbed (events.jsonl is a log: errors and model ids may carry secrets). */
function scrubValues(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    try {
      out[k] = typeof v === "string" ? scrub(v) : v;
    } catch {
      out[k] = "[dropped: could not be scrubbed]";
    }
  }
  return out;
}

/** The notice for a `.memdir/` that came with the repository (git tracks files in it). */
function repositoryStateNotice(repoRoot: string, tracked: string[], relocated: string): string {
  const files = tracked.slice(0, 3).join(", ") + (tracked.length > 3 ? ", …" : "");
  return `this repository ships ${repoRoot} (git tracks ${files}): someone else wrote it, so memdir never reads it as your notes nor writes yours into it; this project's notepad and session state live in ${relocated}. Read the shipped files with \`git show HEAD:<path>\` if you want to know what they say.`;
}

/**
 * Creates the state root and its `.gitignore` when missing (every hook and job writes there), and
 * records a state root memdir created itself as the user's own (no git check needed later).
 */
export function ensureProjectState(ctx: AppContext): void {
  const { paths } = ctx;
  const created = !existsSync(paths.stateRoot);
  ensureStateRoot(paths.stateRoot);
  if (created && paths.stateRootSource === "project" && !paths.repositoryStateRoot)
    recordOwnStateRoot(paths.stateRoot, paths.projectRoot, paths.memdirHome, ctx.rt.now());
}

/** Where to log when the project context itself could not be built. */
export function fallbackLogFile(rt: Runtime): string {
  return join(memdirHome(rt.env), "logs", "memdir.log");
}

/** Writes one scrubbed log line; never throws. */
export function logLine(
  file: string,
  rt: Runtime,
  level: LogLevel,
  source: string,
  msg: string,
  extra: Record<string, unknown> = {},
): void {
  let safe = msg;
  try {
    safe = scrub(msg);
  } catch {
    safe = "[log message dropped: could not be scrubbed]";
  }
  appendLog(file, { level, source, msg: safe, ...extra }, rt.now());
}

/**
 * Builds the context for a project at `cwd`. Throws MemdirError (bad config, bad paths, and
 * UNSAFE_PATH when a directory memdir would write to is reached through a symbolic link, unless
 * `opts.unsafeOk`: `memdir status` shows the problem instead); callers in hooks catch and log.
 */
/**
 * The directory a command works in: the project directory the harness named for its hooks and tools
 * (when memdir runs inside one), else the process's cwd.
 */
export function workingDir(rt: Runtime): string {
  return harnessProjectDir(rt.env) ?? rt.cwd;
}

/**
 * The IANA time zone of "today" for this user: config `timeZone`, else the system's
 * (`rt.timeZone`), else "UTC". KAIROS daily logs are filed under its calendar day.
 */
export function localTimeZone(ctx: Pick<AppContext, "config" | "rt">): string {
  return ctx.config.timeZone ?? ctx.rt.timeZone ?? "UTC";
}

/** The git root of `cwd` (null outside git) and the harness's memory settings for it; reads nothing else yet. */
export function harnessMemoryFor(
  rt: Runtime,
  cwd: string,
): { git: GitRootInfo | null; harnessMemory: HarnessMemorySettings } {
  const git = findGitRoot(cwd) ?? null;
  const launchDir = harnessProjectDir(rt.env) ?? cwd;
  const launchGit = launchDir === cwd ? git : (findGitRoot(launchDir) ?? null);
  const harnessMemory = harnessMemorySettings(rt.env, {
    launchDir,
    ...(launchGit ? { canonicalRoot: launchGit.canonicalRoot, worktreeRoot: launchGit.worktreeRoot } : {}),
    ...(rt.managedSettingsDir ? { managedDir: rt.managedSettingsDir } : {}),
    platform: process.platform,
  });
  return { git, harnessMemory };
}

export function projectContext(
  rt: Runtime,
  cwd: string,
  opts: { unsafeOk?: boolean; known?: ReturnType<typeof harnessMemoryFor> } = {},
): AppContext {
  const configWarnings: string[] = [];
  const config = loadUserConfigSync(memdirHome(rt.env), (e) =>
    configWarnings.push(`${e.message.split("\n")[0]} (ignored); ${e.hint}`),
  );
  const { git, harnessMemory } = opts.known ?? harnessMemoryFor(rt, cwd);
  let paths = resolveProjectPaths(
    { cwd, env: rt.env, trustedConfig: config, harnessDirectory: () => harnessMemory.directory().use },
    git,
  );
  const notices: string[] = [];
  if (paths.stateRootSource === "project") {
    // A `.memdir/` that came with the repository is never used, whatever it holds (links included).
    const own = stateOwnership(paths.stateRoot, paths.projectRoot, paths.memdirHome, rt.now());
    if (own.verdict === "tracked") {
      const relocated = relocatedStateRoot(paths.memdirHome, paths.projectRoot);
      notices.push(repositoryStateNotice(paths.stateRoot, own.tracked, relocated));
      paths = { ...paths, ...statePaths(relocated), repositoryStateRoot: paths.stateRoot };
    }
  }
  if (!opts.unsafeOk) assertContained(paths, rt.env);
  return {
    rt,
    paths,
    config,
    configWarnings,
    notices,
    harnessMemory,
    log: (level, source, msg, extra) => logLine(paths.logFile, rt, level, source, msg, extra),
    // `kind` is the event's own: a `kind` in `data` (an error kind) is kept as `error_kind`.
    event: (kind, { kind: dataKind, ...data }) =>
      appendLog(
        paths.eventsFile,
        {
          level: "info",
          source: "event",
          msg: kind,
          ...scrubValues(data),
          ...(dataKind === undefined ? {} : { error_kind: dataKind }),
          kind,
        },
        rt.now(),
      ),
  };
}
