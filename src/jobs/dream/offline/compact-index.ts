/**
 * MEMORY.md brought back within budget (DESIGN.md §3.1: 200 lines, 25,000 bytes, entry lines of at
 * most 150 characters). Pure, so the apply
 * step can run it again under the lock against what is on disk then. Entry lines keep their place
 * (over-long ones are re-formatted), lines of files that no longer exist go, new topics are listed
 * (store `planIndex`). Hand-written lines are never dropped: when the index does not fit, the
 * hand-written lines that do not fit (the tail, in order) move to an overflow topic that the index
 * lists; only if the entries alone still exceed the budget does `planIndex` fold the oldest ones.
 */
import { byteLength, codePointLength, squashWhitespace } from "../../../core/text.js";
import {
  formatIndexLine,
  INDEX_LINE_MAX,
  INDEX_MAX_BYTES,
  INDEX_MAX_LINES,
  type IndexPlan,
  type IndexTopic,
  parseIndexLine,
  planIndex,
} from "../../../store/memory-md.js";
import type { TopicHeader } from "../../../store/types.js";
import { serializeNewTopic } from "./new-topic.js";
import { isoSeconds } from "./orient.js";

/** Default name of the topic that receives hand-written MEMORY.md lines that do not fit. */
export const INDEX_OVERFLOW_FILE = "memory-index-notes.md";

export interface CompactIndexOptions {
  /** Link targets of files that exist but are not topics (unparsable files): their lines are kept. */
  keep?: string[];
  /** File name for moved lines (must not exist yet; default INDEX_OVERFLOW_FILE). */
  overflowFile?: string;
  limits?: { maxLines: number; maxBytes: number };
}

export interface CompactIndexResult {
  /** The new whole MEMORY.md text. */
  text: string;
  /** Hand-written lines moved out (the body of the overflow topic), when any were. */
  overflow?: string;
  /** Number of non-blank lines moved out (blank lines that no longer fit are dropped or moved along). */
  moved: number;
  /** Set when entries had to lose their hooks or be folded (store `planIndex` warning). */
  warning?: string;
}

const HEADER = /^#\s+memory index\s*$/i;

/**
 * Computes the MEMORY.md for `topics` (every topic file the dir has, `IndexTopic.file` relative to
 * the memory dir) from the current text (undefined when absent). Targets with a `/` (e.g. `team/…`)
 * and `keep` targets count as existing. When hand-written lines move, the overflow file is listed.
 */
export function compactIndex(
  text: string | undefined,
  topics: IndexTopic[],
  opts: CompactIndexOptions = {},
): CompactIndexResult {
  const limits = opts.limits ?? { maxLines: INDEX_MAX_LINES, maxBytes: INDEX_MAX_BYTES };
  const byFile = new Map(topics.map((t) => [t.file, t]));
  const keep = new Set(opts.keep ?? []);
  const resolve = (target: string) => {
    let t = target;
    try {
      t = decodeURIComponent(target);
    } catch {}
    const file = t.replace(/\\/g, "/").replace(/^(?:\.\/)+/, "");
    const hit = byFile.get(file);
    if (hit) return { file, recencyMs: hit.recencyMs };
    return keep.has(file) || file.includes("/") ? { file, recencyMs: 0 } : undefined;
  };
  const lines = (text ?? "")
    .replace(/^\uFEFF/, "")
    .replace(/\r\n?/g, "\n")
    .split("\n");
  const first = lines.findIndex((l) => l.trim() !== "");
  if (first >= 0 && HEADER.test(lines[first]!)) lines.splice(0, first + 1);
  const prose: number[] = [];
  lines.forEach((line, i) => {
    const e = parseIndexLine(line);
    if (!e) {
      if (!/^\s*[-*]\s+\d+ older topics?: see files in this directory\.?\s*$/i.test(line)) prose.push(i);
      return;
    }
    const r = resolve(e.target);
    if (r && codePointLength(line) > INDEX_LINE_MAX) {
      lines[i] = formatIndexLine(e.title.replace(/\\(.)/g, "$1"), e.target, e.hook ?? "");
    }
  });
  const whole = planIndex(lines.join("\n"), topics, resolve, limits);
  if (fits(whole)) return { text: whole.text, moved: 0 };
  const newest = topics.reduce((m, t) => Math.max(m, t.recencyMs), 0);
  const file = opts.overflowFile ?? INDEX_OVERFLOW_FILE;
  const overflowTopic: IndexTopic = {
    file,
    title: file.replace(/\.md$/i, ""),
    hook: "hand-written notes moved out of MEMORY.md to keep it within budget",
    recencyMs: newest + 1,
  };
  const attempt = (k: number) => {
    const movedIdx = new Set(prose.slice(k));
    const movedText = lines.filter((_, i) => movedIdx.has(i));
    const real = movedText.some((l) => l.trim() !== "");
    const kept = lines.filter((_, i) => !movedIdx.has(i)).join("\n");
    const plan = planIndex(kept, real ? [...topics, overflowTopic] : topics, resolve, limits);
    return { plan, movedText, real };
  };
  let lo = 0;
  let hi = prose.length - 1;
  let best = attempt(0);
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const a = attempt(mid);
    if (fits(a.plan)) {
      best = a;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  const out: CompactIndexResult = {
    text: best.plan.text,
    moved: best.movedText.filter((l) => l.trim() !== "").length,
  };
  if (best.real) out.overflow = trimBlank(best.movedText).join("\n");
  if (best.plan.warning) out.warning = best.plan.warning;
  return out;
}

const fits = (p: IndexPlan) => p.collapsed.length === 0 && p.warning === undefined;

function trimBlank(lines: string[]): string[] {
  let s = 0;
  let e = lines.length;
  while (s < e && lines[s]!.trim() === "") s++;
  while (e > s && lines[e - 1]!.trim() === "") e--;
  return lines.slice(s, e);
}

/**
 * `IndexTopic`s from store `TopicHeader`s (e.g. `scanTopics` at apply time): file = base name of
 * the path, title = frontmatter name, hook = description, recency = mtime (ms).
 */
export function toIndexTopics(headers: readonly TopicHeader[]): IndexTopic[] {
  return headers.map((h) => ({
    file: h.path.slice(Math.max(h.path.lastIndexOf("/"), h.path.lastIndexOf("\\")) + 1),
    title: h.name,
    hook: h.description,
    recencyMs: h.mtimeMs,
  }));
}

/** Line and byte count of a MEMORY.md text (0/0 when absent). */
export function indexSize(text: string | undefined): { lines: number; bytes: number } {
  if (text === undefined || text === "") return { lines: 0, bytes: 0 };
  return { lines: text.replace(/\n$/, "").split("\n").length, bytes: byteLength(text) };
}

/**
 * The whole text of the overflow topic (type reference, with its `name:` line) holding `overflow`,
 * the lines moved out of MEMORY.md on `nowMs`.
 */
export function indexOverflowTopic(file: string, overflow: string, nowMs: number): string {
  return serializeNewTopic({
    name: file.replace(/\.md$/i, ""),
    description: squashWhitespace(
      `Hand-written notes moved out of MEMORY.md on ${isoSeconds(nowMs).slice(0, 10)} to keep it within its budget`,
    ),
    type: "reference",
    body: overflow,
    metadata: { updated: isoSeconds(nowMs) },
    extra: {},
  });
}
