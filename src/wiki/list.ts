/** Listing the pages of a wiki dir. Reads only: no lock (every write is an atomic rename). */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describeError, errnoCode, isMemdirError, MemdirError } from "../core/errors.js";
import { withLockSync } from "../core/lock.js";
import { readPage, slugOfPath } from "./page.js";
import type { WikiListing } from "./types.js";

/** Generated files of the wiki dir (never pages). */
export const WIKI_INDEX_FILE = "index.md";
export const WIKI_LOG_FILE = "log.md";
/** The dir-level lock every writer of a wiki dir holds. */
export const WIKI_LOCK_FILE = ".wiki.lock";
export const WIKI_LOCK_TIMEOUT_MS = 30_000;

/** @throws MemdirError BAD_INPUT when `wikiDir` is not a non-empty string. */
export function checkWikiDir(wikiDir: unknown): asserts wikiDir is string {
  if (typeof wikiDir !== "string" || wikiDir.trim() === "") {
    throw new MemdirError("BAD_INPUT", "no wiki dir given", {
      expected: "the path of the wiki dir (`<stateRoot>/wiki`, DESIGN.md §3.2)",
      received: JSON.stringify(wikiDir) ?? String(wikiDir),
      hint: "pass ProjectPaths.stateRoot joined with `wiki`",
    });
  }
}

/** Runs `fn` holding `<wikiDir>/.wiki.lock` (creates the dir). Throws MemdirError LOCK_TIMEOUT. */
export function withWikiLock<T>(wikiDir: string, fn: () => T, timeoutMs = WIKI_LOCK_TIMEOUT_MS): T {
  return withLockSync(join(wikiDir, WIKI_LOCK_FILE), fn, { timeoutMs });
}

/** File names of the page files in `wikiDir` (`*.md` but the generated ones; no dotfiles), sorted. */
export function listPageFiles(wikiDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(wikiDir, { withFileTypes: true })
      .filter((e) => e.isFile() || e.isSymbolicLink())
      .map((e) => e.name);
  } catch (e) {
    if (errnoCode(e) === "ENOENT" || errnoCode(e) === "ENOTDIR") return [];
    throw e;
  }
  const generated = new Set([WIKI_INDEX_FILE, WIKI_LOG_FILE]);
  return names
    .filter((n) => n.endsWith(".md") && !n.startsWith(".") && !generated.has(n.toLowerCase()))
    .sort((a, b) => (slugOfPath(a) < slugOfPath(b) ? -1 : slugOfPath(a) > slugOfPath(b) ? 1 : 0));
}

/**
 * Every page of `wikiDir`, sorted by slug. A page that cannot be read or parsed is reported in
 * `errors`, never thrown. A missing dir is an empty wiki.
 * @throws only when the dir itself cannot be listed (e.g. EACCES) or `wikiDir` is not a string.
 */
export function listPages(wikiDir: string): WikiListing {
  checkWikiDir(wikiDir);
  const out: WikiListing = { pages: [], errors: [] };
  for (const name of listPageFiles(wikiDir)) {
    const path = join(wikiDir, name);
    try {
      out.pages.push(readPage(path));
    } catch (e) {
      out.errors.push({
        slug: slugOfPath(name),
        path,
        message: isMemdirError(e) ? (e.message.split("\n")[0] ?? e.code) : describeError(e),
        hint: isMemdirError(e) ? e.hint : "check the file's permissions",
      });
    }
  }
  return out;
}
