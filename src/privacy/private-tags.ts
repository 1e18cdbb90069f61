/**
 * `<private>…</private>` removal (DESIGN.md §4 "Extraction job": strip private blocks before anything else
 * sees the text). Tags match in any case and may carry attributes (`<private reason="x">`); blocks nest
 * (depth is counted, so `<private>a<private>b</private>c</private>` removes everything); an unterminated
 * block removes everything to the end of the text; a stray closing tag is removed. Blocks are removed
 * silently (no placeholder) and the whitespace on both sides of a removed block is joined sanely.
 */

/** An opening (`<private …>`, `<private/>`) or closing (`</private >`) tag; `<privateer>` does not match. */
const TAG = /<(\/?)[ \t]*private(?=[\s/>])(?:\s[^<>]*?)?(\/?)>/gi;
const ANY_TAG = /<\/?[ \t]*private(?=[\s/>])(?:\s[^<>]*?)?\/?>/i;

/** Removing blocks can join text into a new tag (`<pri<private>x</private>vate>`); re-strip at most this often. */
const MAX_PASSES = 8;

/**
 * Removes every `<private>` block (see the module doc for the exact rules). Pure, never throws, linear
 * in the text length per pass. The result contains no `<private>` / `</private>` tag.
 * @param text any string (UTF-16; lone surrogates are passed through unchanged)
 */
export function stripPrivate(text: string): string {
  if (!ANY_TAG.test(text)) return text;
  let out = text;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    out = stripOnce(out);
    if (!ANY_TAG.test(out)) return out;
  }
  // Adversarial input that keeps forming new tags: drop everything from the first remaining tag on.
  const m = ANY_TAG.exec(out);
  return m ? out.slice(0, m.index).trimEnd() : out;
}

function stripOnce(text: string): string {
  const kept: string[] = [];
  let depth = 0;
  let from = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m !== null; m = TAG.exec(text)) {
    const closing = m[1] === "/";
    const selfClosing = !closing && m[2] === "/";
    if (depth === 0) kept.push(text.slice(from, m.index));
    if (closing) depth = Math.max(0, depth - 1);
    else if (!selfClosing) depth++;
    from = m.index + m[0].length;
  }
  kept.push(depth === 0 ? text.slice(from) : "");
  return joinPieces(kept);
}

/**
 * Joins the kept pieces. At each seam the whitespace on both sides collapses to one space, or to at most
 * two newlines (plus the indentation of the right side); nothing is added at the start or the end.
 * Linear: whitespace is measured on the pieces, never on the growing result.
 */
function joinPieces(pieces: string[]): string {
  const out: string[] = [];
  let tail = ""; // whitespace after the last emitted content, not yet emitted
  let hasContent = false;
  let seamPending = false; // a block was removed since the last emitted content
  for (let i = 0; i < pieces.length; i++) {
    const piece = pieces[i]!;
    if (i > 0) seamPending = true;
    const lead = leadingWs(piece);
    if (lead === piece.length) {
      tail += piece;
      continue;
    }
    const trail = trailingWs(piece, lead);
    const core = piece.slice(lead, piece.length - trail);
    if (!hasContent) out.push(seamPending ? core : piece.slice(0, lead) + core);
    else out.push(seamPending ? seam(tail, piece.slice(0, lead)) : tail + piece.slice(0, lead), core);
    hasContent = true;
    seamPending = false;
    tail = piece.slice(piece.length - trail);
  }
  if (hasContent) out.push(seamPending ? (tail.includes("\n") ? "\n" : "") : tail);
  return out.join("");
}

function leadingWs(s: string): number {
  let i = 0;
  while (i < s.length && isWs(s.charCodeAt(i))) i++;
  return i;
}

function trailingWs(s: string, floor: number): number {
  let i = s.length;
  while (i > floor && isWs(s.charCodeAt(i - 1))) i--;
  return s.length - i;
}

function isWs(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11 || c === 0xa0;
}

function seam(left: string, right: string): string {
  if (left === "" && right === "") return "";
  const newlines = Math.max(count(left), count(right));
  if (newlines === 0) return " ";
  const indent = right.includes("\n") ? right.slice(right.lastIndexOf("\n") + 1) : "";
  return "\n".repeat(Math.min(newlines, 2)) + indent;
}

function count(s: string): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) n++;
  return n;
}
