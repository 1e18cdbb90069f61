/**
 * The agent memory part of `memdir status`: every agent type that has memory in any scope (or a team
 * snapshot) for this working directory, its topic-file count per scope, and the snapshot's sync state.
 */
import { readdirSync } from "node:fs";
import {
  AGENT_MEMORY_SCOPES,
  type AgentMemoryScope,
  agentMemoryBase,
  agentSnapshotBase,
  agentSnapshotDir,
} from "../../paths/index.js";
import { listSnapshots, listTopicFiles, readSnapshotTime, readSyncedFrom } from "../../store/index.js";
import { scopeDir } from "../agent-memory.js";
import type { AppContext } from "../context.js";

export interface AgentStatus {
  agent: string;
  /** Topic files per scope that has a memory dir. */
  memories: Partial<Record<AgentMemoryScope, number>>;
  /** Scopes memdir does not write (a symbolic link). */
  readOnly: Partial<Record<AgentMemoryScope, string>>;
  snapshot?: { updatedAt: string | null; syncedFrom: Partial<Record<AgentMemoryScope, string>> };
}

export interface AgentMemoryStatus {
  /** `agentMemory.defaultScopes`: the scopes of agent types without `memory:` in their definition. */
  defaultScopes: string[];
  agents: AgentStatus[];
}

function subdirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
}

export function agentMemoryStatus(ctx: AppContext, cwd: string): AgentMemoryStatus {
  const env = ctx.rt.env;
  const names = new Set<string>();
  for (const s of AGENT_MEMORY_SCOPES)
    for (const n of subdirs(agentMemoryBase(s, { cwd, env }))) names.add(n);
  for (const n of listSnapshots(agentSnapshotBase(cwd))) names.add(n);
  const agents = [...names].sort().map((agent): AgentStatus => {
    const out: AgentStatus = { agent, memories: {}, readOnly: {} };
    const synced: Partial<Record<AgentMemoryScope, string>> = {};
    for (const s of AGENT_MEMORY_SCOPES) {
      const d = scopeDir(s, agent, cwd, ctx);
      if (d.refused) out.readOnly[s] = d.refused;
      const dirs = subdirs(agentMemoryBase(s, { cwd, env }));
      if (!dirs.includes(agent)) continue;
      out.memories[s] = listTopicFiles(d.dir).length;
      const f = readSyncedFrom(d.dir);
      if (f) synced[s] = f;
    }
    const t = readSnapshotTime(agentSnapshotDir(cwd, agent));
    if (t !== null) out.snapshot = { updatedAt: t ?? null, syncedFrom: synced };
    return out;
  });
  return { defaultScopes: [...ctx.config.agentMemory.defaultScopes], agents };
}
