/**
 * Claude Code's subagent definitions (2.1.332): Markdown files with YAML frontmatter in
 * `<project>/.claude/agents/` and `<CLAUDE_CONFIG_DIR or ~/.claude>/agents/` (subfolders included);
 * `name:` is the agent type, `memory: user|project|local` opts the agent into Claude Code's own agent
 * memory (other values are ignored by Claude Code). A project definition wins over a user one of the
 * same name. When an agent has `memory:`, Claude Code puts that scope's MEMORY.md into the agent's system
 * prompt itself (`# Persistent Agent Memory`), so memdir must not inject it again.
 *
 * Read without `yaml` (this runs in the SubagentStart hook): only the two top-level keys are needed.
 */
import { closeSync, readdirSync, readSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { openInputFile } from "../../core/input-file.js";
import { type AgentMemoryScope, claudeConfigDir, isAgentMemoryScope } from "../../paths/index.js";
import type { Env } from "../contract.js";

/** Files read per definitions folder at most (a folder with more is cut, newest names unknown). */
const MAX_FILES = 200;
/** Bytes of each definition read (the frontmatter is at its top). */
const HEAD_BYTES = 16 * 1024;

export interface AgentDefinition {
  /** The agent type (`name:`). */
  name: string;
  /** `memory:` when it is one Claude Code accepts. */
  memory?: AgentMemoryScope;
  /** The definition file. */
  file: string;
}

function markdownFiles(dir: string, depth: number, out: string[]): void {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (out.length >= MAX_FILES) return;
    const p = join(dir, e.name);
    if (e.isDirectory() && depth > 0 && !e.name.startsWith(".")) markdownFiles(p, depth - 1, out);
    else if ((e.isFile() || e.isSymbolicLink()) && e.name.toLowerCase().endsWith(".md")) out.push(p);
  }
}

/** The first HEAD_BYTES bytes of `file` as text ("" when unreadable). */
function readHeadText(file: string): string {
  let fd: number | undefined;
  try {
    fd = openInputFile(file, { what: "the agent definition" }).fd;
    const buf = Buffer.alloc(HEAD_BYTES);
    const n = readSync(fd, buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, n).toString("utf8");
  } catch {
    return "";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const unquote = (v: string) =>
  v
    .trim()
    .replace(/^(["'])(.*)\1$/, "$2")
    .trim();

/** `name` and `memory` of one definition's frontmatter text, or undefined when it has no `name`. */
export function parseAgentDefinition(text: string, file: string): AgentDefinition | undefined {
  const t = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const m = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(t);
  if (!m) return undefined;
  let name: string | undefined;
  let memory: string | undefined;
  for (const line of (m[1] ?? "").split("\n")) {
    const kv = /^(name|memory)[ \t]*:(.*)$/.exec(line);
    if (!kv) continue;
    const v = unquote((kv[2] ?? "").replace(/[ \t]+#.*$/, ""));
    if (kv[1] === "name") name = v;
    else memory = v;
  }
  if (!name) return undefined;
  return { name, file, ...(isAgentMemoryScope(memory) ? { memory } : {}) };
}

/** The definitions folders Claude Code reads for a session in `cwd`, highest precedence first. */
export function agentDefinitionDirs(cwd: string, env: Env, projectRoot?: string): string[] {
  const dirs = [join(resolve(cwd), ".claude", "agents")];
  // Folders between the cwd and the project root (a session started in a subfolder).
  if (projectRoot) {
    let d = resolve(cwd);
    const root = resolve(projectRoot);
    while (d !== root && dirname(d) !== d && d.startsWith(root)) {
      d = dirname(d);
      dirs.push(join(d, ".claude", "agents"));
    }
  }
  dirs.push(join(claudeConfigDir(env), "agents"));
  return [...new Set(dirs)];
}

/** The definition of agent type `agentType`, or undefined (a built-in agent, or none found). Never throws. */
export function findAgentDefinition(
  agentType: string,
  o: { cwd: string; env: Env; projectRoot?: string },
): AgentDefinition | undefined {
  try {
    for (const dir of agentDefinitionDirs(o.cwd, o.env, o.projectRoot)) {
      const files: string[] = [];
      markdownFiles(dir, 2, files);
      for (const f of files) {
        const def = parseAgentDefinition(readHeadText(f), f);
        if (def?.name === agentType) return def;
      }
    }
  } catch {
    // An unreadable folder: treated as no definition.
  }
  return undefined;
}

/** The scope Claude Code itself loads into agent `agentType`'s prompt (its definition's `memory:`), or undefined. */
export function agentMemoryScopeLoaded(
  agentType: string,
  o: { cwd: string; env: Env; projectRoot?: string },
): AgentMemoryScope | undefined {
  return findAgentDefinition(agentType, o)?.memory;
}
