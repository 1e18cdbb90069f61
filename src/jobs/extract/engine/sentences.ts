/**
 * From a user message to candidate sentences. Only prose the user wrote is kept: code blocks,
 * quoted text (`> …`), pasted logs and stack traces, harness/markup blocks, slash commands and
 * long pastes are dropped before any rule sees the text (precision first; reference/claude-mem.md
 * #1709: half of stored "observations" were noise).
 */
import { normalizeNewlines, toWellFormed } from "../../../core/text.js";
import { norm } from "./cues.js";

/** A prompt longer than this many characters after cleaning is a pasted document, not a message. */
export const MAX_PROSE_CHARS = 4000;
/** A message longer than this many characters before cleaning is a pasted document or log. */
export const MAX_RAW_CHARS = 8000;
/** A sentence longer than this many characters is a paste, not a rule. */
export const MAX_SENTENCE_CHARS = 450;
/** A line longer than this many characters is a paste, unless it reads as prose (`isProseLine`). */
const MAX_LINE_CHARS = 400;
/** A line longer than this many characters is a paste even when it reads as prose. */
const MAX_PROSE_LINE_CHARS = 2000;

/** Words separated by spaces, about one space per 12 characters or more: typed prose, not a log or minified paste. */
function isProseLine(line: string): boolean {
  const spaces = line.match(/ /g)?.length ?? 0;
  return line.length <= MAX_PROSE_LINE_CHARS && spaces * 12 >= line.length;
}

const PAIRED_TAG = /<([a-zA-Z][\w-]*)(?:\s[^<>]*)?>[\s\S]*?<\/\1\s*>/g;
const FENCE = /(^|\n)[ \t]*(```|~~~)[^\n]*\n[\s\S]*?(?:\n[ \t]*\2[ \t]*(?=\n|$)|$)/g;

const LOG_LINE = [
  /^\s*>/, // quoted text
  /^(?: {4,}|\t)\S/, // indented code
  /^\s*at\s+\S+.*(?:\(|:\d)/, // JS/Java stack frame
  /^\s*(?:Traceback|File ".*", line \d+|npm (?:ERR!|error|warn)|ERR!|panic:|FAIL\b|PASS\b|\*\* \(|==>|\$ )/,
  /^\s*(?:[A-Z][A-Za-z]*(?:Error|Exception)|error(?:\[\w+\])?|warning|fatal|E\d{3,}):/, // error lines
  /^\s*\[?\d{1,4}[-:/.]\d{2}[-:/.]\d{2}/, // timestamped log lines
  /[│└├┌┐┘─]{1}/, // box drawing (compiler output)
  /^\s*\d+\s*[|│→]/, // numbered source lines
  /^\s*#{1,6}\s/, // markdown headings (pasted documents)
  /^\s*\|.*\|\s*$/, // tables
  /^\s*[\w.-]+@[\w.-]+:[^\s]*[$#]\s/, // shell prompt
];

function isCodeLike(line: string): boolean {
  if (line.length > MAX_LINE_CHARS && !isProseLine(line)) return true;
  if (LOG_LINE.some((r) => r.test(line))) return true;
  // a short parenthetical in prose ("시간(KST)", "colorblind (deuteranopia)") is not code
  const prose = line
    .replace(/`[^`]*`/g, "x")
    .replace(/(?<=[\s\p{Script=Hangul}])\((?=[^()]*\p{L})[^(){};=<>[\]]{1,40}\)/gu, "x");
  const symbols = prose.match(/[{}();=<>[\]]/g)?.length ?? 0;
  return prose.length > 20 && symbols / prose.length > 0.08;
}

/** Result of cleaning one message: the prose that remains, or why the whole message was dropped. */
export type Cleaned = { prose: string; drop?: undefined } | { prose?: undefined; drop: string };

/**
 * Cleans one (already scrubbed) user message. Drops it whole when it is a slash command, a harness
 * marker or a long paste; otherwise removes markup blocks, fenced code and code/log-like lines.
 */
export function cleanUserText(text: string): Cleaned {
  let t = toWellFormed(normalizeNewlines(text));
  if (/<command-(?:name|message|args)>/.test(t) || /^\s*\/[a-z][\w:-]*(?:\s|$)/i.test(t)) {
    return { drop: "slash command" };
  }
  if (/^\s*\[Request interrupted/.test(t)) return { drop: "harness marker" };
  if (t.length > MAX_RAW_CHARS) return { drop: "long paste" };
  if ((t.match(/^[ \t]*#{1,6}[ \t]+\S/gm)?.length ?? 0) >= 2)
    return { drop: "pasted document (markdown headings)" };
  for (let i = 0; i < 3; i++) t = t.replace(PAIRED_TAG, "\n");
  t = t.replace(FENCE, "\n");
  const kept = t.split("\n").filter((l) => l.trim() !== "" && !isCodeLike(l));
  const prose = kept
    .join("\n")
    .replace(/\*\*|__/g, "")
    .replace(/[ \t]+([,.;:!?])(?=\s|$)/g, "$1")
    .trim();
  if (prose === "") return { drop: "no prose (code, logs or markup only)" };
  if (Array.from(prose).length > MAX_PROSE_CHARS) return { drop: "long paste" };
  return { prose };
}

const ABBREV = /\b(?:e\.g|i\.e|etc|vs|approx|mr|mrs|dr|no|fig|cf)\.$/i;

/** One split sentence, and whether the next one followed it after a `;` on the same line. */
export interface SplitSentence {
  text: string;
  /** The next sentence is a `;` continuation of this one ("I hate long summaries; keep it short"). */
  semicolonNext: boolean;
}

/**
 * Splits prose into sentences: one per line (bullets removed), then at `.`/`!`/`?` followed by
 * whitespace (not after abbreviations, not inside URLs or file names) and at `;`.
 * Sentences over MAX_SENTENCE_CHARS are dropped.
 */
export function splitSentences(prose: string): string[] {
  return splitSentencesDetailed(prose).map((s) => s.text);
}

/** `splitSentences`, telling for each sentence whether the next one followed a `;`. */
export function splitSentencesDetailed(prose: string): SplitSentence[] {
  const out: SplitSentence[] = [];
  for (const rawLine of prose.split("\n")) {
    const line = rawLine.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim();
    if (!line) continue;
    const parts: { text: string; semi: boolean }[] = [];
    let buf = "";
    // odd indices hold the separators
    const pieces = line.split(/((?<=[.!?。！？])\s+|\s*;\s+)/);
    for (let i = 0; i < pieces.length; i += 2) {
      const p = pieces[i]!;
      const sep = pieces[i + 1] ?? "";
      buf = buf ? `${buf} ${p}` : p;
      // "No. 5" abbreviates a number and "no. use X" opens a correction; "…, no. don't …" ends a sentence
      const endsWithNo = /\S\s+no\.$/i.test(buf) && !/^#?\d/.test(pieces[i + 2] ?? "");
      if (ABBREV.test(buf) && !endsWithNo) continue;
      parts.push({ text: buf, semi: sep.includes(";") });
      buf = "";
    }
    if (buf) parts.push({ text: buf, semi: false });
    let lastKept: SplitSentence | undefined;
    for (const p of parts) {
      const s = p.text.trim();
      if (s && Array.from(s).length <= MAX_SENTENCE_CHARS) {
        lastKept = { text: s, semicolonNext: p.semi };
        out.push(lastKept);
      } else if (lastKept) lastKept.semicolonNext = false;
    }
    if (lastKept) lastKept.semicolonNext = false;
  }
  return out;
}

/** A comparison key for deduplication: lowercase letters and digits only. */
export function dedupeKey(s: string): string {
  return norm(s).replace(/[^\p{L}\p{N}]+/gu, "");
}
