/**
 * Explicit requests: "remember that …", "remember: …", "please remember …", "note that … for the
 * future", "from now on …", "going forward …", "in the future …", "기억해(줘/둬)", "앞으로(는) …".
 * The content is classified (classify.ts): about the user → user; a rule → feedback; a pointer →
 * reference; a setup fact → project facts; a deadline/decision/incident → project; code
 * patterns, architecture, git history and fix recipes → nothing, even when asked
 * (Claude Code 2.1.x "what NOT to save").
 */
import { classifyExplicit } from "./classify.js";
import { isKorean, norm, stripFiller, tidy } from "./cues.js";
import type { RuleOutcome, Sentence } from "./types.js";

const REMEMBER_EN = [
  /^(?:please\s+|pls\s+|also\s+|and\s+)?remember\s*(?:that|this)\s*[:,-]?\s+(.+)$/,
  /^(?:please\s+|pls\s+)?remember\s*:\s*(.+)$/,
  /^please remember\s+(?!to\b)(.+)$/,
  /^(?:please\s+)?(?:note|keep in mind|bear in mind)\s+(?:that\s+)?(.+?),?\s+for (?:the )?future(?: reference| sessions?)?$/,
  /^for (?:the )?future(?: reference| sessions?)?\s*[:,]\s*(.+)$/,
  /^(?:(?:please\s+)?(?:note|keep in mind)\s+(?:that\s+)?)?(.+?),?\s+(?:remember that|keep that in mind)$/,
];
const TEMPORAL_EN = [
  /^(?:from now on|going forward|moving forward|from here on(?: out)?|in the future|in future sessions)\s*[,:]?\s+(.+)$/,
  /^(.+?),?\s+(?:from now on|going forward|moving forward|in the future)$/,
];
const REMEMBER_KO = [
  /^(.+?)\s*(?:(?:거|것)(?:을|를)?|라고|고)?\s*(?:꼭\s*)?기억해\s*(?:줘요?|둬요?|두세요|주세요|놔|놓아 ?줘|)\s*$/,
  /^(?:꼭\s*)?기억해\s*(?:줘요?|둬요?|두세요|주세요|놔)?\s*[:：,]\s*(.+)$/,
];
const TEMPORAL_KO = /^앞으로(?:는|도)?\s*,?\s*(.+)$/;

/**
 * The explicit rule. Returns the classified memory or facts, a reject (question, negation, or
 * "not worth saving"), or `undefined` when there is no explicit cue.
 */
export function explicitRule(s: Sentence): RuleOutcome | undefined {
  const text = tidy(stripFiller(s.text)).replace(/\*\*|__/g, "");
  const n = norm(text);
  let content: string | undefined;
  let temporal = false;
  if (isKorean(text)) {
    for (const r of REMEMBER_KO) {
      const m = r.exec(text);
      if (m?.[1]) {
        content = m[1];
        break;
      }
    }
    const t = content === undefined ? TEMPORAL_KO.exec(text) : null;
    if (t) {
      content = t[1];
      temporal = true;
    }
  } else {
    for (const r of [...REMEMBER_EN, ...TEMPORAL_EN]) {
      const m = r.exec(n);
      if (m?.[1]) {
        content = originalSlice(text, n, m[1]);
        temporal = TEMPORAL_EN.includes(r);
        break;
      }
    }
  }
  if (content === undefined && /^(?:please|pls)\s+remember\s+(?!to\b)/i.test(tidy(s.text))) {
    content = tidy(s.text).replace(/^(?:please|pls)\s+remember\s+/i, "");
  }
  if (content === undefined) return undefined;
  if (/^(?:i|you|we|do you|don't|didn't|can't)\s+(?:don't\s+)?remember\b/.test(n)) return undefined;
  return classifyExplicit({ ...s, text: tidy(content) }, temporal);
}

function originalSlice(orig: string, lower: string, part: string): string {
  const at = lower.lastIndexOf(part);
  return at >= 0 ? orig.slice(at, at + part.length) : part;
}
