/**
 * Feedback rules: corrections and standing preferences ("don't …", "never …", "always …",
 * "use X instead of Y", "I prefer …", "no, … instead", "하지 마", "항상 …"). Only standing guidance
 * fires: the sentence needs a generalizing cue (always, never, in this repo, instead of, I prefer…)
 * or a correction cue, and must not be a question, hedged or short-lived ("for now", "yet").
 * Claude Code 2.1.x: feedback = "corrections and confirmed approaches, with the reason why".
 */
import { splitReason, thirdPerson } from "./compose.js";
import {
  generalCue,
  isKorean,
  norm,
  ONE_OFF_CHOICE,
  objection,
  stripCorrection,
  stripFiller,
  TASK_FOCUS,
  tidy,
} from "./cues.js";
import { compose } from "./feedback-compose.js";
import {
  type FeedbackOptions,
  IMPERATIVE_EN,
  INCIDENT,
  isInstruction,
  PREFERENCE_EN,
  PROHIBITION,
  VERB_START,
} from "./feedback-cues.js";
import {
  BACK_POINTING_OBJECT,
  CONCESSION,
  chatless,
  GENERAL_OPENING,
  HABIT_OF_USER,
  KIND_OBJECT,
  LEAD_NO_COMMA,
  NO_KIND,
  TEAM_CONVENTION,
  TEAM_EXPECTATION,
  untypo,
} from "./feedback-forms.js";
import { koreanFeedback } from "./rules-feedback-ko.js";
import { taskReject } from "./task-scope.js";
import type { RuleName, RuleOutcome, Sentence } from "./types.js";

export { type FeedbackOptions, isInstruction } from "./feedback-cues.js";

/** "<subject> should/must (not|never|always) …": normative, counts with a correction or general cue. */
const NORMATIVE_EN =
  /^(?:the |all |our |every |any |a |an |each )?[\w./@-]+(?: [\w./@-]+){0,5} (?:should|must|has to|have to|needs to|need to)(?: always| never| not|n't)? \w/;

/**
 * "<subject> always/never gets <participle>", "<subject> is always <participle>" ("a .meta file
 * always gets committed with its asset"): a convention in passive form. Standing only under an
 * explicit cue or a correction, since "the job always gets killed" also describes a bug.
 */
const PASSIVE_CONVENTION_EN =
  /^(?:the |all |our |every |any |a |an |each )?[\w./@-]+(?: [\w./@-]+){0,3} (?:(?:always|never) (?:gets?|is|are|goes|go)|(?:gets?|is|are) (?:always|never)) \w+(?:ed|en|ne|wn|t)\b/;

/**
 * A normative sentence about what the code does at run time ("the frame parser should never panic
 * on malformed input", "the API must always return JSON"): a specification of behaviour for the
 * task (a bug report), not guidance for the agent.
 */
const RUNTIME_BEHAVIOUR_EN =
  /\b(?:should|must|has to|have to|needs to|need to)(?: always| never| not|n't)? (?:panic|crash|throw|raise|return|hang|segfault|error out|blow up|time out|deadlock)\b/;

/**
 * The subject of a normative sentence that is the code at hand ("it should never throw", "this
 * function must return []", "getCart should always …"): a specification of behaviour for the task,
 * not guidance for the agent (the code itself records it; Claude Code 2.1.x "what NOT to save").
 * A plural compound names a kind, not the code at hand ("function signatures should …").
 */
const CODE_SUBJECT =
  /^(?:it|this|that)\b|^(?:the |this |that )?(?:function|method|component|endpoint|query|handler|class|hook|variable|call|loop|test|page|script|response|result|value|field|return value|output|signature|return type|type|parameter|param|argument|arg|props?|interface|constructor|default value|status code|error message|callback|payload)\b(?!\s+(?!(?:is|was|has|does|always|sometimes|never)\b)[a-z-]+s\b)|^\w+_\w+\b|^[\w.]+\(\)/;

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

/**
 * A prohibition on editing a whole kind of thing ("don't reformat code you're not changing", "never
 * force-push shared branches", "don't touch generated files"): standing like CATEGORY_PROHIBITION.
 * Not when the object is one file or path ("don't touch src/app.ts") or the thing at hand.
 */
const EDIT_PROHIBITION =
  /^(?:don't|dont|do not|never|avoid|stop|quit)\s+(?:ever\s+)?(?:reformat(?:ting)?|re-?indent(?:ing)?|touch(?:ing)?|modify(?:ing)?|edit(?:ing)?|chang(?:e|ing)|rewrit(?:e|ing)|renam(?:e|ing)|delet(?:e|ing)|remov(?:e|ing)|commit(?:ting)?|push(?:ing)?|force[- ]push(?:ing)?|merg(?:e|ing)|disabl(?:e|ing)|skip(?:ping)?|reorder(?:ing)?|bump(?:ing)?|upgrad(?:e|ing)|downgrad(?:e|ing)|squash(?:ing)?|rebas(?:e|ing)|amend(?:ing)?|regenerat(?:e|ing)|overwrit(?:e|ing))\s+(?!(?:the|this|that|these|those|it|its|them|my|your|our|his|her|their|a|an|any|anything|everything|something|nothing|yet|now|again|here|there|so|too|me|us|him|up|out|off|on|in|with|to|for|one|more|some|all|such|until|till|before|after)\b)(?![\w.-]*\/)(?![\w-]+\.[a-z]{1,5}\b)[\w-]+/;
/** A hand-off after the instruction ("…, I'm reviewing it", "…, I'll do it"): the rule is for now. */
const HANDOFF = /,\s*(?:i'll|i will|i'm|i am|we'll|let me)\b/;
/**
 * A verbless substitution ("early returns instead of nested ifs"): a rule only with another cue,
 * like a generalizing lead ("that goes for everything you write here: …") or "it's how the team
 * writes code"; alone it is an answer to a question ("main instead of develop").
 */
const NP_SUBSTITUTION =
  /^(?!(?:the|this|that|it|its|my|your|a|an|i|we|you|they|there|here|and|or|but|so|not|just)\b)(?:[\w./-]+\s+){0,3}[\w./-]+\s+(?:instead of|rather than)\s+(?:[\w./-]+\s+){0,3}[\w./-]+$/;
/** A leading clause: the situation of the rule ("when writing tests, …") or a generalizer ("in general, …"). */
const LEAD_CLAUSE =
  /^((?:when|whenever|in|for|before|after|while|on|as a (?:general )?rule|generally|by default)\b[^,]{0,80}),\s*(.+)$/i;
/** A generalizing lead clause: a cue, not a situation for "How to apply". */
const GENERALIZER_LEAD = /^(?:in general|generally|as a (?:general )?rule|by default)$/;

const VAGUE_PREFERENCE =
  /^i (?:\w+ )?(?:like|love|hate|prefer|dislike)\s+(?:this|that|it|these|those|them)\b(?! when)/;

/** "don't use X, use Y" / "use X, not Y": a substitution, standing like "use Y instead of X". */
const SUBSTITUTION =
  /^(?:(?:don't|dont|do not|never|stop|avoid)\s+(?:use|using|write|writing)\s+\S.*?,\s*(?:use|write|prefer|go with|stick to|always use)\s+\S|(?:use|prefer|write)\s+\S.*?,\s*(?:not|never)\s+\S)/;

/** "We use pnpm in this repo, never npm": the team's convention with the thing it rules out. */
const CONVENTION_SUBSTITUTION =
  /^(?:we|our team|the team)\s+(?:only\s+)?(?:use|write|run|deploy with|build with)\s+\S.*?,\s*(?:never|not|no)\s+[\w.@/-]+$/;

/** "<statement> so <instruction>" ("I'm colorblind so don't rely on red/green"): the statement is the reason. */
/** A reason clause inside the sentence. */
const REASON_CLAUSE = /\s(?:because|since|otherwise|or else)\s+\w/;
const SO_RULE =
  /^(.+?)(?:(?:,\s*|\s+)(?:so|so please|which means|therefore)\s+|,\s*(?=(?:please\s+|pls\s+|plz\s+)?(?:don't|dont|do not|never|avoid)\s))(.+)$/i;

/**
 * The feedback rule. Returns a feedback memory, a reject (the sentence is an instruction but not
 * standing guidance), or `undefined` when the sentence is not an instruction at all.
 */
export function feedbackRule(sentence: Sentence, opts: FeedbackOptions = {}): RuleOutcome | undefined {
  const s = { ...sentence, text: untypo(sentence.text) };
  const text = stripFiller(chatless(s.text));
  if (isKorean(text)) return koreanFeedback(s, text, opts);
  // "but normally always run the full suite", "in general though we use pnpm": the rule after an exception
  const general = GENERAL_OPENING.exec(text) ?? CONCESSION.exec(text);
  let { rest: core, corrected } = stripCorrection(general ? text.slice(general[0].length) : text);
  let statedWhy: string | undefined;
  const so = soRule(core);
  if (so) {
    core = so.rule;
    statedWhy = so.why;
  }
  let lead: string | undefined;
  const leads = (m: RegExpExecArray | null) => {
    const after = m ? norm(stripFiller(m[2]!)) : "";
    // after a situation ("whenever you add a test, make it …") a bare verb is an imperative
    const situation = m !== null && /^(?:when|whenever|every time|each time|before|after)\b/i.test(m[1]!);
    return m &&
      m[1]!.trim().length > 3 &&
      (IMPERATIVE_EN.test(after) ||
        PREFERENCE_EN.test(after) ||
        TEAM_EXPECTATION.test(after) ||
        (situation && VERB_START.test(after)))
      ? m
      : null;
  };
  const l = leads(LEAD_CLAUSE.exec(core)) ?? leads(LEAD_NO_COMMA.exec(core));
  const afterLead = l ? stripFiller(l[2]!) : "";
  if (l) {
    lead = GENERALIZER_LEAD.test(norm(l[1]!.trim())) ? undefined : l[1]!;
    core = afterLead;
  }
  const n = norm(core);
  const leadCue = s.lead === undefined ? undefined : generalCue(s.lead);
  const preference = PREFERENCE_EN.test(n) || TEAM_EXPECTATION.test(n);
  // "early returns instead of nested ifs" with another cue ("it's how the whole team writes code")
  const npSubstitution =
    !preference &&
    !IMPERATIVE_EN.test(n) &&
    NP_SUBSTITUTION.test(norm(tidy(splitReason(core).rule))) &&
    (leadCue ?? generalCue(norm(s.text).replace(/\b(?:instead of|rather than)\b/g, " "))) !== undefined;
  const normative =
    (NORMATIVE_EN.test(n) ||
      CONVENTION_EN.test(n) ||
      ((corrected || opts.standing === true) && PASSIVE_CONVENTION_EN.test(n))) &&
    !CODE_SUBJECT.test(n) &&
    !RUNTIME_BEHAVIOUR_EN.test(n) &&
    !IDENTIFIER_SUBJECT.test(tidy(core)) &&
    (corrected || opts.standing === true || generalCue(n) !== undefined);
  const convention = CONVENTION_SUBSTITUTION.test(tidy(n));
  const imperative =
    IMPERATIVE_EN.test(n) ||
    NO_KIND.test(n) ||
    normative ||
    convention ||
    npSubstitution ||
    ((opts.standing === true ||
      (l !== null && /^(?:when|whenever|every time|each time|before|after)\b/i.test(l[1]!))) &&
      VERB_START.test(n));
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
  // "don't mock the database here. We got burned when …": a prohibition the next sentence justifies
  // with what went wrong outlives the task
  const incidentAfter = PROHIBITION.test(n) && INCIDENT.test(norm(tidy(s.next)));
  const standing =
    opts.standing === true ||
    preference ||
    corrected ||
    generalCue(s.text) !== undefined ||
    leadCue !== undefined ||
    general !== null ||
    (so !== undefined && HABIT_OF_USER.test(norm(text))) ||
    KIND_OBJECT.test(n) ||
    /\bonly (?:on|in|to|for) (?:the )?(?:files|changes|code|lines) (?:you|u) (?:touch(?:ed)?|chang(?:e|ed)|edit(?:ed)?|modif(?:y|ied))\b/.test(
      n,
    ) ||
    /\b(?:every|each|all) new [\w-]+/.test(n) ||
    TEAM_CONVENTION.test(n) ||
    /^(?:stop|quit) \w+ing\b/.test(n) ||
    CATEGORY_PROHIBITION.test(n) ||
    (EDIT_PROHIBITION.test(n) && !HANDOFF.test(n)) ||
    SUBSTITUTION.test(n) ||
    convention ||
    // a prohibition with its reason ("don't squash-merge into main because … broke git bisect"):
    // a reason is given for a rule that outlives the task
    (PROHIBITION.test(n) && (statedWhy !== undefined || REASON_CLAUSE.test(n))) ||
    incidentAfter;
  const insteadCorrection = /\binstead\b/.test(n);
  if (!standing && !insteadCorrection) {
    return { kind: "reject", rule, reason: "no generalizing or correction cue (one-off task instruction)" };
  }
  if (VAGUE_PREFERENCE.test(n)) return { kind: "reject", rule, reason: "too vague (no object)" };
  const scoped = incidentAfter ? undefined : taskReject(s, rule, opts);
  if (scoped) return scoped;
  return compose(s, core, lead, rule, statedWhy, opts.standing === true);
}

/**
 * "<statement> so <instruction>": the instruction is the rule and the statement (in third person)
 * its reason. `undefined` when the part after `so` is not an instruction.
 */
function soRule(text: string): { rule: string; why: string } | undefined {
  const m = SO_RULE.exec(text);
  if (!m || !m[1]!.trim() || isInstruction(m[1]!)) return undefined;
  // "<fact>, don't …" ("we're on node 20, don't use node 22 apis"); not a rule's own second half
  // ("a .meta file always gets committed with its asset, never one without the other")
  const bareComma = !/\b(?:so|which means|therefore)\b/i.test(
    text.slice(m[1]!.length, text.length - m[2]!.length),
  );
  if (
    bareComma &&
    /\b(?:always|never|must|should|have to|has to|need to|needs to|don't|do not)\b/i.test(m[1]!)
  )
    return undefined;
  const rule = stripFiller(m[2]!);
  const n = norm(rule);
  const ledRule = [LEAD_CLAUSE.exec(rule), LEAD_NO_COMMA.exec(rule)].some((led) => {
    const after = led ? norm(stripFiller(led[2]!)) : "";
    return led !== null && (IMPERATIVE_EN.test(after) || VERB_START.test(after));
  });
  if (!IMPERATIVE_EN.test(n) && !PREFERENCE_EN.test(n) && !ledRule) return undefined;
  // "the old consumers get deleted in March, so don't put new features into them": the instruction
  // is about the statement's subject and means nothing alone; the statement is the memory
  if (BACK_POINTING_OBJECT.test(n)) return undefined;
  return { rule, why: thirdPerson(tidy(m[1]!)) };
}
