/** The environment Claude Code (2.x) gives its hooks and the processes it starts. */
import type { Env } from "../contract.js";

/** `CLAUDE_PROJECT_DIR`: the project root of the session (set for hooks, MCP servers and tools). */
export function projectDir(env: Env): string | undefined {
  return env.CLAUDE_PROJECT_DIR || undefined;
}

/**
 * The harness process that owns the session: `CLAUDE_PID` when Claude Code sets it (2.1.x sets it for
 * hooks and tools), else undefined (the caller walks up from the hook's parent process).
 */
export function harnessPid(env: Env): number | undefined {
  const n = Number(env.CLAUDE_PID);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
