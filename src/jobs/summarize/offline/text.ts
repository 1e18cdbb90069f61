/**
 * Text helpers of the offline summary engine. Every piece of transcript text goes through `clean`
 * (privacy `scrub` FIRST, then squash and cut), so a secret or `<private>` block is removed before any
 * cut could hide it from the rules.
 */
import { squashWhitespace, truncateCodePoints } from "../../../core/text.js";
import { scrub } from "../../../privacy/index.js";

/** Scrubbed, one line, at most `max` code points ("…" when cut). */
export function clean(text: string, max: number): string {
  return truncateCodePoints(squashWhitespace(scrub(text)), max);
}

/** `clean` inside backticks (a backtick in the text becomes `'`), or "" for empty text. */
export function code(text: string, max: number): string {
  const t = clean(text, max).replace(/`/g, "'");
  return t ? `\`${t}\`` : "";
}

/** "YYYY-MM-DD HH:MM" (UTC) of an ISO timestamp, or "" when it is not one. */
export function when(iso: string): string {
  const ms = Date.parse(iso);
  if (!Number.isFinite(ms)) return "";
  return new Date(ms).toISOString().slice(0, 16).replace("T", " ");
}

/** `path` relative to `cwd` when inside it; otherwise as given. */
export function relPath(path: string, cwd: string | undefined): string {
  if (cwd && cwd !== "/" && path.startsWith(`${cwd}/`)) return path.slice(cwd.length + 1);
  return path;
}

/** The first sentence (or line) of `text`, cleaned, at most `max` code points. */
export function firstSentence(text: string, max: number): string {
  const t = clean(text.replace(/```[\s\S]*?(?:```|$)/g, " "), max * 3);
  const m = /^(.+?[.!?。])(?:\s|$)/u.exec(t);
  return truncateCodePoints((m?.[1] ?? t).trim(), max);
}

/** The first non-empty line of `text` that is not only markup, cleaned, at most `max` code points. */
export function firstLine(text: string, max: number): string {
  for (const l of text.split("\n")) {
    const t = l.replace(/^[\s#>*_`-]+/, "").trim();
    if (t) return clean(t, max);
  }
  return "";
}

/**
 * A user correction of the agent: "no, …", "don't …", "stop …", "that's wrong", "아니…", "하지 마…".
 * Source of the cue list: feedback memories come from corrections (Claude Code's extraction prompt), the
 * extraction engine's correction openings (jobs/extract/engine/cues.ts), plus imperative prohibitions.
 */
const CORRECTION =
  /^(?:(?:no+|nope|wrong|actually|wait|stop)\b[\s,.:;!—–-]|(?:don'?t|do not|never|please don'?t|you (?:shouldn'?t|should not|didn'?t|forgot|missed|broke))\b|(?:that'?s|that is|this is) (?:wrong|not right|incorrect|not what i (?:asked|meant|want(?:ed)?))|not like that|i (?:told|said|asked) you|revert|undo|아니|아뇨|틀렸|그게 아니|하지 ?마|왜 .*했)/i;

/** Whether a prompt reads as a correction of what the agent did. */
export function isCorrection(prompt: string): boolean {
  return CORRECTION.test(prompt.trim().replace(/[’‘]/g, "'"));
}

/** Claude Code's rejected-tool result ("The user doesn't want to proceed with this tool use…"). */
export function isRejected(resultText: string): boolean {
  return /^The user doesn't want to (?:proceed with this tool use|take this action)/.test(resultText);
}

const SAYS_ERROR = /error|fail|exception|cannot|can't|not found|denied|invalid|undefined|refused|\*\*/i;

/**
 * The first line of an error result that says something (blank and `<tag>` lines skipped); after a bare
 * "Exit code N" the first later line that names an error (else the next line) is added.
 */
export function errorLine(text: string, max: number): string {
  const lines = text
    .replace(/<\/?tool_use_error>/g, "")
    .replace(/\\n/g, "\n") // hook output recorded as JSON text keeps its "\n" escapes
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !/^<[^>]+>$/.test(l));
  const first = lines[0] ?? "";
  if (!/^Exit code \d+$/.test(first) || lines.length < 2) return clean(first, max);
  const detail = lines.slice(1).find((l) => SAYS_ERROR.test(l)) ?? lines[1]!;
  return clean(`${first}: ${detail}`, max);
}

/** The sentence of `text` that matches `re` (first one), cleaned, at most `max` code points; or "". */
export function sentenceMatching(text: string, re: RegExp, max: number): string {
  const t = text.replace(/```[\s\S]*?(?:```|$)/g, " ");
  for (const s of t.split(/(?<=[.!?。])\s+|\n+/))
    if (re.test(s)) return clean(s.replace(/^[\s#>*-]+/, ""), max);
  return "";
}
