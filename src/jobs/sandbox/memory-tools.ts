/**
 * The memory tools of the sandbox (DESIGN.md §4 extraction job: "only memory tools: list / read /
 * write / edit / delete confined to the memory dir"). Writes, edits and deletes are staged
 * (staging.ts), never written here; `applyStagedOps` writes them through the store.
 */
import { isMemdirError, MemdirError } from "../../core/errors.js";
import { elideMiddle, truncateCodePoints } from "../../core/text.js";
import { scrub } from "../../privacy/index.js";
import { MEMORY_TYPES, parseTopic, SCAN_HEAD_BYTES, SCAN_MAX_LINES } from "../../store/index.js";
import { displayName, type MemoryTarget, resolveMemoryPath } from "./paths.js";
import { readRegularFile } from "./read-file.js";
import { defineTool, objectSchema } from "./schema.js";
import { regularTopicFiles, type Staging } from "./staging.js";
import { checkTopicText } from "./topic-check.js";
import type { AgentTool, MemoryScope, SandboxRoots } from "./types.js";

/** Files listed per memory dir (Claude Code MAX_MEMORY_FILES). */
const MAX_LISTED = 200;
/** memory_list may use this many times `maxReadChars` (it is the model's whole map of the memory). */
const LIST_CAP_FACTOR = 4;

const FILE_PROP = {
  type: "string" as const,
  minLength: 1,
  description: "Topic file name: `name.md` (project memory) or `user/name.md` (user memory). No directories.",
};

/** The optional one-line reason of a change (the dream plan shows it; jobs/dream/model). */
const REASON_PROP = {
  type: "string" as const,
  description:
    "Optional: one line saying why (e.g. `duplicate of testing.md`, `contradicted by the 2026-03-02 session`, `relative date made absolute`).",
};
const reasonOf = (input: Record<string, unknown>) =>
  typeof input.reason === "string" ? input.reason : undefined;

interface ListRoot {
  scope: MemoryScope;
  dir: string;
}

function headLine(t: MemoryTarget, text: string | undefined, staged: boolean): string {
  const mark = staged ? " (staged in this run)" : "";
  try {
    const head =
      text ?? readRegularFile(t.path, SCAN_HEAD_BYTES, t.display, { head: true })?.toString("utf8") ?? "";
    const topic = parseTopic(head.split("\n").slice(0, SCAN_MAX_LINES).join("\n"), t.display, 0);
    const desc = truncateCodePoints(topic.description.replace(/\s+/g, " "), 160);
    return `- ${t.display} [${topic.type}] ${truncateCodePoints(topic.name, 60)}: ${desc}${mark}`;
  } catch (e) {
    const why = isMemdirError(e) ? e.message.split("\n")[0] : String(e);
    return `- ${t.display} (frontmatter unreadable: ${truncateCodePoints(why ?? "", 120)})${mark}`;
  }
}

function listScope(root: ListRoot, roots: SandboxRoots, staging: Staging): string[] {
  const names = new Set(regularTopicFiles(root.dir));
  for (const f of staging.stagedWrites(root.scope)) names.add(f);
  const files = [...names].filter((f) => staging.entry(root.scope, f)?.kind !== "delete").sort();
  const title = root.scope === "user" ? "User memory (name files `user/<name>.md`)" : "Project memory";
  const out = [`${title}: ${files.length} topic file${files.length === 1 ? "" : "s"}`];
  for (const f of files.slice(0, MAX_LISTED)) {
    const e = staging.entry(root.scope, f);
    try {
      const t = resolveMemoryPath(displayName(root.scope, f), roots, "read");
      out.push(headLine(t, e?.kind === "write" ? e.content : undefined, e !== undefined));
    } catch {
      // a file that turned into a link or directory since the listing: not shown
    }
  }
  if (files.length > MAX_LISTED) out.push(`- … ${files.length - MAX_LISTED} more not listed`);
  return out;
}

/**
 * memory_list, memory_read, memory_write, memory_edit, memory_delete over `staging`. Outputs are
 * capped in code points: reads at `maxReadChars` (head + tail), the list at 4 × `maxReadChars`.
 */
export function memoryTools(roots: SandboxRoots, staging: Staging, maxReadChars: number): AgentTool[] {
  const list = defineTool(
    "memory_list",
    "List the topic files of the memory dir(s): file name, type, name and description of each. " +
      "Includes changes staged in this run.",
    objectSchema({}, []),
    () => {
      const scopes: ListRoot[] = [{ scope: "project", dir: roots.project }];
      if (roots.user !== undefined) scopes.push({ scope: "user", dir: roots.user });
      const lines = scopes.flatMap((s) => [...listScope(s, roots, staging), ""]);
      lines.push("MEMORY.md (the index) is maintained by memdir; do not write it.");
      return truncateCodePoints(lines.join("\n"), maxReadChars * LIST_CAP_FACTOR, "\n… (list cut)");
    },
  );
  const read = defineTool(
    "memory_read",
    "Read one topic file (or MEMORY.md). Shows changes staged in this run. Read a file before you " +
      "overwrite or edit it.",
    objectSchema({ file: FILE_PROP }, ["file"]),
    (input) => {
      const t = resolveMemoryPath(input.file as string, roots, "read");
      const v = staging.read(t);
      if (v.source === "missing" || v.source === "deleted") {
        const why = v.source === "deleted" ? " (deleted earlier in this run)" : "";
        throw new MemdirError("NOT_FOUND", `${t.display} does not exist${why}`, {
          expected: "an existing topic file (see memory_list)",
          received: JSON.stringify(t.display),
          hint: "use memory_list, or memory_write to create it",
        });
      }
      const text = scrub(v.text);
      return text.trim() === "" ? "(empty file)" : elideMiddle(text, maxReadChars);
    },
  );
  const write = defineTool(
    "memory_write",
    "Create a topic file or replace one you have read, with its whole content: a frontmatter block " +
      `(name, description, type: ${MEMORY_TYPES.join(" | ")}) then the body. Staged; written when the run ends.`,
    objectSchema(
      {
        file: FILE_PROP,
        content: { type: "string", minLength: 1, description: "The whole topic file." },
        reason: REASON_PROP,
      },
      ["file", "content"],
    ),
    (input) => {
      const t = resolveMemoryPath(input.file as string, roots, "write");
      const content = input.content as string;
      checkTopicText(content, t.display);
      const { isNew } = staging.write(t, content, reasonOf(input));
      return `Staged: ${t.display} ${isNew ? "created" : "replaced"} (written when this run ends).`;
    },
  );
  const edit = defineTool(
    "memory_edit",
    "Replace one exact occurrence of old_string with new_string in a topic file you have read. " +
      "old_string must occur exactly once. Staged; written when the run ends.",
    objectSchema(
      {
        file: FILE_PROP,
        old_string: { type: "string", minLength: 1, description: "Exact text to replace (must occur once)." },
        new_string: { type: "string", description: "Replacement text." },
        reason: REASON_PROP,
      },
      ["file", "old_string", "new_string"],
    ),
    (input) => {
      const t = resolveMemoryPath(input.file as string, roots, "write");
      const [from, to] = [input.old_string as string, input.new_string as string];
      const base = staging.editBase(t);
      const at = base.indexOf(from);
      const again = at < 0 ? -1 : base.indexOf(from, at + 1);
      if (from === to || at < 0 || again >= 0) {
        const problem =
          from === to
            ? "old_string and new_string are the same"
            : at < 0
              ? "old_string was not found"
              : "old_string occurs more than once";
        throw new MemdirError("BAD_INPUT", `Refused: ${problem} in ${t.display}`, {
          expected:
            "old_string copied exactly from memory_read output, occurring exactly once, and a different new_string",
          received: truncateCodePoints(JSON.stringify(from), 120),
          hint:
            at >= 0 && again >= 0
              ? "include more surrounding text so it is unique"
              : "read the file again and copy the text exactly",
        });
      }
      const next = base.slice(0, at) + to + base.slice(at + from.length);
      checkTopicText(next, t.display);
      staging.write(t, next, reasonOf(input));
      return `Staged: edited ${t.display} (written when this run ends).`;
    },
  );
  const del = defineTool(
    "memory_delete",
    "Delete a topic file (a duplicate, or a memory that is wrong). Staged; done when the run ends, " +
      "and skipped if the file changes meanwhile.",
    objectSchema({ file: FILE_PROP, reason: REASON_PROP }, ["file"]),
    (input) => {
      const t = resolveMemoryPath(input.file as string, roots, "write");
      staging.delete(t, reasonOf(input));
      return `Staged: ${t.display} will be deleted when this run ends.`;
    },
  );
  return [list, read, write, edit, del];
}
