/**
 * File content -> searchable documents, by source. Text is scrubbed (private tags, secrets) before
 * it is indexed even though writers already scrub: users edit these files by hand.
 * @throws MemdirError from the parsers (bad frontmatter, bad type): sync records it on the file row.
 */

import { basename } from "node:path";
import { parseFrontmatter } from "../../core/frontmatter.js";
import { entryTimeMs, parseNotepad } from "../../notepad/index.js";
import { scrub } from "../../privacy/index.js";
import { parseTopic } from "../../store/index.js";
import { parsePage } from "../../wiki/index.js";
import type { DiskEntry, DocInput } from "./types.js";

function dateMs(v: unknown, fallback: number): number {
  if (typeof v !== "string" && !(v instanceof Date)) return fallback;
  const ms = v instanceof Date ? v.getTime() : Date.parse(v);
  return Number.isNaN(ms) ? fallback : ms;
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

function clean(d: DocInput): DocInput {
  return { ...d, name: scrub(d.name), description: scrub(d.description), body: scrub(d.body) };
}

function topicDocs(e: DiskEntry, text: string): DocInput[] {
  const t = parseTopic(text, e.path, e.mtimeMs);
  const md = t.metadata;
  const sources = Array.isArray(md.sources) ? md.sources.map(String) : [];
  return [
    {
      key: e.path,
      type: t.type,
      name: t.name,
      description: t.description,
      body: t.body,
      group: str(md.originSessionId) || null,
      updatedMs: dateMs(md.updated, e.mtimeMs),
      meta: sources.length ? { sources } : {},
    },
  ];
}

function noteDocs(e: DiskEntry, text: string): DocInput[] {
  const pad = parseNotepad(text);
  const docs: DocInput[] = [];
  const add = (section: "priority" | "working", i: number, at: string | undefined, body: string) => {
    docs.push({
      key: `${e.path}#${section}-${i}`,
      type: section,
      name: section === "priority" ? "Priority Context" : "Working Memory",
      description: "",
      body,
      group: null,
      updatedMs: (at && entryTimeMs({ at, text: body })) || e.mtimeMs,
      meta: { section },
    });
  };
  for (const [i, n] of pad.priority.entries()) add("priority", i, n.at, n.text);
  for (const [i, n] of pad.working.entries()) add("working", i, n.at, n.text);
  if (pad.manual.trim()) {
    docs.push({
      key: `${e.path}#manual`,
      type: "manual",
      name: "Manual",
      description: "",
      body: pad.manual.trim(),
      group: null,
      updatedMs: e.mtimeMs,
      meta: { section: "manual" },
    });
  }
  return docs;
}

/** A wiki page: tags go in the description field (weighted above the body: "keyword and tag matches"). */
function wikiDocs(e: DiskEntry, text: string): DocInput[] {
  const p = parsePage(text, e.path, e.mtimeMs);
  return [
    {
      key: e.path,
      type: p.category ?? "page",
      name: p.title,
      description: p.tags.join(" "),
      body: p.body,
      group: null,
      updatedMs: p.updatedMs,
      meta: { slug: p.slug, tags: p.tags, ...(p.confidence ? { confidence: p.confidence } : {}) },
    },
  ];
}

function summaryDocs(e: DiskEntry, text: string): DocInput[] {
  const fm = parseFrontmatter(text, e.path);
  const sessionId = basename(e.path, ".md");
  const title = /^#+\s*Session Title\s*\n+([^\n#][^\n]*)/m.exec(fm.body)?.[1]?.trim();
  return [
    {
      key: e.path,
      type: "summary",
      name: title || str(fm.data.title) || `Session ${sessionId}`,
      description: "",
      body: fm.body,
      group: sessionId,
      updatedMs: dateMs(fm.data.updated, e.mtimeMs),
      meta: { sessionId },
    },
  ];
}

/** The documents of one file. */
export function docsForFile(e: DiskEntry, text: string): DocInput[] {
  const docs =
    e.source === "memories"
      ? topicDocs(e, text)
      : e.source === "notes"
        ? noteDocs(e, text)
        : e.source === "wiki"
          ? wikiDocs(e, text)
          : summaryDocs(e, text);
  return docs.map(clean);
}
