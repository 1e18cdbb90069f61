/**
 * Quotations `absolutizeDates` leaves alone (`The user said: "do it tomorrow, not today"`
 * must not become `"do it on 2026-01-15, not 2026-01-14"`): words someone said or wrote stay as they were.
 * Straight double quotes pair in order on their line (1st with 2nd, 3rd with 4th; an unpaired last
 * one quotes nothing); “…”, 「…」, 『…』 and «…» pair an opener with the next closer in the same
 * paragraph. Pairing looks at quote characters only, never at the letters around them, so a rewrite
 * outside a quotation (which never adds or removes a quote) cannot change what a second pass masks.
 */

/** Curly and corner-bracket pairs: opener → closer. */
const PAIRS: Record<string, string> = { "“": "”", "「": "」", "『": "』", "«": "»" };

/**
 * The ranges of `text` inside quotations (quote marks excluded), UTF-16 offsets `[start, end)`.
 * `text` is already masked (code, URLs…), so a quote inside a code span pairs with nothing.
 */
export function quotationRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  // straight quotes, per line
  let lineStart = 0;
  while (lineStart <= text.length) {
    const nl = text.indexOf("\n", lineStart);
    const lineEnd = nl < 0 ? text.length : nl;
    let open = -1;
    for (let i = text.indexOf('"', lineStart); i >= 0 && i < lineEnd; i = text.indexOf('"', i + 1)) {
      if (open < 0) open = i;
      else {
        if (i > open + 1) out.push([open + 1, i]);
        open = -1;
      }
    }
    if (nl < 0) break;
    lineStart = nl + 1;
  }
  // curly and corner-bracket quotes, per paragraph (a blank line ends an unclosed one)
  for (let i = 0; i < text.length; i++) {
    const close = PAIRS[text.charAt(i)];
    if (close === undefined) continue;
    const j = text.indexOf(close, i + 1);
    if (j < 0) continue;
    if (/\n[ \t]*\r?\n/.test(text.slice(i, j))) continue;
    if (j > i + 1) out.push([i + 1, j]);
    i = j;
  }
  return out;
}
