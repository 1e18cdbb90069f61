/**
 * The topic half of contradiction detection (issue 5 point 3 "contradict on the same subject"): two
 * sentences that differ by one value (`conflict.ts`) contradict only when they are about the SAME
 * subject. A sentence's subject is its own words plus its file's description and the headings it
 * sits under, without the differing value. Two subjects are the same when neither side has a
 * qualifier the other lacks: "Payments API client settings" / "Search API client settings", "# Staging"
 * / "# Production", "Go code style" / "Python code style", "모바일 앱 배포" / "웹 배포" are other
 * subjects. Generic words ("settings", "changed", "environment") do not count; a known qualifier
 * (staging, mobile, Python, unit…) or a number on one side only does. A subject that is a list or a
 * matrix ("CI matrix", "both", "also", "및") holds several values: never a contradiction. When unsure,
 * it is not one: a missed contradiction leaves two files, a false one deletes a true fact.
 */
import { isStopword } from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";
import { isPolarity, type UnitConflict, unitConflicts } from "./conflict.js";
import { isQualifier } from "./qualifiers.js";
import { type FactUnit, factTokens, factUnits } from "./tokens.js";

/** Words of a description or heading that name no subject (stemmed keys are compared). */
const GENERIC = new Set(
  (
    "setting settings config configuration configurations setup info information note notes detail details " +
    "fact facts rule rules policy policies convention conventions guideline guidelines environment " +
    "environments changed change changes new updated update updates current latest memory topic " +
    "설정 정보 메모 규칙 변경 현재 환경"
  ).split(" "),
);
/** Words saying the subject holds several values at once. */
const LIST_CUES = new Set(
  (
    "matrix matrices both also too either additionally multiple several various supported supports " +
    "compatible include includes including among plus 및 모두 각각 또한 둘다 둘 여러"
  ).split(" "),
);

function contextKeys(description: string, u: FactUnit, slot: Set<string>): Set<string> {
  const out = new Set<string>();
  const add = (text: string) => {
    for (const t of factTokens(text)) {
      if (slot.has(t.key) || isPolarity(t) || isStopword(t.raw) || GENERIC.has(t.raw) || GENERIC.has(t.key))
        continue;
      out.add(t.key);
    }
  };
  add(description);
  add(u.heading);
  if (u.where !== "description") add(u.text);
  return out;
}

const hasListCue = (...texts: string[]) =>
  texts.some((t) =>
    t
      .normalize("NFKC")
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((w) => LIST_CUES.has(w)),
  );

/**
 * True when fact `ua` of topic `a` and fact `ub` of topic `b`, which differ by the `slot` keys, are
 * about the same subject (see the file comment).
 */
export function sameSubject(
  a: Pick<TopicFile, "description">,
  ua: FactUnit,
  b: Pick<TopicFile, "description">,
  ub: FactUnit,
  slot: Set<string>,
): boolean {
  if (hasListCue(a.description, ua.heading, ua.text, b.description, ub.heading, ub.text)) return false;
  const ca = contextKeys(a.description, ua, slot);
  const cb = contextKeys(b.description, ub, slot);
  const onlyA = [...ca].filter((k) => !cb.has(k));
  const onlyB = [...cb].filter((k) => !ca.has(k));
  if (onlyA.length > 0 && onlyB.length > 0) return false;
  return ![...onlyA, ...onlyB].some((k) => isQualifier(k) || /\d/.test(k));
}

/**
 * Every contradicting pair of facts between topics `a` and `b` (same scope and type is the
 * caller's check): `unitConflicts` on the sentences, kept only when `sameSubject` holds.
 */
export function topicConflicts(
  a: Pick<TopicFile, "description" | "body">,
  b: Pick<TopicFile, "description" | "body">,
): UnitConflict[] {
  return unitConflicts(factUnits(a), factUnits(b)).filter((c) => sameSubject(a, c.a, b, c.b, c.slot));
}
