/**
 * Explicit requests: "remember that …", "remember: …", "please remember …", "note that … for the
 * future", "from now on …", "going forward …", "in the future …", "기억해(줘/둬)", "이거 기억해: …",
 * "…라는 걸 기억해", "앞으로(는) …"; "keep in mind that …" counts for all but project memories.
 * The content is classified (classify.ts): about the user → user; a rule → feedback; a pointer →
 * reference; a setup fact → project facts; a deadline/decision/incident → project; code
 * patterns, architecture, git history and fix recipes → nothing, even when asked
 * (Claude Code 2.1.x "what NOT to save").
 */
import { classifyExplicit } from "./classify.js";
import { isKorean, norm, stripFiller, tidy } from "./cues.js";
import { projectRule } from "./rules-project.js";
import type { RuleOutcome, Sentence } from "./types.js";

const REMEMBER_EN = [
  /^(?:please\s+|pls\s+|also\s+|and\s+)?remember\s*(?:that|this)\s*[:,-]?\s+(.+)$/,
  /^(?:please\s+|pls\s+)?remember\s*:\s*(.+)$/,
  /^please remember\s+(?!to\b)(.+)$/,
  /^(?:please\s+)?(?:note|keep in mind|bear in mind)\s+(?:that\s+)?(.+?),?\s+for (?:the )?future(?: reference| sessions?)?$/,
  /^for (?:the )?future(?: reference| sessions?)?\s*[:,]\s*(.+)$/,
  /^(?:(?:please\s+)?(?:note|keep in mind)\s+(?:that\s+)?)?(.+?),?\s+(?:remember that|keep that in mind)$/,
];
/**
 * A rule announced as one ("one rule for this repo: …", "house rule: …", "the rule here is that
 * …"): standing like "from now on".
 */
const RULE_LEAD_EN = [
  /^(?:(?:one|a|another|the|our|my|house|team|standing|general|hard|golden|simple|important|big)\s+){0,3}rules?(?:\s+(?:for|in|of|across)\s+(?:this|our|the|all|every)\s+(?:repo|repository|project|codebase|team|app|org|company|code|service|game)s?)?(?:\s+(?:here|going forward))?\s*(?::|—|–|\s-)\s*(.+)$/,
  /^(?:the|our|one|a)\s+(?:(?:house|team|standing|general)\s+)?rule(?:\s+(?:here|in this (?:repo|repository|project|codebase|team)))?\s+is(?:\s+that)?\s*:?\s+(.+)$/,
];
const TEMPORAL_EN = [
  /^(?:from now on|going forward|moving forward|from here on(?: out)?|in the future|in future sessions)\s*[,:]?\s+(.+)$/,
  /^(.+?),?\s+(?:from now on|going forward|moving forward|in the future)$/,
];
/**
 * "Keep in mind that …" without "for the future": often context for the task at hand, so only a
 * statement about the user, a standing rule, a pointer or a setup fact counts (never a project memory).
 */
const KEEP_IN_MIND_EN = /^(?:please\s+)?(?:keep|bear) in mind(?:\s+that|\s*:)\s+(.+)$/;
const REMEMBER_KO = [
  /^(.+?)\s*(?:(?:거|것|걸|점|사실)(?:을|를)?|(?<quote>라고|이라고|다고|고))?\s*(?:꼭\s*)?기억해\s*(?:줘요?|둬요?|두세요|주세요|놔|놓아 ?줘|)\s*$/,
  /^(?:(?:이거|이것|이건|이걸|이것도|이것만|이 점|다음|아래|이거 하나)\s*(?:을|를|은|는|도|만)?\s*)?(?:꼭\s*|잘\s*)?기억해\s*(?:줘요?|둬요?|두세요|주세요|놔)?\s*[:：,]\s*(.+)$/,
];
const TEMPORAL_KO = /^(?:앞으로(?:는|도)?|이제부터(?:는)?|지금부터(?:는)?|다음부터(?:는)?)\s*,?\s*(.+)$/;

/**
 * The explicit rule. Returns the classified memory or facts, a reject (question, negation, or
 * "not worth saving"), or `undefined` when there is no explicit cue.
 */
export function explicitRule(s: Sentence): RuleOutcome | undefined {
  const text = tidy(stripFiller(s.text)).replace(/\*\*|__/g, "");
  const n = norm(text);
  let content: string | undefined;
  let temporal = false;
  let soft = false;
  if (isKorean(text)) {
    for (const r of REMEMBER_KO) {
      const m = r.exec(text);
      if (m?.[1]) {
        content = declarativeKo(m[1], m.groups?.quote);
        break;
      }
    }
    const t = content === undefined ? TEMPORAL_KO.exec(text) : null;
    if (t) {
      content = t[1];
      temporal = true;
    }
  } else {
    for (const r of [...REMEMBER_EN, ...TEMPORAL_EN, ...RULE_LEAD_EN]) {
      const m = r.exec(n);
      if (m?.[1]) {
        content = originalSlice(text, n, m[1]);
        temporal = !REMEMBER_EN.includes(r);
        break;
      }
    }
  }
  const k = content === undefined && !isKorean(text) ? KEEP_IN_MIND_EN.exec(n) : null;
  if (k?.[1]) {
    content = originalSlice(text, n, k[1]);
    soft = true;
  }
  if (content === undefined && /^(?:please|pls)\s+remember\s+(?!to\b)/i.test(tidy(s.text))) {
    content = tidy(s.text).replace(/^(?:please|pls)\s+remember\s+/i, "");
  }
  if (content === undefined) return undefined;
  if (/^(?:i|you|we|do you|don't|didn't|can't)\s+(?:don't\s+)?remember\b/.test(n)) return undefined;
  const out = classifyExplicit({ ...s, text: tidy(content) }, temporal);
  if (soft && out.kind === "memory" && out.memory.type === "project") {
    // "keep in mind that checkout freezes on January 30": a dated milestone or a decision still counts
    const p = projectRule({ ...s, text: tidy(content) });
    if (p?.kind === "memory") return p;
    return { kind: "reject", rule: "explicit", reason: "keep in mind: context for the task, not a memory" };
  }
  return out;
}

/**
 * The quoted content of "…라는 걸 기억해" / "…라고 기억해" as a plain statement: "나는 프론트엔드
 * 개발자라는" → "나는 프론트엔드 개발자다", "배포는 목요일이라고" → "배포는 목요일이다".
 */
function declarativeKo(content: string, quote: string | undefined): string {
  const c = tidy(content);
  if (quote === "라고" || quote === "이라고") return `${c}${quote === "이라고" ? "이" : ""}다`;
  if (quote === "다고") return `${c}다`;
  return c.replace(/(?:이)?라는$/, (m) => (m.startsWith("이") ? "이다" : "다")).replace(/다는$/, "다");
}

function originalSlice(orig: string, lower: string, part: string): string {
  const at = lower.lastIndexOf(part);
  return at >= 0 ? orig.slice(at, at + part.length) : part;
}
