/**
 * Names built from user or model text (topic file names, wiki slugs): a secret must never reach one.
 * The source text is scrubbed first (`[REDACTED:…]` markers dropped, not slugged), then every slug
 * segment that reads as a credential rather than a word is removed, so a token the rules do not know
 * (or one the slug's lower-casing and splitting made unrecognisable) still cannot name a file.
 */
import { slugify } from "../core/text.js";
import { scrub } from "./scrub.js";

/**
 * True for an ASCII slug segment that reads as a credential, not a word or a short number: ≥ 32
 * characters; 12+ digits (account and workspace ids inside tokens, not dates);
 * or ≥ 16 with 2+ digits and 2+ letters, or with 13+ distinct characters (random, not a long word); or
 * ≥ 12 hex digits with 2+ of each (a key or hash); or ≥ 10 with digits in 2+ separate places among
 * 2+ letters (`rettuf8kcsu26`; words with a number have one: `sha256sum`, `utf8mb4`). Other scripts
 * (CJK, Hangul) are never judged.
 */
export function secretLikeSegment(seg: string): boolean {
  if (!/^[a-z0-9]+$/i.test(seg)) return false;
  const digits = seg.replace(/[^0-9]/g, "").length;
  const letters = seg.length - digits;
  if (seg.length >= 32 || (letters === 0 && seg.length >= 12)) return true;
  const distinct = new Set(seg.toLowerCase()).size;
  if (seg.length >= 16 && ((digits >= 2 && letters >= 2) || distinct >= 13)) return true;
  if (seg.length >= 12 && /^[0-9a-f]+$/i.test(seg) && digits >= 2 && letters >= 2) return true;
  return seg.length >= 10 && letters >= 2 && (seg.match(/[0-9]+/g)?.length ?? 0) >= 2;
}

/** `slug` (kebab) without its secret-looking segments and the dashes around them; "" when none is left. */
export function dropSecretSegments(slug: string): string {
  const kept = slug.split("-").filter((s) => s !== "" && !secretLikeSegment(s));
  return kept.length === slug.split("-").filter((s) => s !== "").length ? slug : kept.join("-");
}

/** `text` as a name source: scrubbed, its redaction markers removed. */
export function nameSource(text: string): string {
  return scrub(text).replace(/\[REDACTED:[^\]\s]{0,64}\]/g, " ");
}

/**
 * The slug (`core/text.slugify`, at most `max` code points) of `text` after `nameSource`, with
 * secret-looking segments dropped; "" when nothing usable remains.
 */
export function safeSlug(text: string, max = 60): string {
  const full = dropSecretSegments(slugify(nameSource(text), Math.max(max, 400)));
  return slugify(full, max);
}
