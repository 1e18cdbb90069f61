/**
 * English cues of the feedback rules (shared by `rules-feedback.ts`, the composer and other rules
 * that ask "is this an instruction?"). Claude Code 2.1.x: feedback = "corrections and confirmed
 * approaches, with the reason why".
 */
import { norm, stripCorrection, stripFiller } from "./cues.js";

export const IMPERATIVE_EN =
  /^(?:(?:you|we) (?:should|must|need to|have to)\b|we (?:always|never|only)\b|we (?:don't|do not|dont)\b|let's (?:always|never|not)\b|make sure (?:to|you|every|each|all|any|new|no|nothing)\b|be sure to\b|(?:always|never)\s+(?!(?:the|a|an|this|that|these|those|my|your|our|its|it|so|too|again|ever|once|mind|seen|been|heard|had|got|was|is|were|works?|happens?)\b|(?!(?:embed|seed|feed|need|shed|proceed|exceed|succeed|speed|shred)\b)\w+ed\b)|(?:don't|dont|do not|stop|quit|avoid|use|prefer|only|keep|no more)\b)/;

export const PREFERENCE_EN =
  /^i(?: (?:really )?(?:don't|dont|do not) want (?!(?:to|you to|it|this|that)\b)| prefer|'d rather| would rather| (?:really )?(?:like|love|hate) it when| don't like it when| do not like it when| (?:really )?(?:like|love|hate|dislike)| want you to (?:always|never))\b/;

/** Verbs that open an instruction once an explicit cue ("from now on") made it standing. */
export const VERB_START =
  /^(?:answer|reply|respond|write|run|ask|check|double-check|commit|push|put|add|call|name|format|make|test|mock|document|include|skip|leave|follow|explain|show|tell|give|send|create|update|delete|remove|split|squash|rebase|merge|deploy|install|review|read|wrap|sort|log|print|mention|cite|speak|talk|summarize|default|stick|treat|start|finish|let|try|be|go|open|close|ping|notify|tag|label|pin|bump|lint|type|comment|describe|refer|link|prefix|suffix|sign|never|always)\b/;

/** A prohibition ("don't …", "never …", "stop …", "no more …"): a `;` clause after it may name the alternative. */
export const PROHIBITION =
  /^(?:don't|dont|do not|never|stop|quit|avoid|no more|let's not|let's never|we (?:don't|do not|never))\b/;

/** The alternative after a prohibition ("; let errors propagate", "; named exports only"). */
export const ALTERNATIVE =
  /^(?:let|use|prefer|stick|keep|write|put|return|throw|handle|rely|go with|just|leave|only|instead|always|read|load|pull|take|get|inject|pass|derive|generate|call|wrap|move)\b|\b(?:only|instead)$/;

/** A `;` clause that is the reason of the rule before it ("; they break our Splunk parser"). */
export const REASON_CLAUSE = /^(?:they|it|that|this|these|those|because|since|'cause|cuz)\b/;

export const PRONOUN_END = /\b(?:it|that|this|them|those|these|one)$/i;

/** "I hate (it) when <x>": the when-clause is the preference itself, not when it applies. */
export const WHEN_PREFERENCE = /^i (?:\w+ )?(?:like|love|hate|dislike|don't like|do not like)(?: it)? when\b/;

export interface FeedbackOptions {
  /** The sentence already carried an explicit standing cue ("from now on", "remember that"). */
  standing?: boolean;
}

/** True when `sentence` alone is an instruction or a preference (after filler and correction cues). */
export function isInstruction(sentence: string): boolean {
  const n = norm(stripCorrection(stripFiller(sentence)).rest);
  return IMPERATIVE_EN.test(n) || PREFERENCE_EN.test(n) || VERB_START.test(n);
}

/** A sentence that tells what went wrong ("we got burned when …", "last month it broke prod"). */
export const INCIDENT =
  /^(?:(?:last|this) (?:week|month|quarter|year)[, ]+)?(?:we|it|that|this|they|the \w+(?: \w+)?)\s+(?:got burned|got bitten|broke|failed|caused|took down|bit us|cost us|corrupted|leaked)\b|^(?:we had|there was) an? (?:outage|incident)\b/;
