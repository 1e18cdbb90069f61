/**
 * Composing a feedback memory: the rule with its `;` continuation or reason, a one-line
 * description and the body (`**Why:**`, `**How to apply:**`; Claude Code 2.1.x auto memory).
 */

import {
  GENERIC_HOW,
  howToApply,
  namesNewChoice,
  oneLine,
  type RuleParts,
  ruleBody,
  splitReason,
  thirdPerson,
} from "./compose.js";
import {
  capitalize,
  categoryKo,
  contentWords,
  generalCue,
  isKorean,
  norm,
  objection,
  scopedTo,
  stripFiller,
  tidy,
} from "./cues.js";
import {
  ALTERNATIVE,
  isInstruction,
  PROHIBITION,
  PRONOUN_END,
  REASON_CLAUSE,
  WHEN_PREFERENCE,
} from "./feedback-cues.js";
import { memoryName } from "./name.js";
import type { RuleName, RuleOutcome, Sentence } from "./types.js";

export function compose(
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
  const parts = commaReason(splitReason(core, cont || semiWhy ? "" : s.next));
  // "never hardcode region names; read them from config since we deploy to 4 regions": the reason
  // inside the continuation is the rule's reason
  const contParts = cont !== undefined && !parts.why ? splitReason(cont) : undefined;
  if (contParts?.why) parts.why = contParts.why;
  const tails = [parts.tail, contParts?.why ? contParts.rule : cont].filter(
    (t): t is string => t !== undefined && tidy(t) !== "",
  );
  const ruleText = tidy([politeless(parts.rule), ...tails.map(politeless)].join("; "));
  const words = contentWords(ruleText);
  if (words.length === 0 || (words.length === 1 && PRONOUN_END.test(tidy(parts.rule)))) {
    return { kind: "reject", rule, reason: "too vague (no object)" };
  }
  // "when you write sql migrations, always make them reversible": the lead names what "them" is
  const description = oneLine(
    capitalize(
      lead && /\b(?:them|it|those|these|they)\b/i.test(ruleText) ? `${tidy(lead)}, ${ruleText}` : ruleText,
    ),
  );
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

/**
 * A statement with its own subject after a comma ("never put emojis in commit msgs, the changelog
 * generator chokes on them"; "don't bump the editor version, the build farm is pinned to …"): the
 * reason of the rule before it. Not an instruction, not a question or hedge.
 */
const DECLARATIVE_CLAUSE =
  /^(?:(?:the|our|their|its|my|your|every|all|each|some|most|a|an|these|those)\s+)?[\w./@`'#-]+(?:\s+[\w./@`'#-]+){0,4}?\s+(?:is|are|was|were|has|have|had|will|would|won't|can't|cannot|couldn't|doesn't|don't|didn't|isn't|aren't|wasn't|gets?|got|break|breaks|broke|fails?|failed|chokes?|choked|crash(?:es|ed)?|loses?|lost|needs?|expects?|requires?|rel(?:y|ies)|runs?|reads?|parses?|uses?|contains?|depends?|ends? up|comes? out|goes|went|blocks?|blocked|rejects?|rejected|bounces?|bounced)\b/i;

/** A clause with a pronoun subject ("i find them noisy", "they rot", "nobody reads walls of text"). */
const PRONOUN_CLAUSE =
  /^(?:i|we|they|it|it's|its|nobody|no one|everyone|everybody|people|that|this|those|these)\s+(?:(?:really|just|always|never|usually|all|often|then)\s+)?(?!(?:use|prefer|want|should|must|need)\b)[a-z']+\b/i;

/** "… as drafts first so the bots don't ping everyone": a purpose clause with its own subject. */
const SO_PURPOSE =
  /^(.*?\S)\s+so\s+((?:the|our|it|they|we|you|people|nobody|no one|everyone|reviewers|ci)\s.+)$/i;

function commaReason(parts: RuleParts): RuleParts {
  if (parts.why) return parts;
  const so = SO_PURPOSE.exec(parts.rule);
  if (so && isInstruction(so[1]!) && !isInstruction(so[2]!))
    return { ...parts, rule: so[1]!, why: `so ${so[2]}` };
  // the last comma first: "keep PR descriptions short, two bullets max, nobody reads walls of text"
  const commas = [...parts.rule.matchAll(/,\s+/g)].reverse();
  for (const c of commas) {
    const found = reasonAfter(parts, parts.rule.slice(0, c.index), parts.rule.slice(c.index + c[0].length));
    if (found) return found;
  }
  return parts;
}

function reasonAfter(parts: RuleParts, head: string, rest: string): RuleParts | undefined {
  const m = [head, head, rest];
  if (!isInstruction(m[1]!)) return undefined;
  const tail = tidy(m[2]!);
  if (/\b(?:instead|rather)\b/i.test(tail)) return undefined;
  // "we don't use npm anymore, it's all pnpm": a new choice after the comma is the alternative, not a reason
  if (namesNewChoice(m[1]!, tail)) return undefined;
  // "…, otherwise the sdk generator skips it": what happens when the rule is broken
  const otherwise = /^otherwise\s+(.+)$/i.exec(tail);
  if (otherwise && !isInstruction(otherwise[1]!)) return { ...parts, rule: m[1]!, why: tail };
  if (PRONOUN_CLAUSE.test(tail) && !isInstruction(tail) && objection(tail) === undefined)
    return { ...parts, rule: m[1]!, why: thirdPerson(tail.replace(/^i(?=['\s])/, "I")) };
  if (!DECLARATIVE_CLAUSE.test(tail) || isInstruction(tail) || objection(tail) !== undefined)
    return undefined;
  // "…, the format is described at <url>": a pointer, its own reference memory, never the reason
  if (/\bhttps?:\/\/|(?:^|\s)#[a-z][\w-]+|(?:^|\s)go\/\w/i.test(tail)) return undefined;
  return { ...parts, rule: m[1]!, why: tail };
}
