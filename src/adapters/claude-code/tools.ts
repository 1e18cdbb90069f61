/** Claude Code's tool names that memdir treats specially (Claude Code 2.1.332). */

/**
 * Subagents report through these tools (`Task` up to 2.1.x, `Agent` in later builds); only their output
 * is searched for `<remember>` tags (a Read of a file that documents the tag must not become a note).
 */
export const SUBAGENT_TOOLS: ReadonlySet<string> = new Set(["Task", "Agent"]);
