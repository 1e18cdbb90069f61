/**
 * Agent (subagent) memory directories, Claude Code 2.1.332's layout, so an agent definition with
 * `memory:` and memdir see the same files:
 * - user:    `<CLAUDE_CONFIG_DIR or ~/.claude>/agent-memory/<agent>/`
 * - project: `<cwd>/.claude/agent-memory/<agent>/`
 * - local:   `<cwd>/.claude/agent-memory-local/<agent>/`
 * - snapshots (memdir's own; absent from Claude Code's public builds): `<cwd>/.claude/agent-memory-snapshots/<agent>/`
 * `<cwd>` is the session's working directory, not the git root (as Claude Code 2.1.332 resolves it).
 */
import { lstatSync } from "node:fs";
import { join, resolve } from "node:path";
import { claudeConfigDir, type Env } from "./home.js";

export const AGENT_MEMORY_SCOPES = ["user", "project", "local"] as const;
export type AgentMemoryScope = (typeof AGENT_MEMORY_SCOPES)[number];

export const isAgentMemoryScope = (v: unknown): v is AgentMemoryScope =>
  typeof v === "string" && (AGENT_MEMORY_SCOPES as readonly string[]).includes(v);

/**
 * The directory name of an agent type, as Claude Code 2.1.332 makes it: every character outside
 * `[A-Za-z0-9_-]` becomes `-` (per UTF-16 unit); an empty name becomes `unknown`.
 */
export function sanitizeAgentName(agentType: string): string {
  const out = agentType.replace(/[^A-Za-z0-9_-]/g, "-");
  return out === "" ? "unknown" : out;
}

/** The parent of every agent's directory of `scope` (`…/agent-memory`, `…/agent-memory-local`). */
export function agentMemoryBase(scope: AgentMemoryScope, o: { cwd: string; env: Env }): string {
  if (scope === "user") return join(claudeConfigDir(o.env), "agent-memory");
  return join(resolve(o.cwd), ".claude", scope === "project" ? "agent-memory" : "agent-memory-local");
}

/** The memory dir of agent type `agentType` (sanitized here) in `scope`. */
export function agentMemoryDir(
  scope: AgentMemoryScope,
  agentType: string,
  o: { cwd: string; env: Env },
): string {
  return join(agentMemoryBase(scope, o), sanitizeAgentName(agentType));
}

/** `<cwd>/.claude/agent-memory-snapshots`, the committed snapshots of project-scope agent memory. */
export function agentSnapshotBase(cwd: string): string {
  return join(resolve(cwd), ".claude", "agent-memory-snapshots");
}

/** The committed snapshot dir of `agentType` (sanitized). */
export function agentSnapshotDir(cwd: string, agentType: string): string {
  return join(agentSnapshotBase(cwd), sanitizeAgentName(agentType));
}

function isLink(p: string): boolean {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * Why a project or local agent memory dir must not be written: its folder or its `MEMORY.md` is a
 * symbolic link (Claude Code 2.1.332 refuses those and treats the memory as read-only: a cloned
 * repository must not point writes elsewhere). undefined = writable. User scope is never refused.
 */
export function agentDirRefusal(scope: AgentMemoryScope, dir: string): string | undefined {
  if (scope === "user") return undefined;
  if (isLink(dir)) return `${dir} is a symbolic link`;
  if (isLink(join(dir, "MEMORY.md"))) return `${join(dir, "MEMORY.md")} is a symbolic link`;
  for (const parent of [join(dir, ".."), join(dir, "..", "..")])
    if (isLink(parent)) return `${resolve(parent)} is a symbolic link`;
  return undefined;
}
