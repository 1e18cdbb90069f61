/**
 * `<private>…</private>` removal (DESIGN.md §4 "Extraction job": strip private blocks before anything else
 * sees the text). Tags match in any case and may carry attributes (`<private reason="x">`); blocks nest
 * (depth is counted, so `<private>a<private>b</private>c</private>` removes everything); an unterminated
 * block removes everything to the end of the text; a closing tag with no opening one removes everything
 * before it (the block was opened earlier, e.g. in the previous message). Blocks are removed
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
    // A closing tag with no opening one: the block began before this text (a `<private>` opened in an
    // earlier message): everything up to it is private.
    if (closing && depth === 0) kept.splice(0, kept.length, "");
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

/**
 * The texts inside `<private>` blocks of `text` (same rules as `stripPrivate`: nesting, an unterminated
 * block runs to the end, a closing tag with no opening one covers everything before it), trimmed.
 */
export function privateSpans(text: string): string[] {
  if (!ANY_TAG.test(text)) return [];
  const spans: string[] = [];
  let depth = 0;
  let start = 0;
  TAG.lastIndex = 0;
  for (let m = TAG.exec(text); m !== null; m = TAG.exec(text)) {
    const closing = m[1] === "/";
    if (closing && depth === 0) spans.push(text.slice(0, m.index));
    else if (closing && depth === 1) spans.push(text.slice(start, m.index));
    else if (!closing && m[2] !== "/" && depth === 0) start = m.index + m[0].length;
    if (closing) depth = Math.max(0, depth - 1);
    else if (m[2] !== "/") depth++;
  }
  if (depth > 0) spans.push(text.slice(start));
  return spans.map((s) => stripPrivate(s).trim()).filter((s) => s !== "");
}

/** Shortest echo that is redacted (code points): shorter pieces are too common to be private. */
const MIN_ECHO = 4;
/** Shortest clause of a span (split at , ; . ! ? and newlines) redacted on its own. */
const MIN_CLAUSE = 8;

/**
 * Removes echoes of private text from `text` (the assistant repeating what the user marked
 * `<private>`): every whole span, every line and clause (≥ MIN_CLAUSE) of a span
 * and the rest of a clause from its first number on ("9 Birch Lane"), every token of a span that
 * holds a digit (ids, numbers) and every capitalised word that does not open a sentence (names:
 * "codename Bluebird"), when at least MIN_ECHO characters long. Literal,
 * case-sensitive matching; each echo becomes `[private]`.
 */
export function redactEchoes(text: string, spans: readonly string[]): string {
  if (spans.length === 0) return text;
  const pieces = new Set<string>();
  for (const s of spans) {
    pieces.add(s);
    for (const line of s.split("\n")) pieces.add(line.trim());
    for (const raw of s.split(/[,;.!?\n]+/)) {
      const clause = raw.trim();
      if ([...clause].length >= MIN_CLAUSE) pieces.add(clause);
      // "address is 9 Birch Lane": the part from a number on is what gets repeated.
      const d = clause.search(/\S*\d/);
      if (d > 0 && [...clause.slice(d)].length >= MIN_CLAUSE) pieces.add(clause.slice(d));
    }
    const toks = s.split(/[\s,;:()"'`]+/);
    toks.forEach((tok, i) => {
      const word = tok.replace(/[.!?]+$/, "");
      // ids and numbers; names (a capitalised word that does not open a sentence: "codename Bluebird")
      if (/\d/.test(word)) pieces.add(word);
      else if (i > 0 && !/[.!?]$/.test(toks[i - 1] ?? "") && /^\p{Lu}\p{Ll}{3,}$/u.test(word))
        pieces.add(word);
    });
  }
  let out = text;
  // Longest first, so a whole span goes before its parts.
  for (const p of [...pieces].sort((a, b) => b.length - a.length)) {
    if ([...p].length < MIN_ECHO) continue;
    out = out.split(p).join("[private]");
  }
  return out;
}
