/**
 * Classification of user-side text in Claude Code transcripts (reference/claude-code.md §3.2; shapes seen
 * in real 2.1.3x transcripts). Claude Code writes harness-injected text as `user` entries too: slash
 * command echoes, local command output and its caveat, task notifications, interrupt markers, bash-mode
 * echoes, system reminders, compaction summaries. Only what the person typed is a prompt.
 */

export type UserText =
  | { kind: "prompt"; text: string }
  | { kind: "command"; name: string; args: string }
  | { kind: "caveat" }
  | { kind: "task_notification"; taskId: string | undefined }
  | { kind: "interrupt" }
  | { kind: "compact_summary"; text: string }
  | { kind: "skip"; reason: string };

/** Blocks the harness injects into user text; removed from otherwise real text (tags are lowercase). */
const INJECTED_OPEN =
  /<(system-reminder|user-prompt-submit-hook|ide_opened_file|ide_selection|ide_diagnostics|post-tool-use-hook)(?:\s[^<>]*)?>/g;

/** Prefix → skip reason, for text that is harness output rather than a prompt. */
const SKIP_PREFIXES: ReadonlyArray<readonly [string, string]> = [
  ["<local-command-stdout>", "command_output"],
  ["<local-command-stderr>", "command_output"],
  ["<command-stdout>", "command_output"],
  ["<command-stderr>", "command_output"],
  ["<bash-input>", "bash_mode"],
  ["<bash-stdout>", "bash_mode"],
  ["<bash-stderr>", "bash_mode"],
  ["<user-memory-input>", "memory_input"],
];

/** The compaction summary's opening sentence (also written without `isCompactSummary` by old versions). */
export const COMPACT_SUMMARY_PREFIX = "This session is being continued from a previous conversation";

/**
 * Removes injected blocks (`<system-reminder>…</system-reminder>` and kin) from `text`. An unterminated
 * block is kept as is. Linear time (each close tag is found with one `indexOf`).
 */
export function stripInjected(text: string): string {
  if (!text.includes("<")) return text;
  let out = "";
  let from = 0;
  INJECTED_OPEN.lastIndex = 0;
  for (let m = INJECTED_OPEN.exec(text); m !== null; m = INJECTED_OPEN.exec(text)) {
    const closeTag = `</${m[1]}>`;
    const close = text.indexOf(closeTag, INJECTED_OPEN.lastIndex);
    if (close === -1) break;
    out += text.slice(from, m.index);
    from = close + closeTag.length;
    INJECTED_OPEN.lastIndex = from;
  }
  return from === 0 ? text : out + text.slice(from);
}

/** Classifies one user text block (or string content). Never throws. */
export function classifyUserText(raw: string): UserText {
  const t = raw.trimStart();
  if (t.startsWith("<local-command-caveat>") || t.startsWith("Caveat: The messages below were generated")) {
    return { kind: "caveat" };
  }
  if (t.startsWith("<command-name>") || t.startsWith("<command-message>")) return parseCommand(t);
  for (const [prefix, reason] of SKIP_PREFIXES) if (t.startsWith(prefix)) return { kind: "skip", reason };
  if (t.startsWith("<task-notification>")) {
    return { kind: "task_notification", taskId: /<task-id>([^<]*)<\/task-id>/.exec(t)?.[1]?.trim() };
  }
  if (t.startsWith("[Request interrupted by user")) return { kind: "interrupt" };
  if (t.startsWith(COMPACT_SUMMARY_PREFIX)) return { kind: "compact_summary", text: t.trim() };
  const text = stripInjected(t).trim();
  if (text === "") return { kind: "skip", reason: "system_reminder" };
  return { kind: "prompt", text };
}

function parseCommand(t: string): UserText {
  const name = /<command-name>([^<]*)<\/command-name>/.exec(t)?.[1]?.trim() ?? "";
  const message = /<command-message>([^<]*)<\/command-message>/.exec(t)?.[1]?.trim() ?? "";
  const args = /<command-args>([\s\S]*?)<\/command-args>/.exec(t)?.[1]?.trim() ?? "";
  const bare = (name || message).replace(/^\//, "");
  if (bare === "") return { kind: "skip", reason: "command" };
  return { kind: "command", name: bare, args };
}

/**
 * Built-in commands that run locally (their output is `<local-command-stdout>`, nothing reaches the model
 * as a prompt). Other slash commands (custom commands, skills, `/init`, `/review`) expand into a prompt.
 */
export const LOCAL_COMMANDS: ReadonlySet<string> = new Set(
  (
    "add-dir agents bug clear compact config context cost doctor exit export help hooks ide login logout " +
    "mcp memory model permissions plugin privacy-settings release-notes resume rewind status statusline " +
    "terminal-setup theme todos upgrade usage vim output-style fast"
  ).split(" "),
);

/** Text of a `tool_result` content (string or blocks; images become `[image]`), injected blocks removed. */
export function toolResultText(content: unknown): string {
  if (typeof content === "string") return stripInjected(content).trim();
  if (!Array.isArray(content)) return "";
  const parts: string[] = [];
  for (const b of content) {
    if (typeof b !== "object" || b === null) continue;
    const block = b as { type?: unknown; text?: unknown };
    if (block.type === "text" && typeof block.text === "string") parts.push(block.text);
    else if (block.type === "image") parts.push("[image]");
  }
  return stripInjected(parts.join("\n")).trim();
}

/** Claude Code's answer when the user declines a tool call: the tool never ran, no Post hook fires. */
export function isRejection(text: string, structured: unknown): boolean {
  return (
    structured === "User rejected tool use" ||
    text.startsWith("The user doesn't want to proceed with this tool use") ||
    text.startsWith("The user doesn't want to take this action right now")
  );
}
