/**
 * `scrub`: the sync privacy pass hooks run on every text (private blocks, secrets, oversized tokens), and
 * its pre-check `mayNeedScrub`.
 */
import { toWellFormed } from "../core/text.js";
import { mayHaveLead } from "./leads.js";
import { stripPrivate } from "./private-tags.js";
import { redactSecrets } from "./redact.js";
import { tokenRules } from "./secret-rules.js";
import { leadSource, maySplitLead } from "./split.js";

/** A run of this many non-whitespace UTF-16 units is a blob (base64, minified code), not words. */
export const MAX_TOKEN_UNITS = 65_536;
const BLOB = "[REDACTED:oversized-token]";

/**
 * Replaces every run of more than MAX_TOKEN_UNITS non-whitespace units by BLOB, by a linear scan (a
 * regex over a multi-megabyte token overflows V8's backtrack stack, and no rule could vouch for such
 * a run being secret-free).
 */
function dropBlobs(t: string): string {
  if (t.length <= MAX_TOKEN_UNITS) return t;
  let out = "";
  let last = 0;
  let start = -1;
  for (let i = 0; i <= t.length; i++) {
    const ws = i === t.length || /\s/.test(t[i] as string);
    if (!ws && start < 0) start = i;
    if (ws && start >= 0) {
      if (i - start > MAX_TOKEN_UNITS) {
        out += t.slice(last, start) + BLOB;
        last = i;
      }
      start = -1;
    }
  }
  return last === 0 ? t : out + t.slice(last);
}

/**
 * `redactSecrets(stripPrivate(toWellFormed(text)))`: lone surrogates become U+FFFD, private blocks go,
 * secrets become `[REDACTED:<rule>]`, runs of more than MAX_TOKEN_UNITS non-whitespace units become
 * `[REDACTED:oversized-token]`. Sync, never throws, idempotent (`scrub(scrub(x)) === scrub(x)`).
 */
export function scrub(text: string): string {
  const t = dropBlobs(toWellFormed(text));
  return mayNeedScrub(t) ? redactSecrets(stripPrivate(t)) : t;
}

/**
 * Conservative pre-check that lets `scrub` skip the rule set on plain text such as `npm test`: false
 * only when no rule can fire, i.e. the text has no tag (`<`), no assignment or credential separator
 * (`=`, `:`, `@`), no run of 16+ token characters (every key, token, JWT and encoded-run rule needs one;
 * matched as `{16}`, not `{16,}`, which overflows the regex backtrack stack on a multi-megabyte token),
 * no token lead (`ghp_`, `sk-ant-`, … : a token split into short pieces starts with one, or with a
 * short run ending at a break that the pieces after it make a lead: `gh` + newline + `p_…`), and none of
 * the words the keyword rules look for (English, and the Korean `비밀번호`/`비번`/`암호` of the prose
 * rule). Hooks call `scrub` on every tool call; compiling the whole rule set costs more than a
 * millisecond per process. test/privacy/prefilter.test.ts checks that `scrub` equals the full pass
 * wherever this returns false.
 */
export function mayNeedScrub(text: string): boolean {
  if (MAY_NEED.test(text)) return true;
  // The literal screen first: the exact lead regex costs a hook milliseconds to build. A lead split by a
  // break (`gh` + newline + `p_…`) passes neither, so a short run that may start a lead and ends at a
  // break is checked with the pieces after it joined.
  if (mayHaveLead(text)) {
    leadHint ??= new RegExp(`(?<![A-Za-z0-9_.+/~-])(?:${leadSource(tokenRules())})`);
    if (leadHint.test(text)) return true;
  }
  return maySplitLead(text, tokenRules());
}
const MAY_NEED =
  /[<=:@]|[A-Za-z0-9+/_.~-]{16}|bearer|private|secret|token|pass|pwd|key|auth|cred|cookie|session|begin|비밀번호|비번|암호|\s-p|--pw|login|configure/i;
/** A token lead not inside a run of token characters (split.ts joins the pieces that follow one); built on first use. */
let leadHint: RegExp | undefined;

/** The full pass without the pre-check (for tests of the pre-check). */
export function scrubFull(text: string): string {
  return redactSecrets(stripPrivate(dropBlobs(toWellFormed(text))));
}
