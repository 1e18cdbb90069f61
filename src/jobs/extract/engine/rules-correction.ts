/**
 * Correction rule: a statement that changes an earlier choice, recognised by its form (the store's
 * `parseCorrection`: change verbs, "no longer", "anymore", "now", "from X to Y", "X instead of Y",
 * 바꿨어요, 이제부터) and about a choice: a word of a choice class (package manager, test runner,
 * indentation…) or an explicit "what stopped → what replaced it"; in English said of the user or
 * the team ("we", "I", "our …") or naming only the choices ("spaces now"). Becomes a feedback memory that
 * the store writes over the memory it corrects ("we switched to pnpm", "I don't use tabs anymore",
 * "yarn에서 pnpm으로 바꿨어요"). A request for the task at hand ("switch this file to tabs",
 * "let's move to the parser", "pnpm으로 바꿔 주세요") or a question is not one.
 */
import { isChoice, parseCorrection } from "../../../store/correction.js";
import { GENERIC_HOW, oneLine, ruleBody, splitReason } from "./compose.js";
import {
  CORRECTION_OPENING_KO,
  capitalize,
  isKorean,
  norm,
  stripCorrection,
  stripFiller,
  TASK_FOCUS,
  tidy,
} from "./cues.js";
import { memoryName } from "./name.js";
import { feedbackRule } from "./rules-feedback.js";
import type { RuleOutcome, Sentence } from "./types.js";

/** Openings that say the user takes back what they said ("actually no —", "wait,", "아니요,"). */
const TAKE_BACK = /^(?:actually|wait|hmm+|oh|scratch that|correction|sorry)\b[\s,.:;!—–-]*/i;
/** A request: an imperative change verb first, or an ask ("let's", "can you", "please"). */
const REQUEST_EN =
  /^(?:please\s+|pls\s+)?(?:switch|move|change|replace|migrate|swap|convert|let's|let us|can you|could you|would you|will you)\b/;
/** Korean requests and proposals (`바꿔 주세요`, `바꿔줘`, `바꿀까요`, `해 주세요`). */
const REQUEST_KO = /(?:주세요|줘요?|줄래요?|주실래요|까요?|봐요|보자|하자|합시다)$/;
/** A change still to come ("we're migrating to Kafka", "we will move to pnpm"): a plan, not a correction. */
const UNDER_WAY =
  /\b(?:are|'re|is|'s|will|'ll|going to|plan(?:ning)? to|about to|want to|hope to)\s+(?:\w+\s+)?(?:switch|mov|migrat|chang|replac|swap|convert)\w*\b/;
const QUESTION = /[?？]\s*$|^(?:should|do|does|did|can|could|would|is|are|why|how|what|which|when|where)\b/;
/** A clause about what the user or the team does ("we switched…", "I don't use…", "tabs are out, we use…"). */
const SUBJECT_EN =
  /(?:^|[,;:—–-]\s*)(?:we|i|we've|i've|we're|i'm|we'd|i'd|our|my|the (?:team|repo|project|codebase|company)|everyone|everybody|this (?:repo|project|team))\b/;
/** What stopped and what replaced it, said outright. */
const EXPLICIT_PAIR =
  /\bfrom\b.*\bto\b|\breplac\w*\b.*\b(?:with|by)\b|\binstead of\b|\brather than\b|\bover\b|에서\s+\S+(?:으로|로)\b|말고|대신/;

/** The sentence without take-back openings and filler ("actually no — spaces now" → "spaces now"). */
function core(text: string): string {
  let rest = text.trim();
  for (let i = 0; i < 4; i++) {
    const before = rest;
    rest = stripFiller(rest.replace(TAKE_BACK, ""));
    rest = stripCorrection(rest).rest;
    rest = rest.replace(CORRECTION_OPENING_KO, "");
    if (rest === before) break;
  }
  return tidy(rest);
}

/** The correction memory of `s`, or undefined when it is none (see the file comment). */
export function correctionRule(s: Sentence): RuleOutcome | undefined {
  const text = core(s.text);
  const n = norm(text);
  if (
    text === "" ||
    QUESTION.test(n) ||
    REQUEST_EN.test(n) ||
    REQUEST_KO.test(text) ||
    TASK_FOCUS.test(n) ||
    UNDER_WAY.test(n)
  )
    return undefined;
  // "actually no, spaces.": the take-back word is the correction's only cue
  const c = parseCorrection(text) ?? parseCorrection(s.text);
  if (!c) return undefined;
  const terms = [...c.key.terms.keys()];
  // English: said of the user or the team, or only the choices named ("spaces now", "not tabs anymore, spaces")
  if (!isKorean(text) && !SUBJECT_EN.test(n) && !terms.every((t) => isChoice(t) || c.from.has(t)))
    return undefined;
  const aboutChoice =
    terms.some(isChoice) || (c.from.size > 0 && EXPLICIT_PAIR.test(n) && terms.length > c.from.size);
  if (!aboutChoice) return undefined;
  // a correction the feedback rule words as a rule ("actually, always use pnpm now") stays its
  const fb = feedbackRule(s);
  if (fb?.kind === "memory") return fb;
  const parts = splitReason(text, s.next);
  const rule = tidy(parts.rule);
  if (rule === "") return undefined;
  const description = oneLine(capitalize(rule));
  return {
    kind: "memory",
    rule: "correction",
    memory: {
      type: "feedback",
      name: memoryName("feedback", description),
      description,
      body: ruleBody(rule, parts.why, GENERIC_HOW, s.date),
    },
  };
}
