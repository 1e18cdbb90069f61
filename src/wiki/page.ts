/**
 * Wiki page files: YAML frontmatter (`title`, `tags`, `category`, `confidence`,
 * `created`, `updated`, `sources`; unknown keys kept) then a markdown body with `[[links]]`.
 * Parsed with core/frontmatter (YAML 1.2: dates stay strings).
 */
import { statSync } from "node:fs";
import { basename } from "node:path";
import { errnoCode, MemdirError } from "../core/errors.js";
import { parseFrontmatter, serializeFrontmatter } from "../core/frontmatter.js";
import { readTextIfExists } from "../core/fs.js";
import { byteLength, squashWhitespace, truncateCodePoints } from "../core/text.js";
import { CONFIDENCES, type Confidence, type WikiPage } from "./types.js";

/** The slug of a page file: its name without `.md`, NFC. */
export const slugOfPath = (path: string): string => basename(path).replace(/\.md$/i, "").normalize("NFC");

/** A tag as stored: NFC, trimmed, no leading `#`, lower case, blank runs → `-`; `""` when empty. */
export function normalizeTag(tag: string): string {
  return tag.normalize("NFC").trim().replace(/^#+/, "").toLowerCase().replace(/\s+/g, "-");
}

function bad(path: string, what: string, expected: string, value: unknown): MemdirError {
  return new MemdirError("BAD_FRONTMATTER", `the wiki page ${path} has ${what}`, {
    expected,
    received:
      value === undefined ? "nothing" : truncateCodePoints(JSON.stringify(value) ?? String(value), 80),
    hint: `fix the frontmatter of ${path} (see .memdir/wiki/index.md for the page format), or re-add the page with \`memdir wiki add\``,
  });
}

const isScalar = (v: unknown): v is string | number => typeof v === "string" || typeof v === "number";

function stringList(v: unknown, path: string, key: string, splitCommas: boolean): string[] {
  if (v === undefined || v === null) return [];
  if (isScalar(v)) return splitCommas ? String(v).split(",") : [String(v)];
  if (Array.isArray(v) && v.every(isScalar)) return v.map(String);
  throw bad(path, `a bad \`${key}\``, `${key}: a list of strings`, v);
}

function isoField(v: unknown, path: string, key: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "string" && !Number.isNaN(Date.parse(v))) return v;
  throw bad(path, `a bad \`${key}\``, `${key}: an ISO 8601 UTC time such as 2026-11-29T10:00:00Z`, v);
}

/**
 * Parses a page's text. `mtimeMs` is used for `updatedMs` when the page has no `updated`.
 * @throws MemdirError BAD_FRONTMATTER (no frontmatter, invalid YAML, no title, a field of the wrong
 *   shape, a confidence outside low | medium | high, an unparsable date), naming `path`.
 */
export function parsePage(text: string, path: string, mtimeMs = 0): WikiPage {
  const fm = parseFrontmatter(text, path);
  if (!fm.hasFrontmatter)
    throw bad(path, "no frontmatter", "a `---` block with at least `title:`", undefined);
  const d = fm.data;
  const title = isScalar(d.title) ? squashWhitespace(String(d.title)) : "";
  if (title === "") throw bad(path, "no title", "title: a non-empty string", d.title);
  const tags = [...new Set(stringList(d.tags, path, "tags", true).map(normalizeTag))].filter((t) => t);
  const sources = stringList(d.sources, path, "sources", false)
    .map((s) => s.trim())
    .filter((s) => s);
  let category: string | undefined;
  if (d.category !== undefined && d.category !== null) {
    if (!isScalar(d.category)) throw bad(path, "a bad `category`", "category: a string", d.category);
    category = squashWhitespace(String(d.category)).normalize("NFC") || undefined;
  }
  let confidence: Confidence | undefined;
  if (d.confidence !== undefined && d.confidence !== null) {
    const c = typeof d.confidence === "string" ? d.confidence.trim().toLowerCase() : "";
    if (!(CONFIDENCES as readonly string[]).includes(c))
      throw bad(path, "a bad `confidence`", `confidence: one of ${CONFIDENCES.join(" | ")}`, d.confidence);
    confidence = c as Confidence;
  }
  const created = isoField(d.created, path, "created");
  const updated = isoField(d.updated, path, "updated");
  const page: WikiPage = {
    slug: slugOfPath(path),
    path,
    title,
    tags,
    updatedMs: updated === undefined ? mtimeMs : Date.parse(updated),
    sources,
    body: fm.body,
    data: d,
    bytes: byteLength(text),
  };
  if (category !== undefined) page.category = category;
  if (confidence !== undefined) page.confidence = confidence;
  if (created !== undefined) page.created = created;
  if (updated !== undefined) page.updated = updated;
  return page;
}

/**
 * Reads and parses one page file. Takes no lock (writes are atomic renames).
 * @throws MemdirError NOT_FOUND when the file does not exist; BAD_FRONTMATTER as `parsePage`.
 */
export function readPage(path: string): WikiPage {
  let text: string;
  let mtimeMs: number;
  try {
    const read = readTextIfExists(path);
    if (read === undefined) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
    text = read;
    mtimeMs = statSync(path).mtimeMs;
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
    throw new MemdirError("NOT_FOUND", `no wiki page at ${path}`, {
      expected: "an existing `<slug>.md` file in the wiki dir",
      received: "no such file",
      hint: "list the pages with `memdir wiki query`, or add it with `memdir wiki add`",
    });
  }
  return parsePage(text, path, mtimeMs);
}

/**
 * The text of a page: frontmatter from `data` (key order kept, unknown keys included) and `body`.
 * LF line ends, one trailing newline.
 */
export function serializePage(data: Record<string, unknown>, body: string): string {
  return serializeFrontmatter(data, body);
}
