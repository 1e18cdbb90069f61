/**
 * Hook command strings for Claude Code settings.json: build them with POSIX-safe quoting and
 * recognise ours again (the marker that survives a round trip), plus the Claude Code version check
 * for config-level `async`. Claude Code runs `command` through `sh -c` (Git Bash on Windows).
 */
import { MemdirError } from "../../core/errors.js";
import type { HookEvent } from "./hook-types.js";

/**
 * POSIX single-quote form: `'…'` with every `'` written as `'\''`. Safe for spaces, `"`, `$`,
 * backticks, `\`, `*` and non-ASCII (claude-mem #1598/#15, oh-my-claudecode #1602).
 */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** True for `/…`, `C:\…`, `C:/…` and `\\server\share` paths. */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("\\\\");
}

/** Windows paths get forward slashes (Git Bash reads `C:/Users/Jöhn Dœ/…`); POSIX paths are unchanged. */
function forShell(p: string): string {
  return /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("\\\\") ? p.replace(/\\/g, "/") : p;
}

/** Basename of the memdir entry point that marks a command as ours: `memdir`, `memdir.js|.cjs|.mjs`. */
const MEMDIR_BIN = /^memdir(\.[cm]?js)?$/i;

/**
 * `'<node>' '<memdir bin>' hook <Event>` with both paths absolute (hooks run in a non-interactive
 * `/bin/sh` without the user's PATH: claude-mem #1598). Throws MemdirError BAD_INPUT when a path is
 * relative, contains NUL/CR/LF, or the bin's basename is not `memdir[.cjs|.js|.mjs]` (the marker).
 */
export function hookCommand(nodePath: string, memdirBin: string, event: HookEvent): string {
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
  return `${shellQuote(forShell(nodePath))} ${shellQuote(forShell(memdirBin))} hook ${event}`;
}

/**
 * Splits a simple shell command into words (single quotes, double quotes, backslash escapes).
 * Returns `undefined` when it is not a plain word list: an unquoted `; & | < > ( ) $ \`` or `#`,
 * a `$`/backtick inside double quotes, or an unterminated quote.
 */
export function splitCommand(cmd: string): string[] | undefined {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i]!;
    if (c === "'") {
      const end = cmd.indexOf("'", i + 1);
      if (end < 0) return undefined;
      cur += cmd.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      i++;
      for (; i < cmd.length && cmd[i] !== '"'; i++) {
        const d = cmd[i]!;
        if (d === "$" || d === "`") return undefined;
        if (d === "\\" && i + 1 < cmd.length && '"\\$`\n'.includes(cmd[i + 1]!)) cur += cmd[++i];
        else cur += d;
      }
      if (i >= cmd.length) return undefined;
      inWord = true;
    } else if (c === "\\") {
      if (i + 1 >= cmd.length) return undefined;
      cur += cmd[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = "";
      inWord = false;
    } else if (";&|<>()$`".includes(c) || (c === "#" && !inWord)) {
      return undefined;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

/**
 * Recognises a memdir hook command (any node path, any memdir bin location, old or new):
 * exactly `<node> <…/memdir[.cjs]> hook <Event>` as plain words. Returns its parts or `undefined`.
 */
export function parseHookCommand(
  cmd: string,
): { nodePath: string; memdirBin: string; event: string } | undefined {
  const w = splitCommand(cmd);
  if (w === undefined || w.length !== 4 || w[2] !== "hook" || !/^[A-Za-z]+$/.test(w[3]!)) return undefined;
  const base = w[1]!.split(/[\\/]/).pop() ?? "";
  return MEMDIR_BIN.test(base) ? { nodePath: w[0]!, memdirBin: w[1]!, event: w[3]! } : undefined;
}

/**
 * First Claude Code version taken to honour config-level `"async": true` on command hooks: the
 * feature was announced on 2026-01-25 with 2.1.19 current (third-party notes say "2.1.0+"; the later
 * one is the safe bound). Older versions may reject unknown hook keys, and before 2.1.122 one invalid
 * hook entry invalidated the whole settings file (reference/claude-code.md §1.5).
 */
export const ASYNC_MIN_VERSION = "2.1.19";

/** `[major, minor, patch]` of the first `N.N.N` in `s` (e.g. `2.1.332 (Claude Code)`), else undefined. */
export function parseVersion(s: string): [number, number, number] | undefined {
  const m = /(\d+)\.(\d+)\.(\d+)/.exec(s);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
}

/** True only for a known version ≥ ASYNC_MIN_VERSION; an unknown version gets synchronous hooks. */
export function supportsConfigAsync(version: string | undefined): boolean {
  const v = version === undefined ? undefined : parseVersion(version);
  const min = parseVersion(ASYNC_MIN_VERSION)!;
  if (v === undefined) return false;
  for (let i = 0; i < 3; i++) if (v[i] !== min[i]) return v[i]! > min[i]!;
  return true;
}

/**
 * Runs `claude --version` through the injected `run` (e.g. `(f, a) => execFileSync(f, a, {timeout: 5000})`)
 * and returns `N.N.N`, or `undefined` when it fails or prints no version. Never throws.
 */
export function detectClaudeVersion(
  run: (file: string, args: string[]) => string | Buffer,
): string | undefined {
  try {
    const v = parseVersion(String(run("claude", ["--version"])));
    return v ? v.join(".") : undefined;
  } catch {
    return undefined;
  }
}
