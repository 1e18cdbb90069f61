/**
 * Which memory an agent (subagent) type uses:
 * - its definition says `memory: <scope>` (Claude Code): that one scope, which Claude Code loads into
 *   the agent's prompt itself while its auto memory is on (memdir then does not inject it);
 * - otherwise config `agentMemory.defaultScopes` (default `["local"]`): every Codex CLI subagent
 *   (Codex has no agent memory of its own), Claude Code's built-in agents and definitions without it.
 * The first scope is where SubagentStop extraction writes. Gemini CLI 0.61.0 has no subagent hooks:
 * its agents' memory is reachable only through `memdir list/show/search --agent`.
 * Also the snapshot step of SubagentStart: initialize an empty memory dir from the team's snapshot,
 * or announce a newer snapshot once.
 */
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HarnessAdapter } from "../adapters/registry.js";
import { ensureDir } from "../core/fs.js";
import {
  AGENT_MEMORY_SCOPES,
  type AgentMemoryScope,
  agentDirRefusal,
  agentMemoryBase,
  agentMemoryDir,
  agentSnapshotDir,
  sanitizeAgentName,
} from "../paths/index.js";
import {
  checkSnapshot,
  initializeFromSnapshot,
  readSyncedFrom,
  recordSnapshotSynced,
  type SnapshotAction,
} from "../store/agent-snapshot.js";
import type { AppContext } from "./context.js";

export interface AgentScopeDir {
  scope: AgentMemoryScope;
  dir: string;
  /** Why memdir must not write here (a symbolic link in a project or local dir); the memory is read-only. */
  refused?: string;
}

export interface AgentMemoryPlan {
  agentType: string;
  /** The directory name (sanitized as Claude Code does). */
  name: string;
  /** The scopes in use, injection order; empty = no agent memory for this type. */
  scopes: AgentScopeDir[];
  /** Where extraction writes (the first scope), if any. */
  primary?: AgentScopeDir;
  /** The scope the harness loads into the agent's prompt itself. */
  harnessLoads?: AgentMemoryScope;
  /** `definition`: from the agent definition's `memory:`; `config`: `agentMemory.defaultScopes`. */
  source: "definition" | "config";
}

export function scopeDir(
  scope: AgentMemoryScope,
  agentType: string,
  cwd: string,
  ctx: AppContext,
): AgentScopeDir {
  const dir = agentMemoryDir(scope, agentType, { cwd, env: ctx.rt.env });
  const refused = agentDirRefusal(scope, dir);
  return refused ? { scope, dir, refused } : { scope, dir };
}

/** The memory agent type `agentType` uses in a session working in `cwd`. Reads only agent definitions. */
export function agentMemoryPlan(
  ctx: AppContext,
  adapter: Pick<HarnessAdapter, "agentMemoryLoaded"> | undefined,
  agentType: string,
  cwd: string,
): AgentMemoryPlan {
  const env = ctx.rt.env;
  const defined = adapter?.agentMemoryLoaded?.(agentType, { cwd, env, projectRoot: ctx.paths.projectRoot });
  const scopes: AgentMemoryScope[] = defined ? [defined] : [...ctx.config.agentMemory.defaultScopes];
  const dirs = scopes.map((s) => scopeDir(s, agentType, cwd, ctx));
  // Claude Code loads agent memory only while its auto memory is on (the same switches as MEMORY.md).
  const autoMemoryOn = ctx.harnessMemory.enabled().on;
  return {
    agentType,
    name: sanitizeAgentName(agentType),
    scopes: dirs,
    ...(dirs[0] ? { primary: dirs[0] } : {}),
    ...(defined && autoMemoryOn ? { harnessLoads: defined } : {}),
    source: defined ? "definition" : "config",
  };
}

/** Every scope's dir of `agentType` (for list/show/search/status), whether in use or not. */
export function allAgentScopeDirs(ctx: AppContext, agentType: string, cwd: string): AgentScopeDir[] {
  return AGENT_MEMORY_SCOPES.map((s) => scopeDir(s, agentType, cwd, ctx));
}

/** The `.gitignore` of a new project-scope agent memory dir: memdir's own dotfiles. */
const PROJECT_SCOPE_GITIGNORE =
  "# memdir: its change sets, snapshot sync record and lock stay on this machine\n.history/\n.snapshot-synced.json\n.memdir.lock\n";

/**
 * Creates an agent memory dir before memdir writes into it (also when Claude Code created it): the
 * local-scope base folder gets a `.gitignore` of `*` (local agent memory is never committed), a
 * project-scope dir one that keeps memdir's own files out of commits; an existing `.gitignore` is kept.
 */
export function ensureAgentDir(d: AgentScopeDir, cwd: string, ctx: AppContext): void {
  ensureDir(d.dir);
  if (d.scope === "project") {
    // The project scope is committed by teams that want it: memdir's own files (change sets holding the
    // bytes before each write, the snapshot sync record, the store lock) stay on this machine.
    writeIfMissing(join(d.dir, ".gitignore"), PROJECT_SCOPE_GITIGNORE);
  }
  if (d.scope === "local") {
    const base = agentMemoryBase("local", { cwd, env: ctx.rt.env });
    writeIfMissing(join(base, ".gitignore"), "# memdir: local agent memory stays on this machine\n*\n");
  }
}

/** Writes `text` to `file` unless the file exists (the user's own `.gitignore` is never replaced). */
function writeIfMissing(file: string, text: string): void {
  try {
    writeFileSync(file, text, { flag: "wx" });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
  }
}

export interface SnapshotOutcome {
  action: SnapshotAction;
  snapshotDir: string;
  /** The dir the snapshot was checked against (the agent's first scope). */
  target: AgentScopeDir;
  updatedAt?: string;
  /** What this machine had synced before (prompt-update). */
  syncedFrom?: string;
  /** Files copied in (initialize). */
  copied?: string[];
}

/**
 * The snapshot step of SubagentStart for the agent's first scope: `initialize` copies the snapshot into
 * the empty memory dir; `prompt-update` records the snapshot as announced (the caller tells the agent;
 * nothing is overwritten); both record it so the same snapshot is never acted on twice. undefined when
 * the agent has no writable scope or there is no snapshot.
 */
export function syncAgentSnapshot(
  ctx: AppContext,
  plan: AgentMemoryPlan,
  cwd: string,
): SnapshotOutcome | undefined {
  const target = plan.primary;
  if (!target || target.refused) return undefined;
  const snapshotDir = agentSnapshotDir(cwd, plan.agentType);
  if (!existsSync(snapshotDir)) return undefined;
  const check = checkSnapshot(snapshotDir, target.dir);
  if (check.action === "none" || !check.updatedAt) return undefined;
  const out: SnapshotOutcome = { action: check.action, snapshotDir, target, updatedAt: check.updatedAt };
  if (check.action === "initialize") {
    ensureAgentDir(target, cwd, ctx);
    out.copied = initializeFromSnapshot(snapshotDir, target.dir, check.updatedAt);
  } else {
    const synced = readSyncedFrom(target.dir);
    if (synced) out.syncedFrom = synced;
    ensureAgentDir(target, cwd, ctx);
    recordSnapshotSynced(target.dir, check.updatedAt);
  }
  ctx.event("agent_snapshot", {
    agent: plan.agentType,
    action: check.action,
    scope: target.scope,
    updated_at: check.updatedAt,
    ...(out.copied ? { files: out.copied.length } : {}),
  });
  return out;
}
