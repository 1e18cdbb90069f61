/** The bundle of every path a hook or job needs for one project (ARCHITECTURE.md "paths/"). */
import { join } from "node:path";
import { findGitRoot, type GitRootInfo } from "./git-root.js";
import { envPath, homeDir, memdirHome } from "./home.js";
import { type MemoryDirOptions, type MemoryDirSource, resolveMemoryDirDetailed } from "./memory-dir.js";
import { projectKey } from "./project-key.js";
import { resolveStateRoot } from "./state-root.js";
import { assertCwd } from "./validate.js";

export interface ProjectPaths {
  /** Canonical git root (main checkout), or the cwd outside git: what the memory key is derived from. */
  projectRoot: string;
  /** The memory dir (DESIGN.md §3.1): MEMORY.md + topic files. */
  memoryDir: string;
  /** Which rule chose `memoryDir`; only `default` dirs are claimed with `claimMemoryDir`. */
  memoryDirSource: MemoryDirSource;
  /** For `claude-settings`: the settings file (and scope) that set the memory dir. */
  memoryDirFrom?: string;
  /** The `.memdir/` state root (DESIGN.md §3.2). Not created here: see `ensureStateRoot`. */
  stateRoot: string;
  /** `env`: `MEMDIR_STATE_DIR` chose it (outside the project, the user's own); `project`: inside the project. */
  stateRootSource: "env" | "project";
  /**
   * Set when the in-project `.memdir/` came with the repository (git tracks files in it): that
   * directory, never read nor written; `stateRoot` is then `relocatedStateRoot(…)`.
   */
  repositoryStateRoot?: string;
  /** `<stateRoot>/notepad.md` */
  notepad: string;
  /** `<stateRoot>/project-memory.json` */
  projectMemory: string;
  /** `<stateRoot>/sessions` (session end records `<id>.json`) */
  sessionsDir: string;
  /** `<stateRoot>/summaries` (`<id>.md` rolling session summaries) */
  summariesDir: string;
  /** `<stateRoot>/state` (use `sessionStatePaths` for files inside) */
  stateDir: string;
  /** `$MEMDIR_HOME` or `~/.memdir` */
  memdirHome: string;
  /** `<memdirHome>/user-memory` */
  userMemoryDir: string;
  /** `<memdirHome>/logs/memdir.log` */
  logFile: string;
  /** `<memdirHome>/logs/events.jsonl` */
  eventsFile: string;
  /** `<memdirHome>/index/search.db`: the derived search database (rebuildable; `memdir reindex`). */
  indexFile: string;
  /** `<stateRoot>/wiki` (DESIGN.md §3.2): wiki pages, `index.md`, `log.md`. */
  wikiDir: string;
  /** `<memdirHome>/ledger.json` (DESIGN.md §3.3): model token spend per day and the circuit breaker. */
  ledgerFile: string;
}

/**
 * Resolves every project path for `cwd`. Cheap enough for every hook event: no subprocess, one
 * upward walk for `.git` (plus three small reads in a linked worktree; skipped when `knownGit` is given,
 * `null` = outside git) and one for the workspace marker. Creates nothing.
 * @throws MemdirError BAD_INPUT (cwd), BAD_PATH (env paths, missing HOME), BAD_CONFIG (autoMemoryDirectory).
 */
export function resolveProjectPaths(opts: MemoryDirOptions, knownGit?: GitRootInfo | null): ProjectPaths {
  assertCwd(opts.cwd);
  const git = knownGit === undefined ? (findGitRoot(opts.cwd) ?? null) : knownGit;
  const mem = resolveMemoryDirDetailed(opts, git);
  const home = opts.env.HOME || opts.env.USERPROFILE ? homeDir(opts.env) : undefined;
  const stateRoot = resolveStateRoot({ cwd: opts.cwd, env: opts.env, home }, git);
  const mh = memdirHome(opts.env);
  return {
    projectRoot: mem.projectRoot,
    memoryDir: mem.memoryDir,
    memoryDirSource: mem.source,
    ...(mem.from === undefined ? {} : { memoryDirFrom: mem.from }),
    ...statePaths(stateRoot),
    stateRootSource: envPath(opts.env, "MEMDIR_STATE_DIR") === undefined ? "project" : "env",
    memdirHome: mh,
    userMemoryDir: join(mh, "user-memory"),
    logFile: join(mh, "logs", "memdir.log"),
    eventsFile: join(mh, "logs", "events.jsonl"),
    indexFile: join(mh, "index", "search.db"),
    ledgerFile: join(mh, "ledger.json"),
  };
}

type StatePaths = Pick<
  ProjectPaths,
  "stateRoot" | "notepad" | "projectMemory" | "sessionsDir" | "summariesDir" | "stateDir" | "wikiDir"
>;

/** Every path under the state root `stateRoot`. */
export function statePaths(stateRoot: string): StatePaths {
  return {
    stateRoot,
    notepad: join(stateRoot, "notepad.md"),
    projectMemory: join(stateRoot, "project-memory.json"),
    sessionsDir: join(stateRoot, "sessions"),
    summariesDir: join(stateRoot, "summaries"),
    stateDir: join(stateRoot, "state"),
    wikiDir: join(stateRoot, "wiki"),
  };
}

/**
 * The state root memdir uses for `projectRoot` when the in-project one came with the repository:
 * `<memdirHome>/state/<projectKey(projectRoot)>`.
 */
export function relocatedStateRoot(memdirHomeDir: string, projectRoot: string): string {
  return join(memdirHomeDir, "state", projectKey(projectRoot));
}
