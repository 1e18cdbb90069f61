/**
 * `[[links]]`: `[[slug]]`, `[[slug|label]]`, `[[Title]]`, `[[target#heading]]`.
 * A target resolves by slug, then by title (both case-insensitive, NFC), then by the slug of the
 * target text. Links inside fenced code blocks and inline code spans are not links.
 */
import { squashWhitespace } from "../core/text.js";
import { wikiSlug } from "./slug.js";
import type { WikiLink } from "./types.js";

const FENCED = /^(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^\1[ \t]*$|(?![\s\S]))/gm;
const INLINE_CODE = /(`+)(?!`)[^\n]*?[^`\n]\1(?!`)/g;
const LINK = /\[\[([^[\]\n]+?)\]\]/g;

/** Same length, so nothing shifts; newlines kept. */
const blank = (s: string) => s.replace(/[^\n]/g, " ");

/** Every `[[…]]` link of `body` in order (repeats included), outside code. Never throws. */
export function parseLinks(body: string): WikiLink[] {
  const text = body.replace(FENCED, blank).replace(INLINE_CODE, blank);
  const out: WikiLink[] = [];
  for (const m of text.matchAll(LINK)) {
    const inner = m[1] ?? "";
    const bar = inner.indexOf("|");
    let ref = bar === -1 ? inner : inner.slice(0, bar);
    if (ref.endsWith("\\")) ref = ref.slice(0, -1); // `[[a\|b]]` inside a markdown table
    const hash = ref.indexOf("#");
    const target = (hash === -1 ? ref : ref.slice(0, hash)).trim();
    if (target === "") continue; // `[[#heading]]`: the page itself
    const link: WikiLink = { raw: m[0], target };
    const label = bar === -1 ? "" : inner.slice(bar + 1).trim();
    if (label !== "") link.label = label;
    const heading = hash === -1 ? "" : ref.slice(hash + 1).trim();
    if (heading !== "") link.heading = heading;
    out.push(link);
  }
  return out;
}

const key = (s: string) => squashWhitespace(s.normalize("NFC")).toLowerCase();

/**
 * A resolver over `pages` (give them sorted by slug: with two pages of the same title the first
 * wins): target text → the slug it points at, or `undefined` for a broken link.
 */
export function createLinkResolver(
  pages: readonly { slug: string; title?: string }[],
): (target: string) => string | undefined {
  const bySlug = new Map<string, string>();
  const byTitle = new Map<string, string>();
  for (const p of pages) {
    if (!bySlug.has(key(p.slug))) bySlug.set(key(p.slug), p.slug);
    if (p.title !== undefined && !byTitle.has(key(p.title))) byTitle.set(key(p.title), p.slug);
  }
  return (target) => {
    const k = key(target);
    return bySlug.get(k) ?? byTitle.get(k) ?? bySlug.get(wikiSlug(target));
  };
}
