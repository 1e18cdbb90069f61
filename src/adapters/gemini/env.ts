/**
 * What Gemini CLI 0.61.0 tells hooks in the environment: `GEMINI_PROJECT_DIR` (the project root),
 * `GEMINI_CWD`, `GEMINI_SESSION_ID`, `GEMINI_PLANS_DIR`, and `CLAUDE_PROJECT_DIR` as an alias of
 * `GEMINI_PROJECT_DIR` (bundle/docs/hooks/index.md "Environment variables"; seen in captured hooks).
 */
import type { Env } from "../contract.js";

/** The project directory from GEMINI_PROJECT_DIR, else its alias CLAUDE_PROJECT_DIR; undefined when neither is set. */
export function projectDir(env: Env): string | undefined {
  const g = env.GEMINI_PROJECT_DIR;
  if (g) return g;
  const c = env.CLAUDE_PROJECT_DIR;
  return c || undefined;
}

/** The session id Gemini sets for hooks (GEMINI_SESSION_ID), if any. */
export function sessionIdFromEnv(env: Env): string | undefined {
  return env.GEMINI_SESSION_ID || undefined;
}
