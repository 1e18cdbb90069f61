/**
 * L2 wiki (DESIGN.md §3.2 `.memdir/wiki/`): pages with frontmatter and `[[links]]`,
 * a generated `index.md`, an append-only `log.md`, lint, and keyword + tag scoring. The wiki dir is
 * a parameter (`<stateRoot>/wiki`). Writes are atomic under `<wikiDir>/.wiki.lock` and scrubbed
 * (privacy/) first; reads never take the lock. Imports core, privacy and store (for `contentWords`).
 * Uses `yaml` (core/frontmatter): not for the PostToolUse hot path.
 */
export { type AddPagePlan, addPage, planAddPage } from "./add.js";
export {
  formatIndexLine,
  formatWikiIndex,
  rebuildWikiIndex,
  UNCATEGORIZED,
  WIKI_INDEX_HEADER,
} from "./index-file.js";
export { type CleanPageInput, cleanPageInput, TITLE_MAX } from "./input.js";
export { createLinkResolver, parseLinks } from "./links.js";
export { DEFAULT_MAX_PAGE_BYTES, DEFAULT_STALE_DAYS, lintWiki } from "./lint.js";
export {
  listPageFiles,
  listPages,
  WIKI_INDEX_FILE,
  WIKI_LOCK_FILE,
  WIKI_LOG_FILE,
  withWikiLock,
} from "./list.js";
export { appendWikiLog, formatWikiLogLine, parseWikiLogLine, WIKI_LOG_HEADER } from "./log.js";
export { normalizeTag, parsePage, readPage, serializePage, slugOfPath } from "./page.js";
export { SCORE_WEIGHTS, type ScorablePage, scorePages } from "./score.js";
export { RESERVED_SLUGS, SLUG_MAX, uniqueSlug, wikiSlug } from "./slug.js";
export * from "./types.js";

/** The wiki dir's name under the project state root (DESIGN.md §3.2). */
export const WIKI_DIR_NAME = "wiki";
