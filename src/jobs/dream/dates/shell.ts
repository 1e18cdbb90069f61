/**
 * Command-line text `absolutizeDates` must never touch even outside backticks (`git log --since=yesterday`
 * must not become `--since=2025-03-11`): a value attached to a flag (`--since=…`, `--since …`,
 * `-d "next friday"`), an assignment's value (`SINCE=yesterday`, `since = "last week"`), a git reflog
 * selector (`main@{yesterday}`), a line typed at a `$ ` prompt, and a shell-looking command: a known
 * program's name up to the end of its sentence, when that stretch holds a flag or a shell operator (`|`,
 * `&&`, `||`, `>`, `$(`). Prose that names a program ("git bisect found it yesterday") is not a command.
 */

/**
 * A shell word starts a line or follows a space, a quote, a bracket or an operator ("2-step" and
 * "re-run" hold no flag). Whatever a rewrite leaves before it (a date's digit, a particle) can then
 * never turn a word into a shell word or back, so a second pass masks the same text.
 */
const TOKEN_START = String.raw`(?<=^|[\s"'(\[{|&;])`;
const VALUE = String.raw`(?:"[^"\n]*"?|'[^'\n]*'?|[^\s"'\x60]*[^\s"'\x60.,;:!?)\]])`;

/** Ranges (the group, when present, is kept visible). */
const SHELL_PATTERNS: RegExp[] = [
  // a line typed at a prompt; the group keeps the indent and list marker
  /(^[ \t]*(?:[-*+][ \t]+)?)\$[ \t]+\S[^\n]*/gm,
  // a flag and its value (`-d x`, `--since=x`, `--before "2 weeks ago"`)
  new RegExp(String.raw`${TOKEN_START}--?[A-Za-z][\w-]*(?:=${VALUE}|[ \t]+(?!-)${VALUE})?`, "gm"),
  // an assignment's value (`SINCE=yesterday`, `since = "last week"`)
  new RegExp(String.raw`${TOKEN_START}[A-Za-z_][\w.-]*[ \t]*=[ \t]*${VALUE}`, "gm"),
  // git revision selectors: `HEAD@{yesterday}`, `main@{2 weeks ago}`
  /@\{[^}\n]*\}?/g,
];

const PROGRAMS =
  "git|gh|npm|npx|pnpm|yarn|node|deno|bun|tsx|python3?|pip3?|uv|poetry|cargo|rustc|go|make|cmake|docker|" +
  "podman|kubectl|helm|terraform|aws|gcloud|az|curl|wget|ssh|scp|rsync|grep|rg|find|fd|sed|awk|jq|xargs|ls|" +
  "cat|cd|rm|mv|cp|mkdir|touch|chmod|chown|sudo|brew|apt|apt-get|systemctl|journalctl|crontab|tar|date|" +
  "vitest|jest|tsc|psql|mysql|sqlite3|redis-cli|claude|memdir";
/** A program's name, then the rest of its sentence (to `. `, `; `, `! `, `? ` or the end of the line). */
const COMMAND = new RegExp(String.raw`${TOKEN_START}(?:${PROGRAMS})[ \t]+[^\n]*?(?=[.!?;](?=\s|$)|$)`, "gm");
/** What makes a stretch shell rather than prose. */
const SHELL_SIGNS = /(?:^|\s)--?[A-Za-z]|\s(?:\||\|\||&&|>>?|2>&1|<)\s|\$\(/;

/** The ranges of `text` (already masked: same length and indices) that are command-line text. */
export function shellRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const re of SHELL_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      out.push([m.index + (m[1]?.length ?? 0), m.index + m[0].length]);
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  COMMAND.lastIndex = 0;
  for (let m = COMMAND.exec(text); m !== null; m = COMMAND.exec(text)) {
    if (SHELL_SIGNS.test(m[0])) out.push([m.index, m.index + m[0].length]);
    if (m[0].length === 0) COMMAND.lastIndex++;
  }
  return out;
}
