/**
 * Mutual exclusion with the main agent (seed 000 §24.2 `hasMemoryWritesSince`): when the agent itself
 * wrote or edited a file in a memory dir since the cursor (the user said "remember this" and it did),
 * extraction skips those messages and only moves the cursor past them, so the memory is not written
 * twice. Read from the transcript slice itself, so it holds even when a PostToolUse hook never ran.
 */
import { isAbsolute, relative, resolve } from "node:path";
import type { ToolUse } from "../../harness/index.js";
import type { ConversationMessage } from "../../transcripts/types.js";

/** Commands that write to the paths they are given (not `cat`, `grep`, `ls`, `head`…). */
const SHELL_WRITERS =
  /(?:^|[\s;&|(])(?:tee|mv|cp|rm|touch|install|ln|truncate|sed\s+(?:-\w*\s+)*-i|perl\s+-\w*i)\b/;
/** Output redirections and their targets; `2>&1` and `>&2` move streams and are not files. */
const REDIRECT = /(?<![<>&])\d*>>?(?!&)\s*("[^"]*"|'[^']*'|[^\s;|&<>()]+)/g;

export function isInsideDir(dir: string, file: string): boolean {
  const rel = relative(resolve(dir), resolve(file));
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** `~/x`, `$HOME/x` and `${HOME}/x` spelled with the home dir (when known). */
function expandHome(text: string, home: string | undefined): string {
  if (!home) return text;
  return text.replace(
    /(^|[\s="'(:])(?:~|\$HOME|\$\{HOME\})(?=\/|$|[\s"'])/g,
    (_m, pre: string) => `${pre}${home}`,
  );
}

const unquote = (t: string) => t.replace(/^(["'])(.*)\1$/, "$2");

/**
 * Whether a tool call writes into one of `dirs`: an edit whose file is inside one; a shell command
 * that redirects output into one; or a writing command (`tee`, `mv`, `cp`, `rm`, `touch`, `sed -i`…)
 * that names one. Reading (`cat MEMORY.md 2>/dev/null`, `grep -r x memory/ 2>&1`) is not writing.
 * `home` expands `~` and `$HOME` in the command and the path.
 */
export function writesInto(
  call: Pick<ToolUse, "kind" | "paths" | "command">,
  dirs: readonly string[],
  home?: string,
): boolean {
  if (call.kind === "edit")
    return call.paths.some((p) => p !== "" && dirs.some((d) => isInsideDir(d, expandHome(p, home))));
  if (call.kind !== "shell" || call.command === undefined) return false;
  const cmd = expandHome(call.command, home);
  for (const m of cmd.matchAll(REDIRECT)) {
    const target = unquote(m[1] ?? "");
    if (isAbsolute(target) && dirs.some((d) => isInsideDir(d, target))) return true;
  }
  return SHELL_WRITERS.test(cmd) && dirs.some((d) => cmd.includes(resolve(d)));
}

/**
 * Index of the first main-chain assistant message that wrote into one of `dirs` with a call that did
 * not fail, or -1.
 */
export function firstMemoryWrite(
  messages: readonly ConversationMessage[],
  dirs: readonly string[],
  home?: string,
): number {
  return messages.findIndex(
    (m) =>
      m.kind === "assistant" &&
      !m.isSidechain &&
      m.toolCalls.some((t) => t.result?.isError !== true && writesInto(t, dirs, home)),
  );
}

/**
 * Splits a slice into the turns in which the agent wrote memory itself (skipped: seed 000 §24.2, the
 * cursor moves past them) and the rest (extracted as usual, before and after). A turn runs from a
 * main-chain prompt to the next one; messages before the slice's first prompt are a turn of their own.
 * `skipped` is empty when the agent wrote nothing.
 */
export function splitAtMemoryWrite(
  messages: readonly ConversationMessage[],
  dirs: readonly string[],
  home?: string,
): { extract: ConversationMessage[]; skipped: ConversationMessage[] } {
  const turns: ConversationMessage[][] = [[]];
  for (const m of messages) {
    if (m.kind === "prompt" && !m.isSidechain && turns.at(-1)!.length > 0) turns.push([]);
    turns.at(-1)!.push(m);
  }
  const extract: ConversationMessage[] = [];
  const skipped: ConversationMessage[] = [];
  for (const t of turns) (firstMemoryWrite(t, dirs, home) >= 0 ? skipped : extract).push(...t);
  return { extract, skipped };
}

/** True when the agent wrote into one of `dirs` in `messages` (see `firstMemoryWrite`). */
export const agentWroteMemory = (
  messages: readonly ConversationMessage[],
  dirs: readonly string[],
  home?: string,
): boolean => firstMemoryWrite(messages, dirs, home) >= 0;
