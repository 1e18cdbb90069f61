/**
 * Contradiction detection between two fact sentences (when two memories contradict on the same
 * subject, the newer is kept). Deliberately narrow, because a false contradiction deletes
 * a real fact: the two sentences must be the same token for token except ONE substituted slot, and
 * that slot must be a single value in the predicate, of the same class on both sides (a number or
 * version, a weekday, a month, enabled/disabled), or differ only by polarity (always ↔ never, X ↔
 * not X). Never a slot that is an identifier ("Bug 123", "#45", "PR 12", "q1"), a slot in the subject
 * ("Release 1.4 ships…"), a list ("Node 18/20", "월요일과 목요일") or an event (a date, or a shared
 * past-tense verb: "Deployed v1.2" / "Deployed v1.3", "…로 옮겼다"). A preference whose two values swap
 * around a contrast word ("tabs over spaces" / "spaces over tabs", "pnpm, not yarn" / "yarn, not
 * pnpm", "yarn 말고 pnpm" / "pnpm 말고 yarn") is a polarity conflict. This is the sentence half; the
 * topic half (same subject: descriptions, headings, qualifiers) is `subject.ts`.
 */
import { finalConsonant } from "../../../core/korean.js";
import { type RuleKey, ruleConflict, ruleKey, sameRuleKey, termKey } from "../../../store/rule-key.js";
import { diff, type Hunk } from "./diff.js";
import type { FactUnit, Token } from "./tokens.js";

export type ConflictKind = "value" | "polarity";

/** Matched (equal) tokens the two sentences need besides the substituted slot: the shared subject. */
export const MIN_SUBJECT_TOKENS = 2;
/** At most this many tokens on each side of the substituted slot. */
export const MAX_SLOT_TOKENS = 2;
/** Sentences longer than this (tokens) are not compared. */
const MAX_TOKENS = 60;

const WEEKDAYS = new Set(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);
const MONTHS = new Set(
  "january february march april may june july august september october november december".split(" "),
);
const TOGGLES = new Set(["enabled", "disabled", "true", "false", "enable", "disable", "on", "off"]);
const KO_WEEKDAY = /^[월화수목금토일]요일/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const NEGATIVE = new Set(["not", "never", "no"]);
const POSITIVE = new Set(["always"]);

/** The value class of a token, or undefined. Dates are events, not values: they never conflict. */
function valueClass(t: Token): string | undefined {
  if (DATE.test(t.raw)) return undefined;
  if (/\d/.test(t.raw)) return "number";
  if (WEEKDAYS.has(t.key) || KO_WEEKDAY.test(t.raw)) return "weekday";
  if (MONTHS.has(t.raw)) return "month";
  if (TOGGLES.has(t.raw)) return "toggle";
  return undefined;
}

/** Words that name a thing by number: the number after them is an identifier, not a value. */
const ID_NOUNS = new Set(
  (
    "bug bugs issue issues ticket tickets pr prs mr mrs request requests incident incidents case task tasks " +
    "story stories epic sprint release build job step item id ids no number ref commit rfc cve milestone " +
    "phase order invoice line page chapter section figure table row column question room 버그 이슈 티켓 " +
    "스프린트 릴리스 빌드 번호 건"
  ).split(" "),
);
/** Digits glued to letters that still read as a value: versions and numbers with a unit. */
const VERSION = /^v?\d+(?:\.\d+)*$/;
const WITH_UNIT =
  /^\d+(?:[.,]\d+)*(?:ms|s|sec|secs|m|min|mins|h|hr|hrs|d|w|k|x|kb|mb|gb|tb|px|em|rem|%|st|nd|rd|th)$/;
const KO_NUMBER = /^\d[\d.,]*[\uAC00-\uD7A3]+$/;

/** True for `#45`, `q1`, `abc123`, `b1`: digits that identify something rather than measure it. */
export function isIdentifierToken(raw: string): boolean {
  if (raw.startsWith("#")) return true;
  if (!/\d/.test(raw) || !/\p{L}/u.test(raw)) return false;
  return !(VERSION.test(raw) || WITH_UNIT.test(raw) || KO_NUMBER.test(raw));
}

/** Korean subject/topic particle on a word (`배포는`): what follows is the predicate. */
const koSubject = (t: Token) =>
  t.raw !== t.key && /[은는이가]$/.test(t.raw) && /^[\uAC00-\uD7A3]+$/.test(t.raw);

/** Korean past tense: the syllable before the final 다 ends in ㅆ (했다, 옮겼다, 늘렸다). */
function koreanPast(raw: string): boolean {
  return raw.endsWith("다") && raw.length >= 2 && finalConsonant(raw.charAt(raw.length - 2)) === 20;
}
/** A shared word in the past tense makes the sentences events ("Deployed v1.2", "배포했다"), which never conflict. */
const EVENT = /^[a-z]{2,}ed$/;
const EXCEPT_EVENT = new Set([
  "need",
  "based",
  "used",
  "shared",
  "red",
  "bed",
  "feed",
  "seed",
  "speed",
  "embed",
  "proxied",
]);
const isEvent = (shared: Token[]) =>
  shared.some((t) => (EVENT.test(t.raw) && !EXCEPT_EVENT.has(t.raw)) || koreanPast(t.raw));

const sign = (side: Token[]) => (side.some((t) => NEGATIVE.has(t.raw)) ? -1 : 1);
export const isPolarity = (t: Token): boolean => NEGATIVE.has(t.raw) || POSITIVE.has(t.raw);

/** A conflict and the tokens of its substituted slot (both sides). */
export interface SlotConflict {
  kind: ConflictKind;
  slot: Token[];
}

/** The slot is one value in the predicate: not an identifier, not in the subject, not in a list. */
function isPredicateValue(side: Token[], h: Token[], cls: string): boolean {
  const i = side.indexOf(h[0]!);
  if (h.some((t) => isIdentifierToken(t.raw) || t.raw.endsWith("도"))) return false;
  if (ID_NOUNS.has(h[0]!.prev) || h.some((t) => ID_NOUNS.has(t.raw))) return false;
  const inPredicate = i >= 2 || h[0]!.afterCopula || side.slice(0, i).some(koSubject);
  if (!inPredicate) return false;
  // a list or a range ("Node 18/20", "월요일과 목요일에"): more than one value of the class
  return side.filter((t) => valueClass(t) === cls).length === 1;
}

function valueConflict(a: Token[], b: Token[], h: Hunk): SlotConflict | undefined {
  if (h.a.length === 0 || h.b.length === 0 || h.a.length > MAX_SLOT_TOKENS || h.b.length > MAX_SLOT_TOKENS)
    return undefined;
  if ([...h.a, ...h.b].some(isPolarity)) return undefined;
  const classesA = new Set(h.a.map(valueClass).filter((c) => c !== undefined));
  for (const t of h.b) {
    const c = valueClass(t);
    if (!c || !classesA.has(c)) continue;
    if (isPredicateValue(a, h.a, c) && isPredicateValue(b, h.b, c))
      return { kind: "value", slot: [...h.a, ...h.b] };
    return undefined;
  }
  return undefined;
}

/** `tokensConflict` with the slot's tokens (see the file comment for the rules). */
export function slotConflict(a: Token[], b: Token[]): SlotConflict | undefined {
  if (a.length === 0 || b.length === 0 || a.length > MAX_TOKENS || b.length > MAX_TOKENS) return undefined;
  const { matched, hunks } = diff(a, b);
  if (hunks.length !== 1 || matched < MIN_SUBJECT_TOKENS) return undefined;
  const h = hunks[0]!;
  const slot = [...h.a, ...h.b];
  if (slot.every(isPolarity)) return sign(h.a) !== sign(h.b) ? { kind: "polarity", slot } : undefined;
  if (isEvent(a.filter((t) => !h.a.includes(t)))) return undefined;
  return valueConflict(a, b, h);
}

/**
 * Whether two fact sentences (as tokens) contradict: `value` (one predicate slot holds different
 * values of one class), `polarity` (they differ only by always/never/not), or undefined.
 */
export function tokensConflict(a: Token[], b: Token[]): ConflictKind | undefined {
  return slotConflict(a, b)?.kind;
}

/** A pair of contradicting facts of two topics. */
export interface UnitConflict {
  a: FactUnit;
  b: FactUnit;
  kind: ConflictKind;
  /** Keys of the substituted slot's tokens (both sides). */
  slot: Set<string>;
}

const keys = new WeakMap<FactUnit, RuleKey>();
/** The rule key of a fact sentence (cached per unit). */
const keyOf = (u: FactUnit): RuleKey => {
  let k = keys.get(u);
  if (!k) {
    k = ruleKey(u.text);
    keys.set(u, k);
  }
  return k;
};

/**
 * True when two fact sentences state one rule: the same rule-key terms (at least two) with the same
 * polarity ("Always use pnpm in this repo, never npm" / "Never use npm here, always pnpm").
 */
export function sameRule(a: FactUnit, b: FactUnit): boolean {
  return sameRuleKey(keyOf(a), keyOf(b));
}

/**
 * The tokens of the swapped values when `a` and `b` are one preference reversed: the same rule-key
 * terms, one term stated by `a` and negated by `b` and another the other way round; else undefined.
 */
function reversedPreference(a: FactUnit, b: FactUnit): Token[] | undefined {
  const ka = keyOf(a);
  const kb = keyOf(b);
  if (ka.terms.size !== kb.terms.size || [...ka.terms.keys()].some((t) => !kb.terms.has(t))) return undefined;
  const flipped = ruleConflict(ka, kb);
  if (!flipped.some((t) => ka.terms.get(t) === 1) || !flipped.some((t) => ka.terms.get(t) === -1))
    return undefined;
  const swapped = new Set(flipped);
  return [...a.tokens, ...b.tokens].filter((t) => swapped.has(termKey(t.raw)));
}

/** A sentence whose subject is a pronoun ("It runs on port 3000") means something only in its file. */
const CONTEXT_SUBJECT = /^(?:it|its|they|their|this|that|these|those|he|she|there|그것|이것|그)(?:\s|$|'|’)/i;

/**
 * Every contradicting pair between the facts of two topics (`a` × `b`), in unit order, judged on the
 * sentences alone (the same-subject check is `topicConflicts`).
 */
export function unitConflicts(a: FactUnit[], b: FactUnit[]): UnitConflict[] {
  const out: UnitConflict[] = [];
  for (const ua of a) {
    if (CONTEXT_SUBJECT.test(ua.text)) continue;
    for (const ub of b) {
      if (CONTEXT_SUBJECT.test(ub.text)) continue;
      let shared = 0;
      for (const k of ub.keys) if (ua.keys.has(k)) shared++;
      if (shared < MIN_SUBJECT_TOKENS) continue;
      const c = slotConflict(ua.tokens, ub.tokens);
      if (c) out.push({ a: ua, b: ub, kind: c.kind, slot: new Set(c.slot.map((t) => t.key)) });
      else {
        const swapped = reversedPreference(ua, ub);
        if (swapped) out.push({ a: ua, b: ub, kind: "polarity", slot: new Set(swapped.map((t) => t.key)) });
      }
    }
  }
  return out;
}
