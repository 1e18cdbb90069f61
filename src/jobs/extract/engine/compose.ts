/**
 * Composing memory text: the rule, its reason (`**Why:**`) and when it applies
 * (`**How to apply:**`), one-line descriptions. Body shape from Claude Code 2.1.x
 * auto memory ("state the rule or fact, then a **Why:** line and a **How to apply:** line").
 */
import { squashWhitespace, truncateCodePoints } from "../../../core/text.js";
import { isChoice } from "../../../store/correction.js";
import { termKey } from "../../../store/rule-key.js";
import { capitalize, isKorean, tidy } from "./cues.js";

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
 * A Korean sentence that is a reason by its ending ("팀에 한국어 못 읽는 개발자들이 있어서요",
 * "…깨지거든요"): the reason of the rule before it. Never a question or a request.
 */
const NEXT_REASON_KO =
  /^((?![\s\S]*[?？])[\s\S]+?(?:어서|아서|해서|여서|이라서|라서|거든|니까|기 때문)(?:요|이에요|입니다)?)$/;

const choicesOf = (text: string) =>
  new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => termKey(w)).filter((k) => isChoice(k)),
  );

/**
 * True when `tail` names a choice (package manager, test runner, indentation…) that `head` does not:
 * "we don't use npm anymore, it's all pnpm" gives the alternative after the comma, not a reason.
 */
export function namesNewChoice(head: string, tail: string): boolean {
  const before = choicesOf(head);
  return [...choicesOf(tail)].some((c) => !before.has(c));
}

/**
 * Splits `text` into rule and reason. The reason comes from a `because / since / as / so that`
 * clause (English), a `때문에 / 니까 / 왜냐하면` clause (Korean), a statement after a dash, or a
 * `Because …` sentence that follows (`next`).
 */
export function splitReason(text: string, next = ""): RuleParts {
  const t = text.replace(/[’‘]/g, "'");
  let m = /^(because|since)\s+(.+?),\s*(.+)$/i.exec(t);
  if (m) return withTail({ rule: m[3]!, why: m[2]! });
  m =
    /^(.*?)(?:,\s*|\s+)(?:(?:mainly|mostly|partly|largely|only|just|simply|primarily|precisely|exactly|all)\s+)?(because|'cause|cause|cuz|given that|so that)\s+(.+)$/i.exec(
      t,
    );
  if (m && m[1]!.trim()) {
    const lead = m[2]!.toLowerCase();
    // "because of pricing" keeps its "because": "of pricing" alone is no reason
    const why = lead === "so that" ? `so that ${m[3]}` : /^of\s/i.test(m[3]!) ? `${m[2]} ${m[3]}` : m[3]!;
    return withTail({ rule: m[1]!, why });
  }
  // "…, they break tree shaking" / "…, it slows CI down": a statement about the thing is the reason
  m =
    /^(.*?\S),\s*((?:they|these|those)\s+\w.*|(?:it|that|this)(?:'s|'ll|\s+(?:is|was|will|would|can|could|makes?|breaks?|causes?|confuses?|slows?|hurts?|kills?|bloats?|hides?|leaks?|fails?|adds?|[a-z]+(?<!s)s)\b).*)$/i.exec(
      t,
    );
  // "…, that's why the job is disabled": a consequence of the statement, not its reason
  if (
    m &&
    m[1]!.trim() &&
    !/\b(?:not|never)\s*$/i.test(m[1]!) &&
    !/^(?:that|this)(?:'s| is) why\b/i.test(m[2]!) &&
    !namesNewChoice(m[1]!, m[2]!)
  )
    return withTail({ rule: m[1]!, why: m[2]! });
  // "we picked temporal since retries were a nightmare": "since" before a clause (not "since 2020")
  m =
    /^(.*?\S)\s+since\s+(?!(?:then|\d|last|yesterday|the (?:start|beginning)|forever|ever)\b)((?:(?:we|they|it|i|you|our [\w-]+)\s+(?!then\b)[a-z']+|(?:[\w'-]+\s+){1,4}?(?:is|are|was|were|has|have|had|can't|couldn't|doesn't|don't|didn't|won't|broke|kept|keeps)|[\w'-]+(?:\s+[\w'-]+)?\s+[a-z]{2,}(?:es|s|ed)(?=\s+\w))\b.*)$/i.exec(
      t,
    );
  if (m) return withTail({ rule: m[1]!, why: m[2]! });
  m = /^(.*?),\s*(?:since|as)\s+(.+)$/i.exec(t);
  if (m && m[1]!.trim() && !/^(?:well|a rule|usual|always|needed|soon as)\b/i.test(m[2]!)) {
    return withTail({ rule: m[1]!, why: m[2]! });
  }
  // "…to test it: the staging DB is read-only for our team": a statement after a colon is the reason
  m =
    /^(.*?\S)\s*:\s+((?:the|our|it|this|that|they|we|there)\b.*?\b(?:is|are|was|were|has|have|had|won't|can't|doesn't|don't|broke|failed|caused|[a-z]+(?<!s)s)\b.*)$/i.exec(
      t,
    );
  if (m && !IMPERATIVE_HEAD.test(m[2]!)) return withTail({ rule: m[1]!, why: m[2]! });
  // "…: they contain customer PII" / "…: last quarter the mocked tests passed and the migration failed"
  m =
    /^(.*?\S)\s*:\s+((?:(?:they|it|we|there|these|those)\s+(?!should\b|must\b|need\b|have to\b)[a-z']+|(?:last|this past)\s+(?:week|month|quarter|year|sprint|time|release)|yesterday|once|in\s+(?:19|20)\d\d)\b.*)$/i.exec(
      t,
    );
  if (m && !IMPERATIVE_HEAD.test(m[2]!)) return withTail({ rule: m[1]!, why: m[2]! });
  m = /^(.+?)\s*(?:기 때문에|때문에|으니까|니까|으므로|므로)\s*,?\s*(.+)$/.exec(t);
  // the reason clause as written, connective included ("…계속 쓰니까", not "…계속 쓰")
  if (m && isKorean(t)) return { rule: m[2]!, why: tidy(t.slice(0, t.length - m[2]!.length)) };
  m = /^(.*?)\s*왜냐하면\s*,?\s*(.+)$/.exec(t);
  if (m && m[1]!.trim()) return { rule: m[1]!, why: m[2]! };
  const parts = withTail({ rule: t });
  if (!parts.why) {
    const n =
      NEXT_REASON.exec(next.trim()) ??
      /^왜냐하면\s*,?\s*(.+)$/.exec(next.trim()) ??
      NEXT_REASON_KO.exec(tidy(next));
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
  // a reason is already known: the statement after the dash is a detail of the rule, kept in it
  return p.why ? p : { rule: m[1]!, why: tail };
}

const CONTEXT_NOUN =
  "tests?|specs?|files?|code|repo|repos|repository|project|modules?|packages?|scripts?|components?|migrations?|branch|branches|prs?|pull requests?|commits?|commit messages?|messages?|prod|production|staging|ci|reviews?|endpoints?|services?|docs|frontend|backend|api|database|db|queries|handlers?|routes?|workflows?|pipelines?|schemas?|changes";
const PREP_PHRASE = new RegExp(
  `(?<!\\bnot )\\b(in|for|inside|within|on)\\s+((?:the |all |any |our |every |new |these |those )?(?:[\\w./-]+\\s+){0,3}?(?:${CONTEXT_NOUN}))\\b(?!/)`,
  "i",
);
const WHEN_CLAUSE = /\b(when|whenever|every time|each time|before|after|while|during)\s+(.+)$/i;

/** "How to apply" when the rule names no situation: readable, never a keyword list. */
export const GENERIC_HOW = "Whenever this preference is relevant.";

/**
 * "How to apply" for a rule: a leading clause ("When writing tests, …"), a `when / before / after`
 * clause, a trailing `in|for <context>` phrase, a Korean `…할 때` clause, else `fallback`
 * (GENERIC_HOW).
 */
export function howToApply(rule: string, lead?: string, fallback = GENERIC_HOW): string {
  return applyClause(rule, lead) ?? fallback;
}

/** The situation a rule names (see `howToApply`) as a sentence, or `undefined` when it names none. */
export function applyClause(rule: string, lead?: string): string | undefined {
  if (lead) return `${capitalize(tidy(lead))}.`;
  const w = WHEN_CLAUSE.exec(rule);
  if (w) return `${capitalize(tidy(`${w[1]} ${w[2]}`))}.`;
  const p = PREP_PHRASE.exec(rule);
  if (p) return `${capitalize(tidy(`${p[1]} ${p[2]}`))}.`;
  const k = /([\p{L}\p{N} ]+?(?:할|쓸|작성할|만들|올릴|커밋할|푸시할) 때(?:마다)?)/u.exec(rule);
  if (k) return `${tidy(k[1]!)}.`;
  return undefined;
}

const ADVERBS =
  "mostly|usually|primarily|mainly|often|also|always|never|rarely|sometimes|generally|only|just|really|still|currently|normally|typically";
/** Verbs already fine after "User" (modals, common irregular past tenses). */
const KEEP_VERB = new Set(
  (
    "can could will would should may might must was were had did wrote built made led ran taught spent " +
    "began grew got went came knew left"
  ).split(" "),
);
const PREDICATE_VERB = new RegExp(
  `^\\s+((?:(?:${ADVERBS})\\s+)*)(don't|dont|do not|can't|cannot|won't|didn't|[a-z]+)\\b(.*)$`,
  "i",
);

/** Third-person present of an English verb ("write" → "writes", "do" → "does", "try" → "tries"). */
function conjugate(verb: string): string {
  const v = verb.toLowerCase();
  if (KEEP_VERB.has(v) || v.endsWith("ed")) return verb;
  if (v === "have") return "has";
  if (v === "do" || v === "go" || /(?:s|sh|ch|x|z)$/.test(v)) return `${verb}es`;
  if (/[^aeiou]y$/.test(v)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

/** What follows "I" in third person ("'m X" → "is X", " mostly write X" → "mostly writes X"). */
function predicate(afterI: string): string | undefined {
  let m = /^(?:'m|\s+am)\b\s*(.*)$/i.exec(afterI);
  if (m) return `is ${m[1]}`;
  m = /^(?:'ve|\s+have)\s+(.*)$/i.exec(afterI);
  if (m) return `has ${m[1]}`;
  m = /^'d\s+(.*)$/i.exec(afterI);
  if (m) return `would ${m[1]}`;
  m = /^'ll\s+(.*)$/i.exec(afterI);
  if (m) return `will ${m[1]}`;
  m = PREDICATE_VERB.exec(afterI);
  if (!m) return undefined;
  const verb = m[2]!.toLowerCase();
  const v = /^(?:don't|dont)$/.test(verb)
    ? "doesn't"
    : verb === "do not"
      ? "does not"
      : /^(?:can't|cannot|won't|didn't)$/.test(verb)
        ? m[2]!
        : conjugate(m[2]!);
  return `${m[1] ?? ""}${v}${m[3]}`;
}

/**
 * A first-person statement in third person: "I'm colorblind" → "User is colorblind", "… and I
 * mostly write Python" → "… and mostly writes Python", "my" → "their". A first-person clause it
 * cannot rewrite is left as is (callers check `hasFirstPerson`).
 */
export function thirdPerson(text: string): string {
  let out = text.replace(/[’‘]/g, "'");
  const head = /^I(?=['\s])(.*)$/.exec(out);
  if (head) {
    const p = predicate(head[1]!);
    if (p !== undefined) out = `User ${p}`;
  }
  out = out.replace(/\b(and|but|or)\s+I(?=['\s])((?:'\w+|\s+\S+).*)$/, (all, conj: string, rest: string) => {
    const p = predicate(rest);
    return p === undefined ? all : `${conj} ${p}`;
  });
  return out
    .replace(/\bmy\b/g, "their")
    .replace(/\bmyself\b/g, "themselves")
    .replace(/\bme\b/g, "them");
}

/** True when `text` still speaks in the first person ("I", "I'm", "me", "my"). */
export function hasFirstPerson(text: string): boolean {
  return /\b(?:I|me|my|mine|myself)\b|\bI'/.test(text.replace(/[’‘]/g, "'"));
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
