/**
 * MEMORY.md, the index of a memory dir (DESIGN.md §3.1): `# Memory Index`, then one line per topic
 * `- [Title](name.md) — hook` of at most 150 characters. Pure planning, no fs and no `yaml`.
 *
 * Write-time budget (in Claude Code, overflow silently dropped the NEWEST entries and
 * corrections): the file stays within 200 lines and 25,000 bytes, and when it would
 * not, the OLDEST entries (least recently modified topic) give way first: their hooks are dropped,
 * then they are folded into one `- N older topics: see files in this directory` line.
 */
import { byteLength, codePointLength, squashWhitespace, truncateCodePoints } from "../core/text.js";

/** The index file of a memory dir; never a topic. */
export const INDEX_FILE = "MEMORY.md";
export const INDEX_HEADER = "# Memory Index";
/** Claude Code `MAX_ENTRYPOINT_LINES`. */
export const INDEX_MAX_LINES = 200;
/** Claude Code `MAX_ENTRYPOINT_BYTES` (2.1.83). */
export const INDEX_MAX_BYTES = 25_000;
/** Longest index line, in code points. */
export const INDEX_LINE_MAX = 150;

const COLLAPSED = /^\s*[-*]\s+\d+ older topics?: see files in this directory\.?\s*$/i;
const ENTRY = /^\s*[-*]\s+\[((?:\\.|[^\]\\])*)\]\((<[^>]*>|[^)\s]+)\)\s*(?:(?:—|–|-|:)\s*(.*))?$/;

/** The folded line for `n` topics. */
export function collapsedLine(n: number): string {
  return `- ${n} older topic${n === 1 ? "" : "s"}: see files in this directory`;
}

function linkTarget(file: string): string {
  return /[\s()<>]/.test(file) ? `<${file}>` : file;
}

/**
 * One index line, at most INDEX_LINE_MAX code points (the hook is cut first, then the title; the
 * link is never cut). Title brackets are escaped; whitespace runs become one space.
 */
export function formatIndexLine(title: string, file: string, hook: string): string {
  const link = linkTarget(file);
  let t = squashWhitespace(title).replace(/[[\]\\]/g, (m) => `\\${m}`) || file;
  const fixed = codePointLength(`- []()`) + codePointLength(link);
  if (fixed + codePointLength(t) > INDEX_LINE_MAX)
    t = truncateCodePoints(t, Math.max(1, INDEX_LINE_MAX - fixed));
  if (t.endsWith("\\") && !t.endsWith("\\\\")) t = t.slice(0, -1);
  const head = `- [${t}](${link})`;
  const h = squashWhitespace(hook);
  const room = INDEX_LINE_MAX - codePointLength(head) - 3;
  if (h === "" || room < 2) return head;
  return `${head} — ${cutAtWord(h, room)}`;
}

/** `truncateCodePoints(text, max)`, backed up to the last space when one is within 24 code points of the cut. */
function cutAtWord(text: string, max: number): string {
  const cut = truncateCodePoints(text, max);
  if (cut === text) return cut;
  const kept = Array.from(cut).slice(0, -1);
  const space = kept.lastIndexOf(" ");
  return space > 0 && kept.length - space <= 24
    ? `${kept
        .slice(0, space)
        .join("")
        .replace(/[\s,;:.—–-]+$/, "")}…`
    : cut;
}

export interface IndexLine {
  title: string;
  /** Link target as written, `<…>` removed. */
  target: string;
  hook?: string;
}

/** Parses an index entry line; undefined for any other line (text, headings, URLs, folded line). */
export function parseIndexLine(line: string): IndexLine | undefined {
  if (COLLAPSED.test(line)) return undefined;
  const m = ENTRY.exec(line);
  if (!m) return undefined;
  const target = m[2]!.replace(/^<|>$/g, "");
  if (target.includes("://") || !/\.md$/i.test(target)) return undefined;
  const hook = m[3]?.trim();
  return { title: m[1]!, target, ...(hook ? { hook } : {}) };
}

/** A topic the index should list. */
export interface IndexTopic {
  /** Path relative to the memory dir, e.g. `testing.md`. */
  file: string;
  title: string;
  hook: string;
  /** Last update in ms (mtime): lower = older = gives way first. */
  recencyMs: number;
}

export interface IndexPlan {
  text: string;
  listed: string[];
  collapsed: string[];
  warning?: string;
}

type Item =
  | { kind: "other"; line: string }
  | { kind: "entry"; file: string; line: string; short: string; recencyMs: number; pos: number };

/**
 * Plans the new MEMORY.md from the current text (`existing`, undefined when absent) and the topics
 * that exist. Existing entry lines keep their place and text; lines pointing to files that no
 * longer exist, duplicates, and an old folded line are removed; other hand-written lines are kept;
 * topics without a line are appended oldest first. `resolve(target)` maps a link target to the
 * key of an existing file (or undefined) and its recency in ms. Then the budget is applied.
 */
export function planIndex(
  existing: string | undefined,
  topics: IndexTopic[],
  resolve: (target: string) => { file: string; recencyMs: number } | undefined,
  limits: { maxLines: number; maxBytes: number } = { maxLines: INDEX_MAX_LINES, maxBytes: INDEX_MAX_BYTES },
): IndexPlan {
  const items: Item[] = [];
  const seen = new Set<string>();
  const lines = (existing ?? "")
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first >= 0 && /^#\s+memory index\s*$/i.test(lines[first]!)) lines.splice(0, first + 1);
  for (const line of lines) {
    if (COLLAPSED.test(line)) continue;
    const e = parseIndexLine(line);
    if (!e) {
      items.push({ kind: "other", line });
      continue;
    }
    const r = resolve(e.target);
    if (!r || seen.has(r.file)) continue;
    seen.add(r.file);
    const short = `- [${e.title}](${linkTarget(e.target)})`;
    items.push({ kind: "entry", file: r.file, line, short, recencyMs: r.recencyMs, pos: items.length });
  }
  while (
    items.length > 0 &&
    items[items.length - 1]!.kind === "other" &&
    items[items.length - 1]!.line.trim() === ""
  ) {
    items.pop();
  }
  const fresh = topics
    .filter((t) => !seen.has(t.file))
    .sort((a, b) => a.recencyMs - b.recencyMs || (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  for (const t of fresh) {
    seen.add(t.file);
    const line = formatIndexLine(t.title, t.file, t.hook);
    const short = formatIndexLine(t.title, t.file, "");
    items.push({ kind: "entry", file: t.file, line, short, recencyMs: t.recencyMs, pos: items.length });
  }
  return applyBudget(items, limits);
}

function applyBudget(items: Item[], limits: { maxLines: number; maxBytes: number }): IndexPlan {
  const entries = items.filter((i) => i.kind === "entry");
  const oldestFirst = [...entries].sort((a, b) => a.recencyMs - b.recencyMs || a.pos - b.pos);
  const folded = new Set<Item>();
  let lineCount = 1 + items.length;
  let bytes = byteLength(INDEX_HEADER) + 1 + items.reduce((n, i) => n + byteLength(i.line) + 1, 0);
  const foldCost = () => (folded.size > 0 ? byteLength(collapsedLine(folded.size)) + 1 : 0);
  const over = () =>
    lineCount + (folded.size > 0 ? 1 : 0) > limits.maxLines || bytes + foldCost() > limits.maxBytes;
  let next = 0;
  const fold = (): boolean => {
    const e = oldestFirst[next++];
    if (!e) return false;
    folded.add(e);
    lineCount--;
    bytes -= byteLength(e.line) + 1;
    return true;
  };
  while (lineCount + (folded.size > 0 ? 1 : 0) > limits.maxLines && fold()) {}
  let condensed = 0;
  for (let k = next; k < oldestFirst.length && bytes + foldCost() > limits.maxBytes; k++) {
    const e = oldestFirst[k]!;
    if (e.line === e.short) continue;
    bytes -= byteLength(e.line) - byteLength(e.short);
    e.line = e.short;
    condensed++;
  }
  while (over() && fold()) {}
  const kept = items.filter((i) => !folded.has(i));
  const out = [INDEX_HEADER, ...kept.map((i) => i.line)];
  if (folded.size > 0) out.push(collapsedLine(folded.size));
  const plan: IndexPlan = {
    text: `${out.join("\n")}\n`,
    listed: kept.flatMap((i) => (i.kind === "entry" ? [i.file] : [])),
    collapsed: oldestFirst.filter((e) => folded.has(e)).map((e) => e.file),
  };
  const parts: string[] = [];
  if (condensed > 0) parts.push(`dropped the hooks of the ${condensed} oldest entries`);
  if (folded.size > 0) parts.push(`folded the ${folded.size} oldest topics into one line`);
  if (over()) parts.push("hand-written lines alone exceed the budget and were kept");
  if (parts.length > 0) {
    plan.warning =
      `MEMORY.md is over its budget (${limits.maxLines} lines, ${limits.maxBytes} bytes): ${parts.join("; ")}. ` +
      "The newest entries are kept in full; consolidate old topics (`memdir dream`).";
  }
  return plan;
}
