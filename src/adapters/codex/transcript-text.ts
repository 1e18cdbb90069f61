/**
 * Text rules of Codex CLI 0.171.0 rollouts: which user content is typed by the person, the compaction
 * summary's preface, and the shapes of tool outputs.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Openings of user-role content Codex injects itself (used when a line carries no provenance metadata):
 * environment context, AGENTS.md / user instructions, skills and permissions, subagent notifications,
 * aborted-turn and shell-command echoes.
 */
const INJECTED_PREFIXES = [
  "<environment_context>",
  "<user_instructions>",
  "# AGENTS.md instructions",
  "<INSTRUCTIONS>",
  "<skills_instructions>",
  "<permissions instructions>",
  "<subagent_notification>",
  "<turn_aborted>",
  "<user_shell_command>",
  "<collaboration_mode>",
];

/**
 * Splits user content into what the person typed and what the harness injected. Each `input_text` item is
 * typed when its `content_item_metadata[i].provenance.type` is `"user"` (0.171.0 writes one per item); with
 * no metadata, when it does not open with an injected prefix. Images count as `[image]`.
 */
export function classifyUserContent(
  content: unknown[],
  metadata: unknown,
): { prompt: string; injected: string } {
  const meta = Array.isArray(metadata) ? metadata : undefined;
  const typed: string[] = [];
  const injected: string[] = [];
  content.forEach((c, i) => {
    if (!isObj(c)) return;
    const text =
      c.type === "input_text" && typeof c.text === "string"
        ? c.text
        : c.type === "input_image"
          ? "[image]"
          : "";
    if (text === "") return;
    const m = meta?.[i];
    const prov = isObj(m) && isObj(m.provenance) ? m.provenance.type : undefined;
    const isTyped =
      prov !== undefined ? prov === "user" : !INJECTED_PREFIXES.some((p) => text.trimStart().startsWith(p));
    (isTyped ? typed : injected).push(text.trim());
  });
  return { prompt: typed.filter((t) => t !== "").join("\n\n"), injected: injected.join("\n\n") };
}

/** The handoff preface Codex puts before the summary in `compacted.message` (0.171.0). */
const SUMMARY_PREFACE =
  /^Another language model started to solve this problem[\s\S]*?assist with your own analysis:\s*/;

/** The summary of a `compacted` line, its preface removed. */
export function compactSummaryText(message: string): string {
  return message.replace(SUMMARY_PREFACE, "").trim();
}

/** The header exec_command puts before a command's output (0.171.0: Chunk ID, Wall time, exit code, token count). */
const EXEC_HEADER =
  /^(?:Chunk ID: [^\n]*\n)?(?:Wall time: [^\n]*\n)?Process (?:exited with code (-?\d+)|running with session ID [^\n]*)\n(?:Original token count: [^\n]*\n)?Output:\n/;
const PATCH_HEADER = /^Exit code: (-?\d+)\n/;

/**
 * A `function_call_output` / `custom_tool_call_output` `output`: the text (exec_command's header removed,
 * which leaves the stdout hooks get as `tool_response`), whether it failed (a non-zero exit code in the
 * header, or `success: false` of the older `{content, success}` shape) and the raw text.
 */
export function toolOutput(output: unknown): { text: string; isError: boolean; raw: string } {
  let raw = "";
  let failed = false;
  if (typeof output === "string") raw = output;
  else if (isObj(output)) {
    raw = typeof output.content === "string" ? output.content : JSON.stringify(output);
    failed = output.success === false;
  } else if (Array.isArray(output))
    raw = output.flatMap((c) => (isObj(c) && typeof c.text === "string" ? [c.text] : [])).join("\n");
  const exec = EXEC_HEADER.exec(raw);
  if (exec)
    return {
      text: raw.slice(exec[0].length),
      isError: failed || (exec[1] !== undefined && exec[1] !== "0"),
      raw,
    };
  const patch = PATCH_HEADER.exec(raw);
  if (patch) return { text: raw, isError: failed || patch[1] !== "0", raw };
  return { text: raw, isError: failed, raw };
}
