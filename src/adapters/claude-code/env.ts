/** The environment Claude Code (2.x) gives its hooks and the processes it starts. */
import type { Env } from "../contract.js";

/** `CLAUDE_PROJECT_DIR`: the project root of the session (set for hooks, MCP servers and tools). */
export function projectDir(env: Env): string | undefined {
  return env.CLAUDE_PROJECT_DIR || undefined;
}
