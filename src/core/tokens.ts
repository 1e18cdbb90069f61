/**
 * Token estimates without a tokenizer (reference/dependencies.md: the only npm Claude tokenizer is
 * the legacy pre-Claude-3 one). Used for budgets (ledger, session memory sections, request caps),
 * never for billing: providers' reported usage is recorded when they give it.
 *
 * Rule: ASCII text costs one token per 4 characters (rounded up per run), every other code point
 * one token (CJK and Hangul syllables are close to one token each in current BPE vocabularies, so
 * Korean is not under-counted). Deterministic and monotone: appending text never lowers the count.
 */

/** Estimated tokens of `text` (integer ≥ 0). */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) ascii++;
    else if (c >= 0xdc00 && c <= 0xdfff) {
      // low surrogate: its pair was counted at the high surrogate
    } else other++;
  }
  return Math.ceil(ascii / 4) + other;
}

/**
 * The longest prefix of `text` (cut at a code point boundary) whose estimate is ≤ `maxTokens`.
 * Returns `text` itself when it fits.
 */
export function cutToTokens(text: string, maxTokens: number): string {
  if (estimateTokens(text) <= maxTokens) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateTokens(text.slice(0, mid)) <= maxTokens) lo = mid;
    else hi = mid - 1;
  }
  let end = lo;
  const c = text.charCodeAt(end - 1);
  if (end > 0 && c >= 0xd800 && c <= 0xdbff) end--;
  return text.slice(0, end);
}
