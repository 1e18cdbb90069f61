/**
 * `memdir agent snapshot <agent>` (publish an agent type's project-scope memory for the team to commit)
 * and `memdir search --agent <agent>` (search that agent type's memory). Data in, data out.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isoUtc } from "../../core/clock.js";
import { describeError, MemdirError } from "../../core/errors.js";
import { agentSnapshotDir } from "../../paths/index.js";
import { secretGate } from "../../share/gates.js";
import { publishSnapshot, snapshotFiles } from "../../store/index.js";
import { scopeDir } from "../agent-memory.js";
import type { AppContext } from "../context.js";
import { loadSearch } from "../search-db.js";
import { type MemoryLocation, memoryLocations } from "./memories.js";

export interface SnapshotPublished {
  agent: string;
  /** The agent's project-scope memory dir. */
  from: string;
  /** The snapshot dir (commit it). */
  to: string;
  updatedAt: string;
  files: string[];
  removed: string[];
}

/**
 * Publishes agent `agent`'s project-scope memory into `<cwd>/.claude/agent-memory-snapshots/<agent>/`.
 * Every file is scanned first (the same secret gate as team memory): one with a potential secret or
 * `<private>` text refuses the whole publish, nothing written.
 * @throws MemdirError BAD_INPUT (empty name), UNSAFE_PATH (a linked memory dir), NOT_FOUND (no memory),
 *   INPUT_REFUSED (a file holds a secret).
 */
export async function publishAgentSnapshot(
  ctx: AppContext,
  cwd: string,
  agent: string,
): Promise<SnapshotPublished> {
  if (!agent.trim())
    throw new MemdirError("BAD_INPUT", "memdir agent snapshot needs an agent type", {
      expected: "an agent type such as reviewer",
      received: '""',
      hint: "memdir agent snapshot reviewer",
    });
  const d = scopeDir("project", agent, cwd, ctx);
  if (d.refused)
    throw new MemdirError("UNSAFE_PATH", `the project agent memory of ${agent} is not used: ${d.refused}`, {
      expected: "a real directory (not a symbolic link)",
      received: d.refused,
      hint: "replace the link with a directory, then publish again",
    });
  const refused: string[] = [];
  for (const f of snapshotFiles(d.dir)) {
    const r = await secretGate(readFileSync(join(d.dir, f), "utf8"));
    if (r) refused.push(`${f}: ${r.reason}`);
  }
  if (refused.length)
    throw new MemdirError(
      "INPUT_REFUSED",
      `the snapshot of ${agent} was not published: it would commit a secret`,
      {
        expected:
          "agent memory files without secrets or <private> text (a snapshot is committed for the team)",
        received: refused.join("; "),
        hint: `remove the secret from those files in ${d.dir} (or \`memdir show <name> --agent ${agent} --scope project\`), then publish again`,
      },
    );
  const to = agentSnapshotDir(cwd, agent);
  const updatedAt = isoUtc(ctx.rt.now());
  const r = publishSnapshot(d.dir, to, updatedAt);
  ctx.event("agent_snapshot_published", { agent, files: r.files.length, updated_at: updatedAt });
  return { agent, from: d.dir, to, updatedAt, ...r };
}

export type AgentSearchHit = import("../../search/index.js").SearchHit & { location: MemoryLocation };

/**
 * Searches agent `o.agent`'s memory (every scope, or `o.scope`) through a search database of its own
 * (`<index dir>/agent-memory.db`, derived: each agent memory dir is synced as its own root).
 */
export async function searchAgentMemory(
  ctx: AppContext,
  cwd: string,
  query: string,
  o: { agent: string; scopes?: string[]; limit?: number; type?: string[] },
): Promise<{ query: string; hits: AgentSearchHit[]; errors: never[]; warnings: string[] }> {
  const locations = (o.scopes?.length ? o.scopes : [undefined]).flatMap((scope) =>
    memoryLocations(ctx, cwd, { agent: o.agent, ...(scope ? { scope } : {}) }),
  );
  const s = await loadSearch();
  const db = s.openSearchDb(join(dirname(ctx.paths.indexFile), "agent-memory.db"), { nowMs: ctx.rt.now() });
  const warnings: string[] = [];
  const hits: AgentSearchHit[] = [];
  try {
    for (const location of locations) {
      try {
        await s.syncSearchDb(db, { project: location.dir, memoryDir: location.dir }, ctx.rt.now());
      } catch (e) {
        warnings.push(
          `${location.dir} could not be indexed (results may be stale): ${describeError(e).split("\n")[0]}`,
        );
      }
      const found = s.querySearchDb(db, query, {
        nowMs: ctx.rt.now(),
        limit: o.limit ?? 10,
        filter: { sources: ["memories"], project: location.dir, ...(o.type ? { types: o.type } : {}) },
      });
      // The hit's scope names the agent memory it came from (`reviewer/local`).
      for (const h of found) hits.push({ ...h, scope: `${o.agent}/${location.scope}` as never, location });
    }
  } finally {
    db.close();
  }
  hits.sort((a, b) => b.score - a.score);
  return { query, hits: hits.slice(0, o.limit ?? 10), errors: [], warnings };
}
