/**
 * The session memory file format: a small frontmatter (one `key: value` per line, strings as JSON
 * double-quoted scalars, which YAML reads too: search/sync parses it with `yaml`), then the ten
 * `# <Section>` headings in order. Read and written without `yaml`, so the SessionStart hook that injects
 * the summary loads no YAML parser.
 */
import { normalizeNewlines, toWellFormed } from "../../core/text.js";
import {
  emptySections,
  isSectionName,
  SECTION_NAMES,
  type SessionSummary,
  type SummaryMeta,
  type SummarySections,
} from "./sections.js";

const META_KEYS: readonly (keyof SummaryMeta)[] = [
  "sessionId",
  "updated",
  "engine",
  "contextTokens",
  "toolCalls",
  "updates",
  "transcriptOffset",
];

/** A line of section text may not open a heading: `# x` would be read back as a section. */
export function escapeHeadings(text: string): string {
  return text.replace(/^(?=#)/gm, "\\");
}

/** The Markdown body: the ten headings in order, each followed by its text (a blank line between). */
export function renderBody(sections: SummarySections): string {
  return SECTION_NAMES.map((n) => {
    const t = escapeHeadings(sections[n].trim());
    return t ? `# ${n}\n\n${t}\n` : `# ${n}\n`;
  }).join("\n");
}

/** The frontmatter block (`---` lines included, ends with a newline). */
export function renderFrontmatter(meta: SummaryMeta): string {
  const lines = META_KEYS.map((k) => {
    const v = meta[k];
    return `${k}: ${typeof v === "number" ? String(v) : JSON.stringify(v)}`;
  });
  return `---\n${lines.join("\n")}\n---\n`;
}

/** The whole file text. */
export function serializeSummary(summary: SessionSummary): string {
  return renderFrontmatter(summary.meta) + renderBody(summary.sections);
}

const num = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;

function parseValue(raw: string): unknown {
  const t = raw.trim();
  if (t.startsWith('"')) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return t.slice(1, -1);
    }
  }
  if (/^-?\d+(?:\.\d+)?$/.test(t)) return Number(t);
  return t.replace(/^'(.*)'$/, "$1");
}

/**
 * Parses a session memory file. Never throws: a missing or malformed frontmatter gives zero counters
 * (the next update starts over), text before the first known heading goes to "Current State", an
 * unknown `# Heading` stays inside the section it appears in.
 * @param fallbackSessionId used when the frontmatter names no session
 */
export function parseSummary(text: string, fallbackSessionId = ""): SessionSummary {
  const t = toWellFormed(normalizeNewlines(text));
  const data: Record<string, unknown> = {};
  let body = t;
  const fm = /^---[ \t]*\n([\s\S]*?)\n---[ \t]*(?:\n|$)/.exec(t);
  if (fm) {
    body = t.slice(fm[0].length);
    for (const line of (fm[1] ?? "").split("\n")) {
      const m = /^([A-Za-z_][\w-]*):(.*)$/.exec(line);
      if (m) data[m[1]!] = parseValue(m[2]!);
    }
  }
  const sections = emptySections();
  const buf: Record<string, string[]> = {};
  let current: string = "Current State";
  for (const line of body.split("\n")) {
    const h = /^#[ \t]+(.+?)[ \t]*$/.exec(line);
    if (h && isSectionName(h[1]!)) {
      current = h[1]!;
      continue;
    }
    const lines = buf[current] ?? [];
    buf[current] = lines;
    lines.push(line.startsWith("\\#") ? line.slice(1) : line);
  }
  for (const n of SECTION_NAMES) sections[n] = (buf[n] ?? []).join("\n").trim();
  const str = (v: unknown, d: string) => (typeof v === "string" ? v : d);
  return {
    meta: {
      sessionId: str(data.sessionId, fallbackSessionId),
      updated: str(data.updated, ""),
      engine: str(data.engine, "unknown"),
      contextTokens: num(data.contextTokens),
      toolCalls: num(data.toolCalls),
      updates: num(data.updates),
      transcriptOffset: num(data.transcriptOffset),
    },
    sections,
  };
}
