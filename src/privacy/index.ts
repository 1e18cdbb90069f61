/**
 * L1 privacy (DESIGN.md §4, §5): strip `<private>…</private>` and redact secrets before anything is
 * stored, logged or handed to an extractor. `scrub` is sync and cheap (hooks); `scrubDeep` adds the
 * lazily loaded secretlint pass (background jobs). Imports core only.
 */
import { redactWithSecretlint } from "./deep.js";
import { scrub } from "./scrub.js";

export { dropSecretSegments, nameSource, safeSlug, secretLikeSegment } from "./names.js";
export { privateSpans, redactEchoes, stripPrivate } from "./private-tags.js";
export { containsSecret, redactSecrets } from "./redact.js";
export { MAX_TOKEN_UNITS, mayNeedScrub, scrub, scrubFull } from "./scrub.js";

/**
 * `scrub(text)` then a `@secretlint/core` pass (recommended preset, lazy import) whose findings are
 * redacted as `[REDACTED:<secretlint rule>]`. ~11 ms per call: use one call per batch, in background jobs.
 * Rejects only when secretlint cannot be loaded.
 */
export async function scrubDeep(text: string): Promise<string> {
  return redactWithSecretlint(scrub(text));
}
