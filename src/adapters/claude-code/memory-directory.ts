/**
 * `autoMemoryDirectory` as memdir follows it, so memdir and Claude Code share one memory dir. Claude Code
 * 2.1.332 (read in the binary) takes the first scope that sets it in the order policy, flag, then local and
 * project once the workspace is trusted (every `-p` session counts as trusted), then user; an unusable
 * value (relative, `..` escaping `~/`, shorter than 3 characters, NUL) means the default dir, not the next
 * scope. memdir follows the same order from the sources it trusts and that every memdir process sees:
 * policy, local only when Claude Code recorded the workspace as trusted (see trust.ts), user. Not followed,
 * reported instead (Claude Code may then read its index from elsewhere, so memdir injects it itself):
 * a repository's committed `.claude/settings.json` (a cloned repository must not redirect where memory
 * is written) and `--settings` (a background job started by the session, or a later `memdir` command,
 * cannot see that command line, and must use the same dir).
 */
import { describeError } from "../../core/errors.js";
import { expandAutoMemoryDirectory } from "../../paths/index.js";
import type { Env, MemoryDirectoryChoice } from "../contract.js";
import { scopeLabel } from "./memory-switch.js";
import type { ClaudeSettings } from "./settings.js";
import { workspaceTrusted } from "./trust.js";

/** Chooses the dir; reads the trust record only when a local value needs it. Never throws. */
export function claudeMemoryDirectory(
  env: Env,
  settings: ClaudeSettings,
  worktreeRoot?: string,
): MemoryDirectoryChoice {
  const ignored: string[] = [];
  let harnessMayDiffer = false;
  for (const s of ["policy", "flag", "local", "project", "user"] as const) {
    const v = settings.scope(s);
    if (v.autoMemoryDirectory === undefined) continue;
    const label = scopeLabel(s, v.file);
    if (s === "flag") {
      ignored.push(
        `autoMemoryDirectory in ${label} is not followed: memdir's background jobs and commands do not see one session's command line, so it cannot move the memory dir they share (set it in ~/.claude/settings.json)`,
      );
      harnessMayDiffer = true;
      continue;
    }
    if (s === "project") {
      ignored.push(
        `autoMemoryDirectory in ${label} is not followed: a repository's committed settings never choose where memory is written (set it in ~/.claude/settings.json or .claude/settings.local.json)`,
      );
      harnessMayDiffer = true;
      continue;
    }
    if (s === "local" && !workspaceTrusted(env, settings.places.launchDir, worktreeRoot)) {
      ignored.push(
        `autoMemoryDirectory in ${label} is not followed: Claude Code has not recorded ${settings.places.launchDir} as trusted (start \`claude\` there once and accept the trust dialog)`,
      );
      harnessMayDiffer = true;
      continue;
    }
    try {
      return {
        use: { dir: expandAutoMemoryDirectory(v.autoMemoryDirectory, env), from: label },
        ignored,
        harnessMayDiffer,
      };
    } catch (e) {
      // Claude Code falls back to its default dir for an unusable value: so does memdir.
      ignored.push(`autoMemoryDirectory in ${label} is not used: ${describeError(e).split("\n")[0]}`);
      return { ignored, harnessMayDiffer };
    }
  }
  return { ignored, harnessMayDiffer };
}
