/**
 * Adding or updating a page. `planAddPage` is pure (listing + input → plan);
 * `addPage` takes the wiki lock, re-reads the pages, plans, writes the page with a checked write
 * against the bytes it planned from (planned again when an unlocked writer changed them), rebuilds
 * `index.md` and appends to `log.md` (DESIGN.md §6 "lock, re-read, merge, atomic replace").
 */
import { join } from "node:path";
import { settleWatches } from "../core/checked-watch.js";
import { CHECKED_ROUNDS, replaceFileChecked } from "../core/checked-write.js";
import { isoUtc } from "../core/clock.js";
import { MemdirError } from "../core/errors.js";
import { ensureDir } from "../core/fs.js";
import { squashWhitespace } from "../core/text.js";
import { pageBytesIfUnchanged } from "./checked.js";
import { writeWikiIndexLocked } from "./index-file.js";
import { type CleanPageInput, cleanPageInput } from "./input.js";
import { checkWikiDir, listPages, WIKI_LOCK_TIMEOUT_MS, withWikiLock } from "./list.js";
import { appendWikiLogLocked } from "./log.js";
import { parsePage, serializePage } from "./page.js";
import { uniqueSlug, wikiSlug } from "./slug.js";
import type {
  AddPageOptions,
  AddPageResult,
  PageInput,
  WikiListing,
  WikiLogEntry,
  WikiPage,
} from "./types.js";

/** What `addPage` will do. `text` is the page file to write when `changed`. */
export interface AddPagePlan extends AddPageResult {
  text?: string;
  log?: WikiLogEntry;
}

/** ISO 8601 UTC with seconds, e.g. `2026-11-29T10:00:00Z`. */
const isoSeconds = (ms: number) => isoUtc(ms).replace(/\.\d{3}Z$/, "Z");
const titleKey = (s: string) => squashWhitespace(s.normalize("NFC")).toLowerCase();
const union = (a: string[], b: string[]) => [...new Set([...a, ...b])];
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

function findTarget(listing: WikiListing, d: CleanPageInput): WikiPage | undefined {
  if (d.slug !== undefined) {
    const bad = listing.errors.find((e) => e.slug.toLowerCase() === d.slug);
    if (bad) {
      throw new MemdirError("BAD_FRONTMATTER", `the wiki page ${bad.path} exists but cannot be read`, {
        expected: "a page with valid frontmatter to update",
        received: bad.message,
        hint: `${bad.hint}; memdir will not overwrite it`,
      });
    }
    return listing.pages.find((p) => p.slug.toLowerCase() === d.slug);
  }
  const k = titleKey(d.title);
  return listing.pages.find((p) => titleKey(p.title) === k);
}

function createPlan(wikiDir: string, listing: WikiListing, d: CleanPageInput, nowMs: number): AddPagePlan {
  const taken = new Set([...listing.pages, ...listing.errors].map((p) => p.slug.toLowerCase()));
  const slug = d.slug ?? uniqueSlug(wikiSlug(d.title), taken);
  const now = isoSeconds(nowMs);
  const data: Record<string, unknown> = { title: d.title, tags: d.tags };
  if (d.category !== undefined) data.category = d.category;
  data.confidence = d.confidence ?? "medium";
  Object.assign(data, { created: now, updated: now, sources: d.sources });
  const path = join(wikiDir, `${slug}.md`);
  return {
    slug,
    path,
    created: true,
    changed: true,
    text: serializePage(data, d.body),
    log: { atMs: nowMs, op: "add", slug, detail: d.title },
  };
}

function updatePlan(page: WikiPage, d: CleanPageInput, nowMs: number): AddPagePlan {
  const old = page.body.trim();
  let body = old;
  if (d.mode === "replace") body = d.body;
  else if (d.body !== "" && !hasBlock(old, d.body)) body = old === "" ? d.body : `${old}\n\n${d.body}`;
  const title = d.slug !== undefined ? d.title : page.title;
  const tags = union(page.tags, d.tags);
  const sources = union(page.sources, d.sources);
  const category = d.category ?? page.category;
  const confidence = d.confidence ?? page.confidence;
  const changed =
    body !== old ||
    title !== page.title ||
    !sameList(tags, page.tags) ||
    !sameList(sources, page.sources) ||
    category !== page.category ||
    confidence !== page.confidence;
  const result: AddPagePlan = { slug: page.slug, path: page.path, created: false, changed };
  if (!changed) return result;
  const data: Record<string, unknown> = { ...page.data, title, tags };
  if (category !== undefined) data.category = category;
  if (confidence !== undefined) data.confidence = confidence;
  Object.assign(data, { updated: isoSeconds(nowMs), sources });
  result.text = serializePage(data, body);
  result.log = { atMs: nowMs, op: "update", slug: page.slug, detail: title };
  return result;
}

/**
 * True when `text` already stands in `page` as whole paragraphs (blank-line separated, compared with
 * whitespace squashed): appending "port 80" to a page that says "Use port 8080" is not a repeat.
 */
function hasBlock(page: string, text: string): boolean {
  const norm = (s: string) => s.replace(/\s+/g, " ").trim();
  const blocks = page.split(/\n\s*\n/).map(norm);
  const want = text
    .split(/\n\s*\n/)
    .map(norm)
    .filter(Boolean);
  for (let i = 0; i + want.length <= blocks.length; i++) {
    if (want.every((w, j) => blocks[i + j] === w)) return true;
  }
  return false;
}

/**
 * Plans adding `input` to a wiki whose current pages are `listing` (pure). The target is the page
 * of `input.slug` when given, else the page whose title equals `input.title` (case-insensitive),
 * else a new page at the title's slug (`-2`, `-3`, … on a collision with another title or a
 * reserved name). An update keeps `created` and unknown keys, unions tags and sources, replaces
 * or appends the body (`mode`, default append; an appended text whose paragraphs the page already holds, in order, is not
 * repeated), takes a given category/confidence, renames the title only when `slug` was given, and
 * bumps `updated` only when something changed.
 * @throws MemdirError BAD_INPUT (see cleanPageInput; `nowMs` not a number), BAD_FRONTMATTER (the
 *   requested slug is a page that does not parse: it is never overwritten).
 */
export function planAddPage(
  wikiDir: string,
  listing: WikiListing,
  input: PageInput,
  nowMs: number,
): AddPagePlan {
  checkNow(nowMs);
  const d = cleanPageInput(input);
  const target = findTarget(listing, d);
  return target ? updatePlan(target, d, nowMs) : createPlan(wikiDir, listing, d, nowMs);
}

function checkNow(nowMs: unknown): void {
  if (typeof nowMs !== "number" || !Number.isFinite(nowMs)) {
    throw new MemdirError("BAD_INPUT", "no valid time given", {
      expected: "nowMs: milliseconds since the epoch",
      received: String(nowMs),
      hint: "pass {nowMs: clock.now()} from app/",
    });
  }
}

/**
 * Adds a page or updates the matching one (see planAddPage), under `<wikiDir>/.wiki.lock`: re-reads
 * the pages, writes `<slug>.md` atomically, rebuilds `index.md`, appends an `add`/`update` line to
 * `log.md`. Every text is scrubbed (privacy/) before anything is written. Nothing is written when
 * the page already says it all (`changed: false`), except an out-of-date `index.md`.
 * @returns `{slug, path, created, changed}`.
 * @throws MemdirError BAD_INPUT, BAD_FRONTMATTER (as planAddPage; checked before the lock where it
 *   can be), LOCK_TIMEOUT; fs errors as thrown.
 */
export function addPage(wikiDir: string, input: PageInput, opts: AddPageOptions): AddPageResult {
  checkWikiDir(wikiDir);
  checkNow(opts?.nowMs);
  cleanPageInput(input); // bad input fails before the lock and the dir exist
  ensureDir(wikiDir);
  const out = withWikiLock(
    wikiDir,
    () => {
      // Planned again when another writer (an editor, Claude Code) changed the page meanwhile.
      for (let round = 0; round < CHECKED_ROUNDS; round++) {
        const listing = listPages(wikiDir);
        const now = opts.clock ? Math.max(opts.nowMs, opts.clock()) : opts.nowMs;
        const plan = planAddPage(wikiDir, listing, input, now);
        if (plan.changed && plan.text !== undefined) {
          const target = listing.pages.find((p) => p.path === plan.path);
          const expected = plan.created || !target ? null : pageBytesIfUnchanged(target);
          if (expected === undefined) continue;
          if (replaceFileChecked(plan.path, plan.text, expected).status === "changed") continue;
          const page = parsePage(plan.text, plan.path);
          const pages = listing.pages.filter((p) => p.slug !== page.slug).concat(page);
          writeWikiIndexLocked(wikiDir, { pages, errors: listing.errors });
          if (plan.log) appendWikiLogLocked(wikiDir, plan.log);
        } else writeWikiIndexLocked(wikiDir, listing);
        return { slug: plan.slug, path: plan.path, created: plan.created, changed: plan.changed };
      }
      throw new MemdirError("IO", `the wiki page for ${JSON.stringify(input.title)} kept changing`, {
        expected: "the page to stay still while it is written",
        received: `${CHECKED_ROUNDS} changes by another writer in a row`,
        hint: "nothing was overwritten; add the page again",
      });
    },
    opts.lockTimeoutMs ?? WIKI_LOCK_TIMEOUT_MS,
  );
  settleWatches();
  return out;
}
