/**
 * notepad.md text <-> structured Notepad. Three `## ` sections in this order: Priority Context,
 * Working Memory, Manual. Entries are `- [2026-11-29T10:00:00Z] text` with continuation lines
 * indented by two spaces, so no note can ever start a section.
 *
 * Parsing is best effort and never loses text (in oh-my-claudecode, regex section replacement
 * orphaned and duplicated sections): a repeated section heading is merged into the
 * first, identical notes are kept once (newest timestamp), the old `### YYYY-MM-DD HH:MM` entry form
 * (also its demoted `## YYYY-MM-DD HH:MM` copies) is read as UTC, hand-written lines are kept as
 * raw entries, and unknown `## ` sections move into Manual. serialize(parse(x)) is a fixed point.
 */
import { normalizeNewlines, squashWhitespace, toWellFormed } from "../core/text.js";
import type { Notepad, NotepadEntry } from "./types.js";

export const PRIORITY_HEADING = "## Priority Context";
export const WORKING_HEADING = "## Working Memory";
export const MANUAL_HEADING = "## Manual";
export const DEFAULT_PREAMBLE =
  "# Notepad\n<!-- Managed by memdir: Priority Context (<remember priority>) and Working Memory (<remember>, " +
  "kept 7 days) are rewritten by memdir. Write freely under Manual; it is never changed. -->";

const TS = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:[Zz]|[+-]\d{2}:?\d{2})`;
const ENTRY = new RegExp(String.raw`^- \[(${TS})\](?: (.*))?$`);
const OMC_ENTRY = /^#{2,3}\s+(\d{4}-\d{2}-\d{2})\s+(\d{2}:\d{2})\s*$/;
const HEADING = /^##\s+(.*?)\s*#*\s*$/;
const COMMENT = /^\s*<!--.*-->\s*$/;

/** An empty notepad. */
export function emptyNotepad(): Notepad {
  return { preamble: "", priority: [], working: [], manual: "", comments: { priority: [], working: [] } };
}

/** Milliseconds of an entry's timestamp, undefined when absent or unparsable. TZ-independent. */
export function entryTimeMs(e: NotepadEntry): number | undefined {
  if (!e.at) return undefined;
  const ms = Date.parse(e.at.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(ms) ? undefined : ms;
}

/** Identity of a note for deduplication: its text with whitespace runs squashed. */
export const entryKey = (e: Pick<NotepadEntry, "text">) => squashWhitespace(e.text);

type Section = "preamble" | "priority" | "working" | "manual" | "unknown";

function classify(title: string): Section {
  const t = title.toLowerCase().replace(/\s+/g, " ");
  if (t === "priority context") return "priority";
  if (t === "working memory") return "working";
  if (t === "manual") return "manual";
  return "unknown";
}

interface Draft {
  at?: string;
  lines: string[];
  raw?: boolean;
  omc?: boolean;
}

function parseEntries(lines: string[], comments: string[]): NotepadEntry[] {
  const drafts: Draft[] = [];
  let cur: Draft | undefined;
  let blanks = 0;
  for (const line of lines) {
    if (line.trim() === "") {
      if (cur) blanks++;
      continue;
    }
    const m = ENTRY.exec(line);
    const omc = OMC_ENTRY.exec(line);
    if (m) cur = { at: m[1]!, lines: [m[2] ?? ""] };
    else if (omc) cur = { at: `${omc[1]}T${omc[2]}:00Z`, lines: [], omc: true };
    else if (cur && !cur.raw && /^( {2}|\t)/.test(line)) {
      for (; blanks > 0; blanks--) cur.lines.push("");
      cur.lines.push(line.replace(/^( {2}|\t)/, ""));
      continue;
    } else if (cur?.omc || (cur?.raw && blanks === 0)) {
      for (; blanks > 0; blanks--) cur.lines.push("");
      cur.lines.push(line);
      continue;
    } else if (COMMENT.test(line)) {
      comments.push(line);
      cur = undefined;
      blanks = 0;
      continue;
    } else if (line.startsWith("- ")) cur = { lines: [line.slice(2)] };
    else cur = { lines: [line], raw: true };
    drafts.push(cur);
    blanks = 0;
  }
  return dedupe(
    drafts.flatMap((d): NotepadEntry[] => {
      const text = d.lines
        .join("\n")
        .replace(/^\s*\n/, "")
        .replace(/\s+$/, "");
      if (text.trim() === "") return [];
      return [{ ...(d.at ? { at: d.at } : {}), text, ...(d.raw ? { raw: true } : {}) }];
    }),
  );
}

/** Keeps the first occurrence of each note, with the newest timestamp among its copies. */
export function dedupe(entries: NotepadEntry[]): NotepadEntry[] {
  const byKey = new Map<string, NotepadEntry>();
  const out: NotepadEntry[] = [];
  for (const e of entries) {
    const k = entryKey(e);
    const prev = byKey.get(k);
    if (!prev) {
      const copy = { ...e };
      byKey.set(k, copy);
      out.push(copy);
    } else if (
      (entryTimeMs(e) ?? Number.NEGATIVE_INFINITY) > (entryTimeMs(prev) ?? Number.NEGATIVE_INFINITY)
    ) {
      prev.at = e.at;
    }
  }
  return out;
}

/** Parses notepad text (BOM, CRLF and lone surrogates tolerated). Never throws. */
export function parseNotepad(text: string): Notepad {
  const lines = toWellFormed(normalizeNewlines(text)).split("\n");
  const buf: Record<Section, string[]> = { preamble: [], priority: [], working: [], manual: [], unknown: [] };
  let cur: Section = "preamble";
  for (const line of lines) {
    const h = HEADING.exec(line);
    if (h && !(cur === "priority" || cur === "working" ? OMC_ENTRY.test(line) : false)) {
      const s = classify(h[1]!);
      if (s !== "unknown") {
        if (s === "manual" && cur === "manual") continue; // a repeated Manual heading: drop the copy
        cur = s;
        continue;
      }
      if (cur !== "manual") cur = "unknown";
    }
    buf[cur].push(line);
  }
  const np = emptyNotepad();
  np.preamble = buf.preamble.join("\n").replace(/\s+$/, "");
  np.priority = parseEntries(buf.priority, np.comments.priority);
  np.working = parseEntries(buf.working, np.comments.working);
  const block = (ls: string[]) =>
    ls
      .join("\n")
      .replace(/^(?:[ \t]*\n)+/, "")
      .replace(/\s+$/, "");
  np.manual = [block(buf.manual), block(buf.unknown)].filter((s) => s !== "").join("\n\n");
  return np;
}

function entryLines(e: NotepadEntry): string[] {
  const lines = e.text.split("\n");
  if (e.raw) return lines;
  const head = e.at ? `- [${e.at}] ${lines[0]}` : `- ${lines[0]}`;
  return [head.trimEnd(), ...lines.slice(1).map((l) => (l.trim() === "" ? "" : `  ${l}`))];
}

/** Serializes a notepad: preamble, the three sections in order, LF, one trailing newline. */
export function serializeNotepad(np: Notepad): string {
  const section = (heading: string, comments: string[], entries: NotepadEntry[]) => {
    const out = [heading, ...comments];
    entries.forEach((e, i) => {
      if (i > 0 && entries[i - 1]!.raw) out.push(""); // keeps two hand-written paragraphs apart
      out.push(...entryLines(e));
    });
    return out.join("\n");
  };
  const manual = np.manual.replace(/\s+$/, "");
  return `${[
    np.preamble.trim() === "" ? DEFAULT_PREAMBLE : np.preamble.replace(/\s+$/, ""),
    section(PRIORITY_HEADING, np.comments.priority, np.priority),
    section(WORKING_HEADING, np.comments.working, np.working),
    manual === "" ? MANUAL_HEADING : `${MANUAL_HEADING}\n${manual}`,
  ].join("\n\n")}\n`;
}

/**
 * The Priority Context as plain text for the `<notepad-priority>` block: one `- note` per entry,
 * newest first, continuation lines indented, no timestamps. "" when empty.
 */
export function formatPriorityContext(np: Notepad): string {
  return np.priority.flatMap((e) => entryLines({ ...e, at: undefined } as NotepadEntry)).join("\n");
}
