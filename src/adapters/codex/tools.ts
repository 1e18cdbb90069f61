/**
 * Codex CLI 0.171.0 tool names and the kinds, files and commands of their calls. Names come in two
 * spellings: hook stdin reports the shell tool as `Bash` (`tool_input.command`, a string) and a namespaced
 * tool as `<namespace><name>` (`multi_agent_v1wait_agent`; `spawn_agent` bare); the rollout records the
 * model's own call, `exec_command` (`{cmd}`), `apply_patch` (a freeform custom tool whose input is the
 * patch text; hooks get it as `tool_input.command`), `spawn_agent` with `namespace: "multi_agent_v1"`.
 */
import type { ToolKind, ToolUse } from "../../harness/index.js";

/** Name → kind. Every other name (write_stdin, view_image, request_user_input, goals, MCP tools…) is `other`. */
const KINDS: Readonly<Record<string, ToolKind>> = Object.freeze({
  Bash: "shell",
  exec_command: "shell",
  shell: "shell",
  local_shell: "shell",
  apply_patch: "edit",
  spawn_agent: "agent",
  multi_agent_v1spawn_agent: "agent",
  "multi_agent_v1.spawn_agent": "agent",
  web_search: "search",
  tool_search: "search",
});

/** The kind of a Codex tool (exact, case-sensitive name). */
export function toolKind(name: string): ToolKind {
  return Object.hasOwn(KINDS, name) ? KINDS[name]! : "other";
}

const str = (v: unknown): string | undefined => (typeof v === "string" && v !== "" ? v : undefined);

/** The patch headers that name a file (Codex apply_patch grammar). */
const FILE_HEADER = /^\*\*\* (?:Add|Update|Delete) File: (.+)$|^\*\*\* Move to: (.+)$/;

/**
 * The files an apply_patch text touches (`*** Add|Update|Delete File: <path>`, `*** Move to: <path>`),
 * in order, without duplicates, and the text it adds (`+` lines of each file section, joined).
 */
export function parsePatch(patch: string): { paths: string[]; added: string[] } {
  const paths: string[] = [];
  const added: string[][] = [];
  let section: string[] | undefined;
  for (const line of patch.split(/\r?\n/)) {
    const m = FILE_HEADER.exec(line);
    if (m) {
      const p = (m[1] ?? m[2] ?? "").trim();
      if (p && !paths.includes(p)) paths.push(p);
      if (m[1] !== undefined) {
        section = [];
        added.push(section);
      }
    } else if (section && line.startsWith("+")) section.push(line.slice(1));
    else if (line.startsWith("*** End")) section = undefined;
  }
  return { paths, added: added.filter((a) => a.length > 0).map((a) => a.join("\n")) };
}

/** The patch text of an apply_patch call: hook `tool_input.command`, rollout custom-call `input`. */
function patchText(input: Record<string, unknown>): string | undefined {
  return str(input.command) ?? str(input.input) ?? str(input.patch);
}

/** The command line of a shell call: hook `command` (string), rollout `cmd`, or an argv array. */
function commandText(input: Record<string, unknown>): string | undefined {
  const c = input.command ?? input.cmd;
  if (typeof c === "string") return str(c);
  if (Array.isArray(c) && c.every((x) => typeof x === "string")) return str(c.join(" "));
  return undefined;
}

/** The neutral view of one Codex tool call. */
export function toolUse(name: string, input: Record<string, unknown>, id?: string): ToolUse {
  const kind = toolKind(name);
  const use: ToolUse = { name, kind, input, paths: [] };
  if (id) use.id = id;
  if (kind === "shell") {
    const c = commandText(input);
    if (c) use.command = c;
  } else if (kind === "edit") {
    const patch = patchText(input);
    if (patch) {
      const { paths, added } = parsePatch(patch);
      use.paths.push(...paths);
      if (added.length) use.written = added;
    }
  }
  return use;
}
