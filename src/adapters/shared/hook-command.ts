/**
 * Hook command strings for the harnesses' settings: build them with POSIX-safe quoting and recognise
 * ours again (the marker that survives a round trip). Claude Code, Codex and Gemini CLI run `command`
 * through `sh -c` (Git Bash on Windows).
 */
import { MemdirError } from "../../core/errors.js";
import { forShell, isAbsolutePath, shellQuote, splitCommand } from "../../core/shell.js";
import { DEFAULT_HARNESS, type HarnessName, isHarnessName } from "../../harness/index.js";

/** Basename of the memdir entry point that marks a command as ours: `memdir`, `memdir.js|.cjs|.mjs`. */
const MEMDIR_BIN = /^memdir(\.[cm]?js)?$/i;

/**
 * `'<node>' '<memdir bin>' hook <Event>` (plus ` --harness <name>` for a harness other than Claude Code,
 * whose commands predate the flag) with both paths absolute (hooks run in a non-interactive
 * `/bin/sh` without the user's PATH, where a bare `node` or `memdir` is not found). Throws MemdirError BAD_INPUT when a path is
 * relative, contains NUL/CR/LF, or the bin's basename is not `memdir[.cjs|.js|.mjs]` (the marker).
 */
export function hookCommand(
  nodePath: string,
  memdirBin: string,
  event: string,
  harness: HarnessName = DEFAULT_HARNESS,
): string {
  for (const [what, p] of [
    ["node path", nodePath],
    ["memdir bin path", memdirBin],
  ] as const) {
    if (!isAbsolutePath(p) || /[\0\r\n]/.test(p)) {
      throw new MemdirError("BAD_INPUT", `the ${what} for the Claude Code hooks is not usable`, {
        expected: "an absolute path without NUL or line breaks",
        received: JSON.stringify(p.slice(0, 200)),
        hint: "run memdir install from an installed memdir (npm install -g memdir), not from a relative path",
      });
    }
  }
  const base = memdirBin.split(/[\\/]/).pop() ?? "";
  if (!MEMDIR_BIN.test(base)) {
    throw new MemdirError("BAD_INPUT", "the memdir bin path does not end in memdir.cjs", {
      expected: "…/memdir, …/memdir.js, …/memdir.cjs or …/memdir.mjs",
      received: JSON.stringify(base),
      hint: "install hooks through the packaged `memdir` bin so uninstall can recognise them",
    });
  }
  const flag = harness === DEFAULT_HARNESS ? "" : ` --harness ${harness}`;
  return `${shellQuote(forShell(nodePath))} ${shellQuote(forShell(memdirBin))} hook ${event}${flag}`;
}

/**
 * Recognises a memdir hook command (any node path, any memdir bin location, old or new): exactly
 * `<node> <…/memdir[.cjs]> hook <Event> [--harness <name>]` as plain words. Returns its parts or `undefined`.
 */
export function parseHookCommand(
  cmd: string,
): { nodePath: string; memdirBin: string; event: string; harness: HarnessName } | undefined {
  const w = splitCommand(cmd);
  if (w === undefined || (w.length !== 4 && w.length !== 6) || w[2] !== "hook" || !/^[A-Za-z]+$/.test(w[3]!))
    return undefined;
  const harness = w.length === 6 ? w[5] : DEFAULT_HARNESS;
  if (w.length === 6 && w[4] !== "--harness") return undefined;
  if (!isHarnessName(harness)) return undefined;
  const base = w[1]!.split(/[\\/]/).pop() ?? "";
  return MEMDIR_BIN.test(base) ? { nodePath: w[0]!, memdirBin: w[1]!, event: w[3]!, harness } : undefined;
}

/** `[major, minor, patch]` of the first `N.N.N` in `s` (e.g. `2.1.332 (Claude Code)`), else undefined. */
export function parseVersion(s: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(s);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** True when `version` (`N.N.N…`) is at least `min` (`N.N.N`); false for an unknown version. */
export function versionAtLeast(version: string | undefined, min: string): boolean {
  const v = version === undefined ? undefined : parseVersion(version);
  const m = parseVersion(min)!;
  if (v === undefined) return false;
  for (let i = 0; i < 3; i++) if (v[i] !== m[i]) return v[i]! > m[i]!;
  return true;
}
