/**
 * L1 privacy (DESIGN.md §4, §5): strip `<private>…</private>` and redact secrets before anything is
 * stored, logged or handed to an extractor. `scrub` is sync and cheap (hooks); `scrubDeep` adds the
 * lazily loaded secretlint pass (background jobs). Imports core only.
 */
import { toWellFormed } from "../core/text.js";
import { redactWithSecretlint } from "./deep.js";
import { stripPrivate } from "./private-tags.js";
import { redactSecrets } from "./redact.js";

export { stripPrivate } from "./private-tags.js";
export { containsSecret, redactSecrets } from "./redact.js";

/**
 * `redactSecrets(stripPrivate(toWellFormed(text)))`: lone surrogates become U+FFFD, private blocks go,
 * secrets become `[REDACTED:<rule>]`. Sync, never throws, idempotent (`scrub(scrub(x)) === scrub(x)`).
 */
export function scrub(text: string): string {
  const t = toWellFormed(text);
  return mayNeedScrub(t) ? redactSecrets(stripPrivate(t)) : t;
}

/**
 * Conservative pre-check that lets `scrub` skip the rule set on plain text such as `npm test`: false
 * only when no rule can fire, i.e. the text has no tag (`<`), no assignment or credential separator
 * (`=`, `:`, `@`), no run of 16+ token characters (every key, token and JWT rule needs one), and none
 * of the words the keyword rules look for (English, and the Korean `비밀번호`/`비번`/`암호` of the prose rule). Hooks call `scrub` on every tool call; compiling the whole
 * rule set costs more than a millisecond per process. test/privacy/prefilter.test.ts checks that
 * `scrub` equals the full pass wherever this returns false.
 */
export function mayNeedScrub(text: string): boolean {
  return MAY_NEED.test(text);
}
const MAY_NEED =
  /[<=:@]|[A-Za-z0-9+/_.~-]{16,}|bearer|private|secret|token|pass|pwd|key|auth|cred|cookie|session|begin|비밀번호|비번|암호|\s-p|--pw|login|configure/i;

/** The full pass without the pre-check (for tests of the pre-check). */
export function scrubFull(text: string): string {
  return redactSecrets(stripPrivate(toWellFormed(text)));
}

/**
 * `scrub(text)` then a `@secretlint/core` pass (recommended preset, lazy import) whose findings are
 * redacted as `[REDACTED:<secretlint rule>]`. ~11 ms per call: use one call per batch, in background jobs.
 * Rejects only when secretlint cannot be loaded.
 */
export async function scrubDeep(text: string): Promise<string> {
  return redactWithSecretlint(scrub(text));
}
