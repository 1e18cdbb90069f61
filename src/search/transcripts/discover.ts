/** Finding transcripts: every `*.jsonl` under a directory, recursively (Claude Code: `~/.claude/projects/**`). */

import { readdirSync } from "node:fs";
import { join } from "node:path";
import { errnoCode, MemdirError } from "../../core/errors.js";

/**
 * Absolute paths of the `.jsonl` files under `dir` (any depth; compaction agents' files excluded), sorted so a session's transcript
 * comes before its `<session>/subagents/*.jsonl`. Symbolic links are not followed (no cycles).
 * Unreadable subdirectories are reported in `errors` and skipped.
 * @throws MemdirError NOT_FOUND when `dir` itself cannot be listed.
 */
export function findTranscripts(dir: string): {
  files: string[];
  errors: { path: string; message: string }[];
} {
  const files: string[] = [];
  const errors: { path: string; message: string }[] = [];
  const walk = (d: string, top: boolean) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      if (top) {
        throw new MemdirError("NOT_FOUND", `cannot list the transcript directory ${d}`, {
          expected: "a readable directory of Claude Code transcripts",
          received: errnoCode(e) ?? String(e),
          hint: "pass --from DIR, or check that Claude Code has written transcripts (~/.claude/projects)",
        });
      }
      errors.push({ path: d, message: errnoCode(e) ?? String(e) });
      return;
    }
    for (const e of entries) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p, false);
      // `agent-acompact-*` are Claude Code's compaction runs: their "prompt" is the harness's summary
      // request, not the user's; the summary itself reaches the main transcript.
      else if (e.isFile() && e.name.endsWith(".jsonl") && !e.name.startsWith("agent-acompact")) files.push(p);
    }
  };
  walk(dir, true);
  files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { files, errors };
}
