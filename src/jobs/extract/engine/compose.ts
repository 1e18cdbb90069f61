/**
 * Composing memory text: the rule, its reason (`**Why:**`) and when it applies
 * (`**How to apply:**`), one-line descriptions and kebab names. Body shape from Claude Code 2.1.x
 * auto memory ("state the rule or fact, then a **Why:** line and a **How to apply:** line").
 */
import { sha256 } from "../../../core/ids.js";
import { slugify, squashWhitespace, truncateCodePoints } from "../../../core/text.js";
import type { MemoryType } from "../../../store/types.js";
import { capitalize, contentWords, isKorean, norm, tidy } from "./cues.js";

/** Maximum description length in code points (one MEMORY.md line stays ~150 characters). */
export const MAX_DESCRIPTION = 150;

/** A sentence taken apart: the rule proper, the reason, and an imperative tail after a dash. */
export interface RuleParts {
  rule: string;
  why?: string;
  /** Text after a dash that is itself an instruction ("— check it after perf changes"). */
  tail?: string;
}

const IMPERATIVE_HEAD =
  /^(?:please\s+)?(?:check|ask|use|run|see|look|make|keep|prefer|always|never|don't|do not|dont|avoid|ping|open|consult|update|tell|write|add|put)\b/i;
const NEXT_REASON =
  /^(?:because|that's because|that is because|this is because|it's because|the reason is(?: that)?|reason:|since)\s*:?\s*(.+)$/i;

/**
 * Splits `text` into rule and reason. The reason comes from a `because / since / as / so that`
 * clause (English), a `때문에 / 니까 / 왜냐하면` clause (Korean), a statement after a dash, or a
 * `Because …` sentence that follows (`next`).
 */
export function splitReason(text: string, next = ""): RuleParts {
  const t = text.replace(/[’‘]/g, "'");
  let m = /^(because|since)\s+(.+?),\s*(.+)$/i.exec(t);
  if (m) return withTail({ rule: m[3]!, why: m[2]! });
  m = /^(.*?)(?:,\s*|\s+)(because|'cause|cause|cuz|given that|so that)\s+(.+)$/i.exec(t);
  if (m && m[1]!.trim())
    return withTail({ rule: m[1]!, why: m[2]!.toLowerCase() === "so that" ? `so that ${m[3]}` : m[3]! });
  m = /^(.*?),\s*(?:since|as)\s+(.+)$/i.exec(t);
  if (m && m[1]!.trim() && !/^(?:well|a rule|usual|always|needed|soon as)\b/i.test(m[2]!)) {
    return withTail({ rule: m[1]!, why: m[2]! });
  }
  m = /^(.+?)\s*(?:기 때문에|때문에|으니까|니까|으므로|므로)\s*,?\s*(.+)$/.exec(t);
  if (m && isKorean(t)) return { rule: m[2]!, why: m[1]! };
  m = /^(.*?)\s*왜냐하면\s*,?\s*(.+)$/.exec(t);
  if (m && m[1]!.trim()) return { rule: m[1]!, why: m[2]! };
  const parts = withTail({ rule: t });
  if (!parts.why) {
    const n = NEXT_REASON.exec(next.trim()) ?? /^왜냐하면\s*,?\s*(.+)$/.exec(next.trim());
    if (n) parts.why = n[1]!;
  }
  return parts;
}

/** Splits a dash-separated tail off the rule: an instruction becomes `tail`, a statement `why`. */
function withTail(p: RuleParts): RuleParts {
  const m = /^(.*?\S)\s+(?:—|–|--|-)\s+(.+)$/.exec(p.rule);
  if (!m) return p;
  const tail = m[2]!.trim();
  if (IMPERATIVE_HEAD.test(tail)) return { ...p, rule: m[1]!, tail };
  return { rule: m[1]!, why: p.why ?? tail };
}

const CONTEXT_NOUN =
  "tests?|specs?|files?|code|repo|repos|repository|project|modules?|packages?|scripts?|components?|migrations?|branch|branches|prs?|pull requests?|commits?|commit messages?|messages?|prod|production|staging|ci|reviews?|endpoints?|services?|docs|frontend|backend|api|database|db|queries|handlers?|routes?|workflows?|pipelines?|schemas?|changes";
const PREP_PHRASE = new RegExp(
  `\\b(in|for|inside|within|on)\\s+((?:the |all |any |our |every |new |these |those )?(?:[\\w./-]+\\s+){0,3}?(?:${CONTEXT_NOUN}))\\b`,
  "i",
);
const WHEN_CLAUSE = /\b(when|whenever|every time|each time|before|after|while|during)\s+(.+)$/i;

/**
 * "How to apply" for a rule: a leading clause ("When writing tests, …"), a `when / before / after`
 * clause, a trailing `in|for <context>` phrase, a Korean `…할 때` clause, else
 * "Whenever the work involves <topic>".
 */
export function howToApply(rule: string, lead?: string): string {
  if (lead) return `${capitalize(tidy(lead))}.`;
  const w = WHEN_CLAUSE.exec(rule);
  if (w) return `${capitalize(tidy(`${w[1]} ${w[2]}`))}.`;
  const p = PREP_PHRASE.exec(rule);
  if (p) return `${capitalize(tidy(`${p[1]} ${p[2]}`))}.`;
  const k = /([\p{L}\p{N} ]+?(?:할|쓸|작성할|만들|올릴|커밋할|푸시할) 때(?:마다)?)/u.exec(rule);
  if (k) return `${tidy(k[1]!)}.`;
  return `Whenever the work involves ${topicOf(rule)}.`;
}

const VERBS = new Set(
  (
    "run write add adding mock commit push merge deploy install call put keep go try show tell ask check test name " +
    "format prefer over instead rather than 절대 항상 앞으로 매번 말고 대신 직접 꼭 무조건"
  ).split(" "),
);
const KO_PARTICLE = /(?:에서|에게|으로|로|에|을|를|은|는|이|가|의|와|과)$/;

/** A short topic for a rule: the Korean object phrase, else its first content words. */
export function topicOf(rule: string): string {
  const ko = /([\p{L}\p{N}][\p{L}\p{N} ]*?)(?:을|를)\s/u.exec(rule);
  if (ko && isKorean(ko[1]!)) return ko[1]!.trim();
  const words = contentWords(rule)
    .filter((w) => !VERBS.has(w))
    .map((w) => (isKorean(w) && w.length > 2 ? w.replace(KO_PARTICLE, "") : w));
  const picked = (words.length ? words : contentWords(rule)).slice(0, 3);
  if (picked.length === 0) return "this";
  return picked.length === 2 ? `${picked[0]} or ${picked[1]}` : picked.join(", ");
}

/** One line of at most MAX_DESCRIPTION code points. */
export function oneLine(s: string): string {
  return truncateCodePoints(squashWhitespace(s), MAX_DESCRIPTION);
}

/** Body of a feedback or project memory: rule, `**Why:**`, `**How to apply:**`. */
export function ruleBody(rule: string, why: string | undefined, how: string, date: string): string {
  const reason = why ? `${capitalize(tidy(why))}.` : `Stated by the user on ${date} (no reason given).`;
  return `${capitalize(tidy(rule))}.\n**Why:** ${reason}\n**How to apply:** ${how}`;
}

const NAME_STOP = new Set(
  "the a an to of in on at for and or with is are be it this that you your we our i me my".split(" "),
);

/**
 * A kebab name `<type>-<words>` from the description: at most 6 ASCII content words, `don't` →
 * `no`. Text without ASCII words (Korean) gets `<type>-<first ASCII words or "ko">-<8 hex of its
 * SHA-256>`: file names stay ASCII whatever the normalization of the file system.
 */
export function memoryName(type: MemoryType, description: string): string {
  const words = norm(description)
    .replace(/\b(?:don't|dont|do not|doesn't)\b/g, "no")
    .replace(/n't\b/g, "nt")
    .replace(/'(?:d|s|re|ve|ll|m)\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !NAME_STOP.has(w));
  const slug = slugify(words.slice(0, 6).join(" "), 60);
  if (isKorean(description)) return `${type}-${slug ? `${slug}-` : "ko-"}${sha256(description, 8)}`;
  return `${type}-${slug || sha256(description, 8)}`;
}
