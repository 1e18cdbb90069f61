/**
 * `lintWiki` (`memdir wiki lint`): bad frontmatter, broken links, orphans, stale and
 * oversized pages. Reads only: no lock.
 */
import { MemdirError } from "../core/errors.js";
import { parseFrontmatter } from "../core/frontmatter.js";
import { readTextIfExists } from "../core/fs.js";
import { truncateCodePoints } from "../core/text.js";
import { createLinkResolver, parseLinks } from "./links.js";
import { checkWikiDir, listPages } from "./list.js";
import { LINT_KINDS, type LintFinding, type LintOptions } from "./types.js";

export const DEFAULT_STALE_DAYS = 90;
export const DEFAULT_MAX_PAGE_BYTES = 16_384;
const DAY_MS = 86_400_000;

function checkOptions(o: LintOptions): { nowMs: number; staleDays: number; maxPageBytes: number } {
  const staleDays = o?.staleDays ?? DEFAULT_STALE_DAYS;
  const maxPageBytes = o?.maxPageBytes ?? DEFAULT_MAX_PAGE_BYTES;
  const ok =
    typeof o?.nowMs === "number" &&
    Number.isFinite(o.nowMs) &&
    typeof staleDays === "number" &&
    staleDays > 0 &&
    Number.isInteger(maxPageBytes) &&
    maxPageBytes > 0;
  if (!ok) {
    throw new MemdirError("BAD_INPUT", "the wiki lint options are not valid", {
      expected: "{nowMs: ms since the epoch, staleDays?: days > 0, maxPageBytes?: integer bytes > 0}",
      received: truncateCodePoints(JSON.stringify(o) ?? String(o), 120),
      hint: "pass e.g. {nowMs, staleDays: 90, maxPageBytes: 16384}",
    });
  }
  return { nowMs: o.nowMs, staleDays, maxPageBytes };
}

/** The body of a page that does not parse, for its links (its frontmatter may be the only fault). */
function rawBody(text: string, path: string): string {
  try {
    return parseFrontmatter(text, path).body;
  } catch {
    return text;
  }
}

/** A file's text, `""` when it cannot be read. */
function readOrEmpty(path: string): string {
  try {
    return readTextIfExists(path) ?? "";
  } catch {
    return "";
  }
}

/**
 * Lints every page of `wikiDir`:
 * - `bad-frontmatter`: the page does not parse (see parsePage);
 * - `broken-link`: a `[[link]]` that resolves to no page file (once per page and target);
 * - `orphan`: a readable page no other page links to (`index.md` does not count, nor self-links);
 * - `stale`: `updated` (else the file's mtime) more than `staleDays` (default 90) before `nowMs`;
 * - `oversized`: the file exceeds `maxPageBytes` UTF-8 bytes (default 16,384).
 * Links in unreadable pages still count. Sorted by slug, then kind in that order.
 * @throws MemdirError BAD_INPUT for bad options or no dir; never for a bad page.
 */
export function lintWiki(wikiDir: string, opts: LintOptions): LintFinding[] {
  const { nowMs, staleDays, maxPageBytes } = checkOptions(opts);
  checkWikiDir(wikiDir);
  const { pages, errors } = listPages(wikiDir);
  const out: LintFinding[] = [];
  const resolve = createLinkResolver([...pages, ...errors].sort((a, b) => (a.slug < b.slug ? -1 : 1)));
  const linked = new Set<string>();
  const sources = [
    ...pages.map((p) => ({ slug: p.slug, path: p.path, body: p.body })),
    ...errors.map((e) => ({ slug: e.slug, path: e.path, body: rawBody(readOrEmpty(e.path), e.path) })),
  ];
  for (const src of sources) {
    const broken = new Set<string>();
    for (const link of parseLinks(src.body)) {
      const to = resolve(link.target);
      if (to !== undefined) {
        if (to !== src.slug) linked.add(to);
      } else if (!broken.has(link.target)) {
        broken.add(link.target);
        out.push({
          kind: "broken-link",
          slug: src.slug,
          path: src.path,
          message: `${link.raw} points at no page`,
          hint: `create a page titled "${link.target}", or fix the link to an existing slug or title`,
        });
      }
    }
  }
  for (const e of errors)
    out.push({ kind: "bad-frontmatter", slug: e.slug, path: e.path, message: e.message, hint: e.hint });
  for (const p of pages) {
    if (!linked.has(p.slug))
      out.push({
        kind: "orphan",
        slug: p.slug,
        path: p.path,
        message: `no page links to ${p.slug}`,
        hint: `link it from a related page with [[${p.slug}]], or delete it if it is no longer useful`,
      });
    const ageDays = Math.floor((nowMs - p.updatedMs) / DAY_MS);
    if (nowMs - p.updatedMs > staleDays * DAY_MS)
      out.push({
        kind: "stale",
        slug: p.slug,
        path: p.path,
        message: `last updated ${ageDays} days ago (${p.updated ?? "file time"}), more than ${staleDays}`,
        hint: "check the page is still true, then re-add it (bumps `updated`) or delete it",
      });
    if (p.bytes > maxPageBytes)
      out.push({
        kind: "oversized",
        slug: p.slug,
        path: p.path,
        message: `${p.bytes} bytes, more than ${maxPageBytes}`,
        hint: "split it into smaller pages linked with [[links]]",
      });
  }
  // Oversized also applies to files that do not parse.
  for (const e of errors) {
    const bytes = Buffer.byteLength(readOrEmpty(e.path), "utf8");
    if (bytes > maxPageBytes)
      out.push({
        kind: "oversized",
        slug: e.slug,
        path: e.path,
        message: `${bytes} bytes, more than ${maxPageBytes}`,
        hint: "split it into smaller pages linked with [[links]]",
      });
  }
  const order = (k: string) => (LINT_KINDS as readonly string[]).indexOf(k);
  return out.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : order(a.kind) - order(b.kind)));
}
