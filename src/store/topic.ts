/**
 * Topic files: YAML frontmatter + markdown body (DESIGN.md §3.1). Three frontmatter forms are read
 * and each is kept on rewrite:
 * - `top-level-type`: `type:` at the top level (Claude Code 2.1.100);
 * - `metadata-type`: `metadata: { type: … }` (Claude Code 2.1.332);
 * - `node-type`: `metadata: { node_type: memory, type: … }` (oh-my-claudecode, measured).
 * Unknown keys (top level and inside `metadata`) are kept. A file read from disk is rewritten by
 * editing its YAML in place, so comments, quoting and key order survive, and an unchanged topic is
 * re-emitted byte for byte.
 */
import { statSync } from "node:fs";
import { basename } from "node:path";
import { isCollection, parseDocument } from "yaml";
import { errnoCode, MemdirError } from "../core/errors.js";
import { parseFrontmatter, serializeFrontmatter } from "../core/frontmatter.js";
import { readTextIfExists } from "../core/fs.js";
import { normalizeNewlines, toWellFormed, truncateCodePoints } from "../core/text.js";
import { MEMORY_TYPES, type MemoryType, type TopicFile } from "./types.js";

/** Type of a `metadata.node_type: memory` file that names no type: oh-my-claudecode's measured value. */
export const DEFAULT_NODE_TYPE: MemoryType = "project";

const KNOWN_KEYS = new Set(["name", "description", "type", "metadata"]);

/**
 * Validates a memory type against the closed set user | feedback | project | reference. Surrounding
 * blanks and letter case are forgiven (`" Feedback"` → `feedback`).
 * @throws MemdirError BAD_MEMORY_TYPE naming `source`, the value received and the valid set.
 */
export function validateType(value: unknown, source = "memory"): MemoryType {
  const v = typeof value === "string" ? value.trim().toLowerCase() : undefined;
  if (v !== undefined && (MEMORY_TYPES as readonly string[]).includes(v)) return v as MemoryType;
  throw new MemdirError("BAD_MEMORY_TYPE", `${source} has no valid memory type`, {
    expected: `type: one of ${MEMORY_TYPES.join(" | ")} (top-level \`type:\` or \`metadata.type\`)`,
    received:
      value === undefined ? "no type" : truncateCodePoints(JSON.stringify(value) ?? String(value), 80),
    hint: `set \`type:\` in the frontmatter of ${source} to one of ${MEMORY_TYPES.join(", ")}`,
  });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Parses a topic file's text. BOM and CRLF are tolerated; the body keeps its leading blank lines
 * (so an unchanged rewrite is byte-stable) and loses trailing whitespace.
 * The type comes from `metadata.type`, then top-level `type`, for the `node_type` form (default
 * DEFAULT_NODE_TYPE when neither is set); from top-level `type` (which wins over `metadata.type`)
 * otherwise.
 * @throws MemdirError BAD_FRONTMATTER (no frontmatter, invalid YAML, `metadata` not a mapping) or
 *   BAD_MEMORY_TYPE (missing or not in the closed set).
 */
export function parseTopic(text: string, path: string, mtimeMs: number): TopicFile {
  const fm = parseFrontmatter(text, path);
  if (!fm.hasFrontmatter) {
    throw new MemdirError("BAD_FRONTMATTER", `${path} has no frontmatter`, {
      expected: "a file starting with `---`, then name / description / type lines, then `---`",
      received: JSON.stringify(truncateCodePoints(fm.body.trimStart(), 60)),
      hint: `add a frontmatter block to ${path}, or move the file out of the memory dir`,
    });
  }
  const t = toWellFormed(normalizeNewlines(text));
  const header = t.slice(0, t.length - fm.body.length);
  const raw = header.replace(/^---[ \t]*\n/, "").replace(/\n?---[ \t]*\n?$/, "");
  const data = fm.data;
  const md = data.metadata;
  if (md !== undefined && md !== null && !isPlainObject(md)) {
    throw new MemdirError("BAD_FRONTMATTER", `\`metadata\` in ${path} is not a mapping`, {
      expected: "metadata: followed by indented key: value lines",
      received: Array.isArray(md) ? "a list" : JSON.stringify(md),
      hint: `rewrite \`metadata\` in ${path} as a mapping or remove it`,
    });
  }
  const metadata: Record<string, unknown> = isPlainObject(md) ? { ...md } : {};
  let form: TopicFile["form"];
  let rawType: unknown;
  if (metadata.node_type === "memory") {
    form = "node-type";
    rawType = metadata.type ?? data.type ?? DEFAULT_NODE_TYPE;
  } else if (data.type !== undefined) {
    form = "top-level-type";
    rawType = data.type;
  } else {
    form = "metadata-type";
    rawType = metadata.type;
  }
  const type = validateType(rawType, path);
  const extra: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) if (!KNOWN_KEYS.has(k)) extra[k] = v;
  const stem = basename(path).replace(/\.md$/i, "");
  const name = typeof data.name === "string" && data.name.trim() !== "" ? data.name : stem;
  const description =
    data.description === undefined || data.description === null ? "" : String(data.description);
  return {
    name,
    description,
    type,
    body: fm.body.replace(/\s+$/, ""),
    metadata,
    extra,
    form,
    path,
    mtimeMs,
    raw,
  };
}

/**
 * Reads and parses a topic file (sync).
 * @throws MemdirError NOT_FOUND when the file does not exist, plus the errors of `parseTopic`.
 */
export function readTopic(path: string): TopicFile {
  let text: string;
  let mtimeMs: number;
  try {
    const read = readTextIfExists(path);
    if (read === undefined) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
    text = read;
    mtimeMs = statSync(path).mtimeMs;
  } catch (e) {
    if (errnoCode(e) === "ENOENT") {
      throw new MemdirError("NOT_FOUND", `no topic file at ${path}`, {
        expected: "an existing <name>.md file in the memory dir",
        received: path,
        hint: "list the memory dir (`memdir status`) and use an existing name",
      });
    }
    throw e;
  }
  return parseTopic(text, path, mtimeMs);
}

/** The frontmatter mapping `topic` should have, given the keys the original had (`had`). */
function desiredData(topic: TopicFile, had: Record<string, unknown>): Record<string, unknown> {
  const metadata = { ...topic.metadata };
  const hadTopType = had.type !== undefined;
  let topType = false;
  if (topic.form === "top-level-type") {
    topType = true;
    if ("type" in metadata) metadata.type = topic.type;
  } else if (topic.form === "metadata-type") {
    metadata.type = topic.type;
  } else {
    metadata.node_type = "memory";
    if ("type" in metadata) metadata.type = topic.type;
    if (hadTopType) topType = true;
    if (!("type" in metadata) && !hadTopType && topic.type !== DEFAULT_NODE_TYPE) metadata.type = topic.type;
  }
  const stem = basename(topic.path).replace(/\.md$/i, "");
  const out: Record<string, unknown> = {};
  if ("name" in had || topic.name !== stem) out.name = topic.name;
  if ("description" in had || topic.description !== "") out.description = topic.description;
  if (topType) out.type = topic.type;
  if ("metadata" in had || Object.keys(metadata).length > 0) out.metadata = metadata;
  for (const [k, v] of Object.entries(topic.extra)) if (!KNOWN_KEYS.has(k)) out[k] = v;
  return out;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Serializes a topic (LF line ends, one trailing newline). A topic read from disk (`raw` set) keeps
 * its YAML text: verbatim when nothing changed, else edited in place (changed keys set, removed
 * keys deleted, flow-style lists stay flow-style). A topic built in memory gets canonical YAML.
 */
export function serializeTopic(topic: TopicFile): string {
  const body = toWellFormed(normalizeNewlines(topic.body)).replace(/\s+$/, "");
  if (topic.raw === undefined) return serializeFrontmatter(desiredData(topic, {}), body);
  const doc = parseDocument(topic.raw);
  const js = doc.toJS() as unknown;
  const had = isPlainObject(js) ? js : {};
  const want = desiredData(topic, had);
  let changed = !isPlainObject(js) && Object.keys(want).length > 0;
  const setValue = (path: string[], value: unknown) => {
    const existing = doc.getIn(path, true);
    const flow = isCollection(existing) && existing.flow === true;
    doc.setIn(path, doc.createNode(value, { flow }));
    changed = true;
  };
  for (const [k, v] of Object.entries(want)) {
    const before = had[k];
    if (k === "metadata" && isPlainObject(v) && isPlainObject(before)) {
      for (const [mk, mv] of Object.entries(v)) if (!same(before[mk], mv)) setValue(["metadata", mk], mv);
      for (const mk of Object.keys(before)) {
        if (!(mk in v)) {
          doc.deleteIn(["metadata", mk]);
          changed = true;
        }
      }
    } else if (!(k in had) || !same(before, v)) {
      setValue([k], v);
    }
  }
  for (const k of Object.keys(had)) {
    if (!(k in want)) {
      doc.deleteIn([k]);
      changed = true;
    }
  }
  const yaml = changed ? doc.toString({ lineWidth: 0 }).replace(/\n+$/, "") : topic.raw;
  return `---\n${yaml}${yaml === "" ? "" : "\n"}---\n${body}\n`;
}
