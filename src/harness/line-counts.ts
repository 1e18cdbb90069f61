/** Line counting for the lines an edit added and removed (the same for every harness). */

/**
 * Number of lines of a text: `""` → 0, `"a"` → 1, `"a\n"` → 1, `"a\nb"` → 2 (a final newline
 * ends the last line; CRLF counts once). Non-strings → 0.
 */
export function countLines(s: unknown): number {
  if (typeof s !== "string" || s === "") return 0;
  let n = 1;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) n++;
  return s.endsWith("\n") ? n - 1 : n;
}

function splitLines(s: string): string[] {
  if (s === "") return [];
  const lines = s.replace(/\r\n?/g, "\n").split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** Lines added/removed between two snippets: common leading and trailing lines are not changes. */
export function diffLineCounts(oldText: unknown, newText: unknown): { added: number; removed: number } {
  const a = splitLines(typeof oldText === "string" ? oldText : "");
  const b = splitLines(typeof newText === "string" ? newText : "");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  return { added: b.length - head - tail, removed: a.length - head - tail };
}
