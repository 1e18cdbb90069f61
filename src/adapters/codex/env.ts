/**
 * What Codex CLI 0.171.0 tells its hooks through the environment: only `CODEX_HOME` (and `CODEX_MANAGED_*`
 * when run from the npm launcher). There is no project-directory variable (nor a session-id one, unlike
 * Claude Code's `CLAUDE_PROJECT_DIR` or Gemini's `GEMINI_PROJECT_DIR`): the project is the hook's `cwd`.
 */
import { homedir } from "node:os";
import { join } from "node:path";
import type { Env } from "../contract.js";

/** Always undefined: Codex names no project directory to hooks (use the event's `cwd`). */
export function projectDir(_env: Env): string | undefined {
  return undefined;
}

/** `$CODEX_HOME`, default `<home>/.codex`. */
export function codexHome(env: Env, home: string = homedir()): string {
  const h = env.CODEX_HOME;
  return h && h.trim() !== "" ? h : join(home, ".codex");
}
