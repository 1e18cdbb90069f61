/**
 * Feedback rules: corrections and standing preferences ("don't …", "never …", "always …",
 * "use X instead of Y", "I prefer …", "no, … instead", "하지 마", "항상 …"). Only standing guidance
 * fires: the sentence needs a generalizing cue (always, never, in this repo, instead of, I prefer…)
 * or a correction cue, and must not be a question, hedged or short-lived ("for now", "yet").
 * Claude Code 2.1.x: feedback = "corrections and confirmed approaches, with the reason why".
 */
import {
  GENERIC_HOW,
  howToApply,
  memoryName,
  oneLine,
  ruleBody,
  splitReason,
  thirdPerson,
} from "./compose.js";
import {
  CORRECTION_OPENING_KO,
  capitalize,
  categoryKo,
  contentWords,
  generalCue,
  isKorean,
  norm,
  ONE_OFF_CHOICE,
  objection,
  scopedTo,
  stripCorrection,
  stripFiller,
  TASK_FOCUS,
  tidy,
} from "./cues.js";
import type { RuleName, RuleOutcome, Sentence } from "./types.js";

const IMPERATIVE_EN =
  /^(?:(?:you|we) (?:should|must|need to|have to)\b|we (?:always|never)\b|we (?:don't|do not|dont)\b|let's (?:always|never|not)\b|make sure (?:to|you)\b|be sure to\b|(?:always|never)\s+(?!(?:the|a|an|this|that|these|those|my|your|our|its|it|so|too|again|ever|once|mind|seen|been|heard|had|got|was|is|were|works?|happens?)\b|(?!(?:embed|seed|feed|need|shed|proceed|exceed|succeed|speed|shred)\b)\w+ed\b)|(?:don't|dont|do not|stop|quit|avoid|use|prefer|only|keep|no more)\b)/;
const PREFERENCE_EN =
  /^i(?: prefer|'d rather| would rather| (?:really )?(?:like|love|hate) it when| don't like it when| do not like it when| (?:really )?(?:like|love|hate|dislike)| want you to (?:always|never))\b/;
/** "<subject> should/must (not|never|always) …": normative, counts with a correction or general cue. */
const NORMATIVE_EN =
  /^(?:the |all |our |every |any )?[\w-]+(?: [\w-]+){0,3} (?:should|must|have to|need to)(?: always| never| not|n't)? \w/;
/**
 * The subject of a normative sentence that is the code at hand ("it should never throw", "this
 * function must return []", "getCart should always …"): a specification of behaviour for the task,
 * not guidance for the agent (the code itself records it; Claude Code 2.1.x "what NOT to save").
 */
const CODE_SUBJECT =
  /^(?:it|this|that)\b|^(?:the |this |that )?(?:function|method|component|endpoint|query|handler|class|hook|variable|call|loop|test|page|script|response|result|value|field|return value|output)\b|^\w+_\w+\b|^[\w.]+\(\)/;
/** A code identifier opening the sentence (`getCart`, `OrderRepository.create`), tested with case. */
const IDENTIFIER_SUBJECT = /^(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|\w+\.\w+)\b/;
/**
 * "<things> go next to / belong in <place>": a convention stated as a fact; counts with a correction
 * or general cue ("you keep forgetting: tests go next to the source file").
 */
const CONVENTION_EN =
  /^(?:the |all |our |every |any )?[\w-]+(?: [\w-]+){0,3} (?:go|goes|belong|belongs|live|lives|sit|sits) (?:in|into|inside|next to|alongside|beside|under|with)\b/;
/**
 * A prohibition on a whole kind of thing, its object without article or pronoun ("don't use default
 * exports", "never hardcode URLs", "avoid console.log"): a category, not the thing at hand ("don't
 * use the old client", "don't add it" stay one-off).
 */
const CATEGORY_PROHIBITION =
  /^(?:don't|dont|do not|never|avoid|stop|quit)\s+(?:use|using|add|adding|write|writing|wrap|wrapping|put|putting|leave|leaving|introduce|introducing|import|importing|hardcode|hardcoding|hard-code|inline|inlining|mock|mocking|swallow|swallowing|log|logging|print|printing|throw|throwing|generate|generating|install|installing|catch|catching|nest|nesting)\s+(?!(?:the|this|that|these|those|it|its|them|my|your|our|his|her|their|a|an|any|anything|everything|something|nothing|yet|now|again|here|there|so|too|me|us|him|up|out|off|on|in|with|to|for|one|more|some|all|such)\b)[\w.@/-]+/;
/** A prohibition ("don't …", "never …", "stop …", "no more …"): a `;` clause after it may name the alternative. */
const PROHIBITION =
  /^(?:don't|dont|do not|never|stop|quit|avoid|no more|let's not|let's never|we (?:don't|do not|never))\b/;
/** The alternative after a prohibition ("; let errors propagate", "; named exports only"). */
const ALTERNATIVE =
  /^(?:let|use|prefer|stick|keep|write|put|return|throw|handle|rely|go with|just|leave|only|instead|always)\b|\b(?:only|instead)$/;
/** A `;` clause that is the reason of the rule before it ("; they break our Splunk parser"). */
const REASON_CLAUSE = /^(?:they|it|that|this|these|those|because|since|'cause|cuz)\b/;
/** Korean reason after the instruction ("…써줘, 로그 수집 때문에"): the instruction stays the rule. */
const TRAILING_REASON_KO =
  /^(.+?)\s*[,，]\s*(.+?(?:때문에|때문이야|때문이에요|때문입니다|이라서|라서|으니까|니까|거든|거든요))\s*$/;
const VAGUE_PREFERENCE =
  /^i (?:\w+ )?(?:like|love|hate|prefer|dislike)\s+(?:this|that|it|these|those|them)\b(?! when)/;
/** Verbs that open an instruction once an explicit cue ("from now on") made it standing. */
const VERB_START =
  /^(?:answer|reply|respond|write|run|ask|check|double-check|commit|push|put|add|call|name|format|make|test|mock|document|include|skip|leave|follow|explain|show|tell|give|send|create|update|delete|remove|split|squash|rebase|merge|deploy|install|review|read|wrap|sort|log|print|mention|cite|speak|talk|summarize|default|stick|treat|start|finish|let|try|be|go|open|close|ping|notify|tag|label|pin|bump|lint|type|comment|describe|refer|link|prefix|suffix|sign|never|always)\b/;
const IMPERATIVE_KO =
  /(?:(?:해야|써야|사용해야|돼야|되어야|해선 안|하면 안) ?(?:한다|해|합니다|해요|돼|됩니다|된다|되요)|금지|지 ?마|지 ?마요|지 ?마세요|지 ?마라|지 ?말아(?:요|줘| ?주세요)?|지 말 것|줘|줘요|주세요|세요|해라|하자|합시다|할 것|써|써라|써요|쓰자|해)$/;
const PREFERENCE_KO = /(?:선호해요?|선호합니다|좋아해요?|싫어해요?)$/;
const PRONOUN_END = /\b(?:it|that|this|them|those|these|one)$/i;
/** "don't use X, use Y" / "use X, not Y": a substitution, standing like "use Y instead of X". */
const SUBSTITUTION =
  /^(?:(?:don't|dont|do not|never|stop|avoid)\s+(?:use|using|write|writing)\s+\S.*?,\s*(?:use|write|prefer|go with|stick to|always use)\s+\S|(?:use|prefer|write)\s+\S.*?,\s*(?:not|never)\s+\S)/;
/** "We use pnpm in this repo, never npm": the team's convention with the thing it rules out. */
const CONVENTION_SUBSTITUTION =
  /^(?:we|our team|the team)\s+(?:only\s+)?(?:use|write|run|deploy with|build with)\s+\S.*?,\s*(?:never|not|no)\s+[\w.@/-]+$/;
/** "<statement> so <instruction>" ("I'm colorblind so don't rely on red/green"): the statement is the reason. */
const SO_RULE = /^(.+?)(?:,\s*|\s+)(?:so|so please|which means|therefore)\s+(.+)$/i;
/** "I hate (it) when <x>": the when-clause is the preference itself, not when it applies. */
const WHEN_PREFERENCE = /^i (?:\w+ )?(?:like|love|hate|dislike|don't like|do not like)(?: it)? when\b/;

export interface FeedbackOptions {
  /** The sentence already carried an explicit standing cue ("from now on", "remember that"). */
  standing?: boolean;
}

/**
 * The feedback rule. Returns a feedback memory, a reject (the sentence is an instruction but not
 * standing guidance), or `undefined` when the sentence is not an instruction at all.
 */
export function feedbackRule(s: Sentence, opts: FeedbackOptions = {}): RuleOutcome | undefined {
  const text = stripFiller(s.text);
  if (isKorean(text)) return koreanFeedback(s, text, opts);
  let { rest: core, corrected } = stripCorrection(text);
  let statedWhy: string | undefined;
  const so = soRule(core);
  if (so) {
    core = so.rule;
    statedWhy = so.why;
  }
  let lead: string | undefined;
  const l = /^((?:when|whenever|in|for|before|after|while|on)\b[^,]{2,80}),\s*(.+)$/i.exec(core);
  if (l && (IMPERATIVE_EN.test(norm(l[2]!)) || PREFERENCE_EN.test(norm(l[2]!)))) {
    lead = l[1]!;
    core = l[2]!;
  }
  const n = norm(core);
  const preference = PREFERENCE_EN.test(n);
  const normative =
    (NORMATIVE_EN.test(n) || CONVENTION_EN.test(n)) &&
    !CODE_SUBJECT.test(n) &&
    !IDENTIFIER_SUBJECT.test(tidy(core)) &&
    (corrected || generalCue(n) !== undefined);
  const convention = CONVENTION_SUBSTITUTION.test(tidy(n));
  const imperative =
    IMPERATIVE_EN.test(n) || normative || convention || (opts.standing === true && VERB_START.test(n));
  if (!preference && !imperative && !TASK_FOCUS.test(n)) return undefined;
  const rule: RuleName = preference
    ? "feedback-preference"
    : corrected
      ? "feedback-correction"
      : "feedback-imperative";
  const why = objection(s.text);
  if (why) return { kind: "reject", rule, reason: why };
  if (ONE_OFF_CHOICE.test(n) || /,\s*(?:go ahead|proceed|do it|go for it)$/.test(tidy(n))) {
    return { kind: "reject", rule, reason: "a one-off choice among options" };
  }
  if (TASK_FOCUS.test(n)) return { kind: "reject", rule, reason: "task focus, not a standing rule" };
  const standing =
    opts.standing === true ||
    preference ||
    corrected ||
    generalCue(s.text) !== undefined ||
    /^(?:stop|quit) \w+ing\b/.test(n) ||
    CATEGORY_PROHIBITION.test(n) ||
    SUBSTITUTION.test(n) ||
    convention;
  const insteadCorrection = /\binstead\b/.test(n);
  if (!standing && !insteadCorrection) {
    return { kind: "reject", rule, reason: "no generalizing or correction cue (one-off task instruction)" };
  }
  if (VAGUE_PREFERENCE.test(n)) return { kind: "reject", rule, reason: "too vague (no object)" };
  const scope = opts.standing === true ? undefined : scopedTo(s.text);
  if (scope)
    return { kind: "reject", rule, reason: `scoped to one artifact ('${scope}'): a task instruction` };
  return compose(s, core, lead, rule, statedWhy, opts.standing === true);
}

/**
 * "<statement> so <instruction>": the instruction is the rule and the statement (in third person)
 * its reason. `undefined` when the part after `so` is not an instruction.
 */
function soRule(text: string): { rule: string; why: string } | undefined {
  const m = SO_RULE.exec(text);
  if (!m || !m[1]!.trim() || isInstruction(m[1]!)) return undefined;
  const rule = stripFiller(m[2]!);
  const n = norm(rule);
  if (!IMPERATIVE_EN.test(n) && !PREFERENCE_EN.test(n)) return undefined;
  return { rule, why: thirdPerson(tidy(m[1]!)) };
}

/** True when `sentence` alone is an instruction or a preference (after filler and correction cues). */
export function isInstruction(sentence: string): boolean {
  const n = norm(stripCorrection(stripFiller(sentence)).rest);
  return IMPERATIVE_EN.test(n) || PREFERENCE_EN.test(n) || VERB_START.test(n);
}

function koreanFeedback(s: Sentence, text: string, opts: FeedbackOptions): RuleOutcome | undefined {
  let core = text;
  let corrected = false;
  const c = CORRECTION_OPENING_KO.exec(core);
  if (c && c[0].length > 0) {
    corrected = true;
    core = core.slice(c[0].length).trim();
  }
  let statedWhy: string | undefined;
  const r = TRAILING_REASON_KO.exec(tidy(core));
  if (r && IMPERATIVE_KO.test(tidy(r[1]!))) {
    core = r[1]!;
    statedWhy = r[2]!;
  }
  const end = tidy(core);
  const preference = PREFERENCE_KO.test(end);
  if (!preference && !IMPERATIVE_KO.test(end)) return undefined;
  const rule: RuleName = "feedback-ko";
  const why = objection(s.text);
  if (why) return { kind: "reject", rule, reason: why };
  if (!(opts.standing === true || preference || corrected) && oneOffSubstitutionKo(core, end)) {
    return { kind: "reject", rule, reason: "a substitution inside a one-off request" };
  }
  if (!(opts.standing === true || preference || corrected || generalCue(core) !== undefined)) {
    return { kind: "reject", rule, reason: "no generalizing or correction cue (one-off task instruction)" };
  }
  const scope = opts.standing === true ? undefined : scopedTo(s.text);
  if (scope)
    return { kind: "reject", rule, reason: `scoped to one artifact ('${scope}'): a task instruction` };
  return compose(s, core, undefined, rule, statedWhy, opts.standing === true);
}

/** Korean substitution cues: "X 말고 Y", "X 대신 Y", "X보다는 Y". */
const SUBSTITUTION_KO = /(?:말고|대신|보다는)/g;
/** A request form ("…해줘", "…해 주세요"): what the agent should do now. */
const REQUEST_END_KO = /(?:줘|줘요|주세요|줄래요?|해라)$/;
/** Verbs of a standing choice of tool or style ("pnpm 써 주세요", "…를 사용해 주세요"). */
const USE_VERB_KO = /(?:써|쓰|사용|선호|작성)/;

/**
 * "null 말고 빈 배열 반환하게 해줘": a substitution inside a request for the task at hand. English
 * needs "use X instead of Y" (IMPERATIVE_EN); Korean accepts any request ending, so a substitution
 * cue alone makes it standing only with a verb of using or writing (`SUBSTITUTION` in English).
 */
function oneOffSubstitutionKo(core: string, end: string): boolean {
  if (!REQUEST_END_KO.test(end) || USE_VERB_KO.test(end.slice(-12))) return false;
  if (generalCue(core) === undefined) return false;
  return generalCue(core.replace(SUBSTITUTION_KO, " ")) === undefined;
}

function compose(
  s: Sentence,
  core: string,
  lead: string | undefined,
  rule: RuleName,
  statedWhy?: string,
  standing = false,
): RuleOutcome {
  // "I hate long summaries; keep it to 3 bullets": the instruction after `;` belongs to the rule
  // (after a plain imperative only when it is standing too: "always use pnpm; run the tests" is not)
  const cont = continuation(s, rule !== "feedback-imperative" || standing, PROHIBITION.test(norm(core)));
  const semiWhy = cont ? undefined : semicolonReason(s);
  const parts = splitReason(core, cont || semiWhy ? "" : s.next);
  const tails = [parts.tail, cont].filter((t): t is string => t !== undefined && tidy(t) !== "");
  const ruleText = tidy([politeless(parts.rule), ...tails.map(politeless)].join("; "));
  const words = contentWords(ruleText);
  if (words.length === 0 || (words.length === 1 && PRONOUN_END.test(tidy(parts.rule)))) {
    return { kind: "reject", rule, reason: "too vague (no object)" };
  }
  const description = oneLine(capitalize(ruleText));
  const ko = isKorean(core) ? categoryKo(core) : undefined;
  const how = WHEN_PREFERENCE.test(norm(parts.rule))
    ? GENERIC_HOW
    : ko !== undefined && lead === undefined
      ? `${ko}.`
      : howToApply(parts.rule, lead);
  return {
    kind: "memory",
    rule,
    memory: {
      type: "feedback",
      name: memoryName("feedback", description),
      description,
      body: ruleBody(ruleText, parts.why ?? statedWhy ?? semiWhy, how, s.date),
    },
    ...(cont || semiWhy ? { absorbsNext: true } : {}),
  };
}

/**
 * The `;` continuation of `s` when it is an instruction without objection (a standing one unless
 * `anyInstruction`; after a prohibition also the alternative it names: "; let errors propagate",
 * "; named exports only"), else `undefined`.
 */
function continuation(s: Sentence, anyInstruction: boolean, prohibition: boolean): string | undefined {
  if (s.nextAfterSemicolon !== true || isKorean(s.next) !== isKorean(s.text)) return undefined;
  const next = stripFiller(s.next);
  if (!next || objection(next) !== undefined || scopedTo(next) !== undefined) return undefined;
  const n = norm(tidy(next));
  if (prohibition && ALTERNATIVE.test(n)) return tidy(next);
  if (!isInstruction(next)) return undefined;
  if (!anyInstruction && generalCue(next) === undefined && !/\binstead\b/.test(n)) return undefined;
  return tidy(next);
}

/** The `;` clause after `s` when it gives the reason ("; they break our Splunk parser"), else undefined. */
function semicolonReason(s: Sentence): string | undefined {
  if (s.nextAfterSemicolon !== true || isKorean(s.next) !== isKorean(s.text)) return undefined;
  const next = tidy(s.next);
  if (!REASON_CLAUSE.test(norm(next)) || isInstruction(next) || objection(next) !== undefined)
    return undefined;
  return next.replace(/^(?:because|since|'cause|cuz)\s+/i, "");
}

/** The rule text without a trailing "please" / "thanks" ("No more default exports please"). */
function politeless(t: string): string {
  return tidy(tidy(t).replace(/[\s,]+(?:please|pls|thanks|thank you|thx|ty)$/i, ""));
}
