/**
 * Text helpers. memdir handles text by code point, never by UTF-16 unit (DESIGN.md §6): truncation
 * never splits a surrogate pair, and lone surrogates are replaced with U+FFFD on read and write.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** FNV-1a's 32-bit offset basis (the default seed of fnv1a32Of). */
export const FNV_OFFSET_BASIS = 0x811c9dc5;

/**
 * 32-bit FNV-1a of a string's UTF-16 code units, continuing from `seed` (pass the previous result to
 * hash several strings as one). A cheap change check, not a secure hash; no `node:crypto` (hooks use it).
 */
export function fnv1a32Of(s: string, seed = FNV_OFFSET_BASIS): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

/** fnv1a32Of as 8 hex digits. */
export function fnv1a32(s: string): string {
  return fnv1a32Of(s).toString(16).padStart(8, "0");
}

/** Replaces every lone surrogate with U+FFFD (String.prototype.toWellFormed is Node 20+ only in some builds). */
export function toWellFormed(s: string): string {
  return s.replace(LONE_SURROGATE, "\uFFFD");
}

/** Removes a leading BOM and normalizes CRLF / CR line ends to LF. */
export function normalizeNewlines(s: string): string {
  const noBom = s.charCodeAt(0) === 0xfeff ? s.slice(1) : s;
  return noBom.includes("\r") ? noBom.replace(/\r\n?/g, "\n") : noBom;
}

/** Number of code points in `s`. */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/**
 * Cuts `s` to at most `max` code points, the marker included. Never splits a surrogate pair.
 * @param max maximum length in code points (>= 0)
 * @param marker appended when cut (default "…")
 */
export function truncateCodePoints(s: string, max: number, marker = "…"): string {
  if (max <= 0) return "";
  if (s.length <= max) return s; // UTF-16 length >= code points, so it fits
  const cps = Array.from(s);
  if (cps.length <= max) return s;
  const m = Array.from(marker);
  if (m.length >= max) return cps.slice(0, max).join("");
  return cps.slice(0, max - m.length).join("") + marker;
}

/**
 * Keeps the head and the tail of `s` within `max` code points, eliding the middle with a marker
 * that says exactly how many code points were removed. When even the marker does not fit in `max`,
 * falls back to `truncateCodePoints(s, max)`.
 */
export function elideMiddle(s: string, max: number): string {
  const cps = Array.from(s);
  if (cps.length <= max) return s;
  // The marker's length depends on the count it reports; a few passes settle it (the count only grows).
  let removed = cps.length - max;
  let marker = "";
  let room = 0;
  for (let i = 0; i < 5; i++) {
    marker = `\n…[${removed} characters elided]…\n`;
    room = max - codePointLength(marker);
    if (room < 0) return truncateCodePoints(s, max);
    if (cps.length - room === removed) break;
    removed = cps.length - room;
  }
  const head = Math.ceil(room / 2);
  const tail = room - head;
  return cps.slice(0, head).join("") + marker + (tail > 0 ? cps.slice(cps.length - tail).join("") : "");
}

/** UTF-8 byte length of `s`. */
export function byteLength(s: string): number {
  return Buffer.byteLength(s, "utf8");
}

/**
 * Cuts `s` to at most `maxBytes` UTF-8 bytes at the last newline before the limit (or, when the
 * first line alone is longer, at the last whole code point). Returns the kept text.
 */
export function truncateBytesAtNewline(s: string, maxBytes: number): string {
  const all = Buffer.from(s, "utf8");
  if (all.length <= maxBytes) return s;
  // Back up to the lead byte of a code point cut in half (UTF-8 continuation bytes are 10xxxxxx).
  let end = Math.max(0, maxBytes);
  while (end > 0 && ((all[end] ?? 0) & 0xc0) === 0x80) end--;
  const text = all.subarray(0, end).toString("utf8");
  const nl = text.lastIndexOf("\n");
  return nl > 0 ? text.slice(0, nl + 1) : text;
}

/** Collapses runs of whitespace into single spaces and trims. */
export function squashWhitespace(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

/**
 * A kebab-case slug of `s` (ASCII letters/digits, other scripts kept as is), at most `max` code points.
 * Returns "" when nothing usable remains.
 */
export function slugify(s: string, max = 60): string {
  const slug = s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFC") // recompose what NFKD split but did not strip (Hangul syllables, kana with marks)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, "-") // marks stay: vowel signs of Devanagari, Thai, … are part of the word
    .replace(/^-+|-+$/g, "");
  return truncateCodePoints(slug, max, "").replace(/-+$/g, "");
}
