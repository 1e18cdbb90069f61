/**
 * Contradiction detection between two facts (issue 5 point 3: "when two memories contradict on the
 * same subject, keep the newer"). Deliberately narrow, because a false contradiction deletes a real
 * fact: the two sentences must be the same token for token except ONE substituted slot, and that
 * slot must hold a value of the same class on both sides (a number or version, a weekday, a month,
 * enabled/disabled), or differ only by polarity (always ↔ never, X ↔ not X). "The staging database
 * runs PostgreSQL 14" / "… PostgreSQL 16" and "배포는 금요일에 한다" / "배포는 목요일에 한다"
 * contradict; "Use pnpm" / "Use pnpm workspaces" (an addition), "The backend uses Postgres" /
 * "… uses Redis" (no value class) and events (a date, or a shared past-tense verb: "Deployed v1.2" /
 * "Deployed v1.3", "…로 옮겼다") never do.
 */
import type { FactUnit, Token } from "./tokens.js";

export type ConflictKind = "value" | "polarity";

/** Matched (equal) tokens the two sentences need besides the substituted slot: the shared subject. */
const MIN_SUBJECT_TOKENS = 2;
/** At most this many tokens on each side of the substituted slot. */
const MAX_SLOT_TOKENS = 2;
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

interface Hunk {
  a: Token[];
  b: Token[];
}

/** Longest-common-subsequence diff of two token sequences: the matched count and the hunks. */
function diff(a: Token[], b: Token[]): { matched: number; hunks: Hunk[] } {
  const n = a.length;
  const m = b.length;
  const dp: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      dp[i]![j] = a[i]!.key === b[j]!.key ? dp[i + 1]![j + 1]! + 1 : Math.max(dp[i + 1]![j]!, dp[i]![j + 1]!);
    }
  }
  const hunks: Hunk[] = [];
  let cur: Hunk | undefined;
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i]!.key === b[j]!.key) {
      cur = undefined;
      i++;
      j++;
      continue;
    }
    if (!cur) {
      cur = { a: [], b: [] };
      hunks.push(cur);
    }
    if (j >= m || (i < n && dp[i + 1]![j]! >= dp[i]![j + 1]!)) cur.a.push(a[i++]!);
    else cur.b.push(b[j++]!);
  }
  return { matched: dp[0]![0]!, hunks };
}

/** A shared word in the past tense makes the sentences events ("Deployed v1.2", "배포했다"), which never conflict. */
const EVENT = /^[a-z]{2,}ed$/;
/** Korean past tense: the syllable before the final 다 ends in ㅆ (했다, 옮겼다, 늘렸다). */
function koreanPast(raw: string): boolean {
  if (!raw.endsWith("다") || raw.length < 2) return false;
  const c = raw.charCodeAt(raw.length - 2) - 0xac00;
  return c >= 0 && c < 11_172 && c % 28 === 20;
}
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
const isPolarity = (t: Token) => NEGATIVE.has(t.raw) || POSITIVE.has(t.raw);

/**
 * Whether two fact sentences (as tokens) contradict: `value` (one slot holds different values of
 * one class), `polarity` (they differ only by always/never/not), or undefined.
 */
export function tokensConflict(a: Token[], b: Token[]): ConflictKind | undefined {
  if (a.length === 0 || b.length === 0 || a.length > MAX_TOKENS || b.length > MAX_TOKENS) return undefined;
  const { matched, hunks } = diff(a, b);
  if (hunks.length !== 1 || matched < MIN_SUBJECT_TOKENS) return undefined;
  const h = hunks[0]!;
  if ([...h.a, ...h.b].every(isPolarity)) return sign(h.a) !== sign(h.b) ? "polarity" : undefined;
  if (isEvent(a.filter((t) => !h.a.includes(t)))) return undefined;
  if (h.a.length === 0 || h.b.length === 0 || h.a.length > MAX_SLOT_TOKENS || h.b.length > MAX_SLOT_TOKENS)
    return undefined;
  if ([...h.a, ...h.b].some(isPolarity)) return undefined;
  const classesA = new Set(h.a.map(valueClass).filter((c) => c !== undefined));
  for (const t of h.b) {
    const c = valueClass(t);
    if (c && classesA.has(c)) return "value";
  }
  return undefined;
}

/** A pair of contradicting facts of two topics. */
export interface UnitConflict {
  a: FactUnit;
  b: FactUnit;
  kind: ConflictKind;
}

/** A sentence whose subject is a pronoun ("It runs on port 3000") means something only in its file. */
const CONTEXT_SUBJECT = /^(?:it|its|they|their|this|that|these|those|he|she|there|그것|이것|그)(?:\s|$|'|’)/i;

/** Every contradicting pair between the facts of two topics (`a` × `b`), in unit order. */
export function unitConflicts(a: FactUnit[], b: FactUnit[]): UnitConflict[] {
  const out: UnitConflict[] = [];
  for (const ua of a) {
    if (CONTEXT_SUBJECT.test(ua.text)) continue;
    for (const ub of b) {
      if (CONTEXT_SUBJECT.test(ub.text)) continue;
      let shared = 0;
      for (const k of ub.keys) if (ua.keys.has(k)) shared++;
      if (shared < MIN_SUBJECT_TOKENS) continue;
      const kind = tokensConflict(ua.tokens, ub.tokens);
      if (kind) out.push({ a: ua, b: ub, kind });
    }
  }
  return out;
}
