/**
 * Text that `absolutizeDates` must never touch, masked out before any matching: fenced code blocks
 * (``` and ~~~, CommonMark: up to 3 spaces of indent, closed by a fence of the same character at
 * least as long; unclosed = to the end), HTML comments, inline code spans (a run of N backticks closed
 * by the next run of exactly N), link and image destinations `](…)`, autolinks `<…>`, URLs
 * (`scheme://…`, `www.…`), e-mail addresses, and command-line text outside backticks (shell.ts: flag and
 * assignment values, `@{…}`, prompt lines, shell-looking commands) and the inside of quotations
 * (quotes.ts: what someone said is quoted as said).
 */
import { quotationRanges } from "./quotes.js";
import { shellRanges } from "./shell.js";

/**
 * `text` with every protected character replaced by `x` (line breaks kept): same length, same
 * indices. A letter, not a space: protected text stays one opaque word, so the words around it keep
 * their neighbours, and what a mask covers in one pass cannot change what the next pass sees
 * (an e-mail address that swallows a rewritten date next to it).
 */
export function maskProtected(text: string): string {
  const ranges: [number, number][] = [];
  fencedBlocks(text, ranges);
  let masked = blank(text, ranges);
  for (const re of PATTERNS) {
    const found: [number, number][] = [];
    re.lastIndex = 0;
    for (let m = re.exec(masked); m !== null; m = re.exec(masked)) {
      const start = m.index + (m[1]?.length ?? 0);
      found.push([start, m.index + m[0].length]);
      if (m[0].length === 0) re.lastIndex++;
    }
    masked = blank(masked, found);
  }
  masked = inlineCode(masked);
  masked = blank(masked, quotationRanges(masked));
  return blank(masked, shellRanges(masked));
}

const PATTERNS: RegExp[] = [
  /<!--[\s\S]*?(?:-->|$)/g,
  // `](destination)` of links and images; the group is the `](` kept visible
  /(\]\()[^)\s]*(?:\s+"[^"\n]*")?\)?/g,
  /<[A-Za-z][A-Za-z0-9+.-]*:[^\s<>]*>|<[^\s<>@]+@[^\s<>]+>/g,
  // a URL does not end in sentence punctuation ("see https://x.y/z, then")
  /(?<![A-Za-z])[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^\s<>"'`]*[^\s<>"'`.,;:!?)\]])?/g,
  /(?<![A-Za-z])www\.(?:[^\s<>"'`]*[^\s<>"'`.,;:!?)\]])?/g,
  /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g,
];

function blank(text: string, ranges: [number, number][]): string {
  if (ranges.length === 0) return text;
  const chars = text.split("");
  for (const [s, e] of ranges) for (let i = s; i < e; i++) if (chars[i] !== "\n") chars[i] = "x";
  return chars.join("");
}

function fencedBlocks(text: string, out: [number, number][]): void {
  const open = /^ {0,3}(`{3,}|~{3,})/;
  let pos = 0;
  let fence: { char: string; len: number; start: number } | undefined;
  while (pos <= text.length) {
    const nl = text.indexOf("\n", pos);
    const end = nl < 0 ? text.length : nl;
    const line = text.slice(pos, end);
    if (fence === undefined) {
      const m = open.exec(line);
      // a backtick fence's info string may not contain backticks (CommonMark 4.5)
      if (m?.[1] && !(m[1][0] === "`" && line.slice(m[0].length).includes("`"))) {
        fence = { char: m[1][0] as string, len: m[1].length, start: pos };
      }
    } else {
      const m = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
      if (m?.[1] && m[1][0] === fence.char && m[1].length >= fence.len) {
        out.push([fence.start, end]);
        fence = undefined;
      }
    }
    if (nl < 0) break;
    pos = nl + 1;
  }
  if (fence !== undefined) out.push([fence.start, text.length]);
}

/** Masks inline code spans (backtick runs of equal length); an unmatched run stays literal. */
function inlineCode(text: string): string {
  const ranges: [number, number][] = [];
  const run = /`+/g;
  let m = run.exec(text);
  while (m !== null) {
    const len = m[0].length;
    const from = m.index;
    let close: RegExpExecArray | null = null;
    for (let c = run.exec(text); c !== null; c = run.exec(text)) {
      if (c[0].length === len) {
        close = c;
        break;
      }
    }
    if (close === null) {
      run.lastIndex = from + len;
      m = run.exec(text);
      continue;
    }
    ranges.push([from, close.index + len]);
    m = run.exec(text);
  }
  return blank(text, ranges);
}
