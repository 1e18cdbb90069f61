/**
 * `memdir list` and `memdir show`: the memory dirs a command covers (a "location": the project's memory
 * dir, the user's, or an agent type's memory in one scope), their topic files, one topic file's text.
 * Data in, data out; the CLI formats. A later scope (team memory) is one more location kind.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { isoUtc } from "../../core/clock.js";
import { MemdirError } from "../../core/errors.js";
import { readTextIfExists } from "../../core/fs.js";
import { AGENT_MEMORY_SCOPES, type AgentMemoryScope, isAgentMemoryScope } from "../../paths/index.js";
import { scanTopics } from "../../store/index.js";
import { scopeDir } from "../agent-memory.js";
import type { AppContext } from "../context.js";

export interface MemoryLocation {
  /** `project`, `user`, or an agent scope (`user` | `project` | `local`) when `agent` is set. */
  scope: string;
  /** The agent type, for agent memory. */
  agent?: string;
  dir: string;
  /** Why memdir does not write here (a symbolic link), if so. */
  readOnly?: string;
}

export interface LocationOptions {
  /** An agent type: its agent memory instead of the project's and the user's memory dirs. */
  agent?: string;
  /** One scope only: `project` | `user` (and `local` for agent memory). */
  scope?: string;
}

function usage(message: string, expected: string, received: string, hint: string): MemdirError {
  return new MemdirError("BAD_INPUT", message, { expected, received, hint });
}

/** The locations `o` names. @throws MemdirError BAD_INPUT for a bad scope or an empty agent name. */
export function memoryLocations(ctx: AppContext, cwd: string, o: LocationOptions): MemoryLocation[] {
  if (o.agent !== undefined) {
    if (o.agent.trim() === "")
      throw usage(
        "--agent needs an agent type",
        "an agent type such as reviewer",
        '""',
        "memdir list --agent reviewer",
      );
    if (o.scope !== undefined && !isAgentMemoryScope(o.scope))
      throw usage(
        `unknown agent memory scope "${o.scope}"`,
        AGENT_MEMORY_SCOPES.join(" | "),
        JSON.stringify(o.scope),
        `memdir list --agent ${o.agent} --scope project`,
      );
    const scopes: AgentMemoryScope[] = o.scope ? [o.scope as AgentMemoryScope] : [...AGENT_MEMORY_SCOPES];
    return scopes.map((s) => {
      const d = scopeDir(s, o.agent as string, cwd, ctx);
      return { scope: s, agent: o.agent, dir: d.dir, ...(d.refused ? { readOnly: d.refused } : {}) };
    });
  }
  const all: MemoryLocation[] = [
    { scope: "project", dir: ctx.paths.memoryDir },
    { scope: "user", dir: ctx.paths.userMemoryDir },
  ];
  if (o.scope === undefined) return all;
  const one = all.filter((l) => l.scope === o.scope);
  if (!one.length)
    throw usage(
      `unknown memory scope "${o.scope}"`,
      o.scope === "local"
        ? "project | user (local is an agent memory scope: add --agent <agent>)"
        : "project | user",
      JSON.stringify(o.scope),
      "memdir list --scope project",
    );
  return one;
}

export interface ListedMemory {
  name: string;
  description: string;
  type: string;
  path: string;
  /** ISO 8601 UTC of the file's mtime. */
  updated: string;
}

export interface MemoryListResult {
  locations: (MemoryLocation & { exists: boolean; memories: ListedMemory[]; errors: string[] })[];
}

/** The topic files of every location (all of them, newest first). */
export function listMemories(ctx: AppContext, cwd: string, o: LocationOptions): MemoryListResult {
  return {
    locations: memoryLocations(ctx, cwd, o).map((l) => {
      const scan = scanTopics(l.dir, { maxFiles: Number.POSITIVE_INFINITY });
      return {
        ...l,
        exists: existsSync(l.dir),
        memories: scan.topics.map((t) => ({
          name: t.name,
          description: t.description,
          type: t.type,
          path: t.path,
          updated: isoUtc(t.mtimeMs),
        })),
        errors: scan.errors.map((e) => `${e.path}: ${e.message}`),
      };
    }),
  };
}

export interface ShownMemory {
  location: MemoryLocation;
  path: string;
  text: string;
}

/**
 * The topic file `name` (with or without `.md`; `MEMORY.md` shows the index) from the first location
 * that has it, or undefined. @throws MemdirError BAD_INPUT for a name that is not a file name.
 */
export function showMemory(
  ctx: AppContext,
  cwd: string,
  name: string,
  o: LocationOptions,
): ShownMemory | undefined {
  if (!name || /[/\\\0]/.test(name) || name === "." || name === "..")
    throw usage(
      "a memory is named by its file name",
      "a topic file name such as testing-no-db-mocks",
      JSON.stringify(name),
      "memdir list shows the names",
    );
  const file = name.toLowerCase().endsWith(".md") ? name : `${name}.md`;
  for (const location of memoryLocations(ctx, cwd, o)) {
    const path = join(location.dir, file);
    const text = readTextIfExists(path);
    if (text !== undefined) return { location, path, text };
  }
  return undefined;
}
