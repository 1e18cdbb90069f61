/**
 * Page slugs: NFC, lower case, kebab, other scripts (CJK, Hangul, …) kept, via
 * `core/text.slugify`. `index` and `log` are the generated files' names and never a page's.
 */
import { MemdirError } from "../core/errors.js";
import { truncateCodePoints } from "../core/text.js";
import { safeSlug } from "../privacy/index.js";

/** Slugs are cut to this many code points (≤ 180 UTF-8 bytes for CJK: safe as a file name). */
export const SLUG_MAX = 60;
/** Names of the generated files (`index.md`, `log.md`): a page never takes them. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(["index", "log"]);

/**
 * The slug of `text` (`"Rate Limiter"` → `rate-limiter`, `"用户 身份"` → `用户-身份`); `""` when nothing
 * usable remains. A privacy `safeSlug`: secrets and secret-looking segments never name a page.
 */
export function wikiSlug(text: string): string {
  return safeSlug(text, SLUG_MAX);
}

/**
 * `base`, or `base-2`, `base-3`, … : the first one not in `taken` (compared lower case) and not
 * reserved. An empty `base` becomes `page`.
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const b = base === "" ? "page" : base;
  const free = (s: string) => !taken.has(s.toLowerCase()) && !RESERVED_SLUGS.has(s);
  if (free(b)) return b;
  for (let i = 2; ; i++) {
    const s = `${b}-${i}`;
    if (free(s)) return s;
  }
}

/**
 * Normalizes a slug a caller asked for (`"Auth Flow"` → `auth-flow`).
 * @throws MemdirError BAD_INPUT when nothing usable remains or the slug is reserved.
 */
export function normalizeRequestedSlug(slug: string): string {
  const s = wikiSlug(slug);
  if (s === "" || RESERVED_SLUGS.has(s)) {
    throw new MemdirError("BAD_INPUT", "the wiki page slug is not usable", {
      expected: "letters or digits (any script), not `index` or `log`",
      received: JSON.stringify(truncateCodePoints(slug, 80)),
      hint: "pass another slug, or none to derive it from the title",
    });
  }
  return s;
}
