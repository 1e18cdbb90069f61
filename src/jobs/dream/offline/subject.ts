/**
 * The topic half of contradiction detection (two memories contradict only on the same subject): two
 * sentences that differ by one value (`conflict.ts`) contradict only when they are about the SAME
 * subject. A sentence's subject is its own words plus its file's description and the headings it
 * sits under (lead-in lines "For the reporting worker:" included), and its file name's words, without
 * the differing value. Two subjects must be EQUAL: any content word on one side
 * that the other side never says (nor an inflection or a known abbreviation of it) makes them other
 * subjects: "Payments service HTTP client" / "HTTP client", "## EU customers" / none, "정산 배치" /
 * "배치", "Alice's review preference" / "Review preference", `search-port.md` / `api-port.md`. Only
 * truly generic words ("settings", "notes", "old", "new") do not count. A value that appears in a
 * description or a heading is part of the subject, not a value that conflicts ("Upgrade notes for
 * Python 3.11" / "3.12", "week 14" / "week 15"), unless the description merely restates a
 * body fact. A subject that is a list or a matrix ("CI matrix", "both", "also", "및") holds several
 * values: never a contradiction. When unsure, it is not one: a missed contradiction leaves two files,
 * a false one deletes a true fact.
 */
import { isStopword } from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";
import { isPolarity, type UnitConflict, unitConflicts } from "./conflict.js";
import { bodyUnits, type FactUnit, factTokens, factUnits, type Token, tokenKeys } from "./tokens.js";

/** Words of a description, heading or file name that name no subject (stemmed keys are compared). */
const GENERIC = new Set(
  (
    "setting settings config configuration configurations setup info information note notes detail details " +
    "fact facts rule rules policy policies convention conventions guideline guidelines environment " +
    "environments changed change changes new newer old older updated update updates current latest memory " +
    "topic version versions misc general about copy final draft tmp temp fix fixed correction corrected " +
    "md file 설정 정보 메모 규칙 변경 현재 환경 최신 버전"
  ).split(" "),
);
/** Words saying the subject holds several values at once. */
const LIST_CUES = new Set(
  (
    "matrix matrices both also too either additionally multiple several various supported supports " +
    "compatible include includes including among plus 및 모두 각각 또한 둘다 둘 여러"
  ).split(" "),
);
/** Short forms that name the same thing (keys as `factTokens` makes them). */
const SAME = [
  ["db", "databas"],
  ["repo", "repositori"],
  ["pg", "postgr"],
  ["k8s", "kubernet"],
  ["env", "environ"],
];

/** Inflections and short forms of one word ("postgres" / "postgresql", "db" / "database"). */
function variant(x: string, y: string): boolean {
  if (x === y) return true;
  if (/\d/.test(x) || /\d/.test(y)) return false;
  for (const [s, l] of SAME) {
    const isS = (w: string) => w === s;
    const isL = (w: string) => w.startsWith(l!);
    if ((isS(x) && isL(y)) || (isS(y) && isL(x))) return true;
  }
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  const shorter = Math.min(x.length, y.length);
  if (/^[\uAC00-\uD7A3]/.test(x)) return p >= 2 && p === shorter;
  return p >= 5 || (p >= 4 && p === shorter);
}

const generic = (t: Token) =>
  isStopword(t.raw) || GENERIC.has(t.raw) || GENERIC.has(t.key) || t.key.length < 2;

/** Content keys of `text` (polarity, stopwords, generic words, the slot and 1-letter words left out). */
function contentKeys(text: string, slot: Set<string>, out: Set<string>): void {
  for (const t of factTokens(text)) if (!slot.has(t.key) && !isPolarity(t) && !generic(t)) out.add(t.key);
}

/** A file name's words (`payments-timeout.md` → "payments timeout"); "" for a log entry. */
const stemWords = (file: string | undefined) =>
  file === undefined || file.startsWith("log:")
    ? ""
    : (file.split("/").pop() ?? "").replace(/\.md$/i, "").replace(/[-_.]+/g, " ");

/** True when a body fact of `t` says everything its description says (the description restates it). */
function restated(t: Pick<TopicFile, "description" | "body">): boolean {
  const keys = tokenKeys(t.description);
  if (keys.size === 0) return true;
  return bodyUnits(t).some((u) => [...keys].every((k) => u.keys.has(k)));
}

/** The subject keys of fact `u` of topic `t` (description, headings, lead-ins, file name, sentence). */
function subjectKeys(
  t: Pick<TopicFile, "description">,
  u: FactUnit,
  file: string | undefined,
  slot: Set<string>,
) {
  const out = new Set<string>();
  contentKeys(t.description, slot, out);
  contentKeys(u.heading, slot, out);
  contentKeys(stemWords(file), slot, out);
  if (u.where !== "description") contentKeys(u.text, slot, out);
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

/** True when the value (`slot`) is part of what `u` of `t` is about: in its heading or a non-restating description. */
function valueInSubject(t: Pick<TopicFile, "description" | "body">, u: FactUnit, slot: Set<string>): boolean {
  if (factTokens(u.heading).some((x) => slot.has(x.key))) return true;
  if (restated(t)) return false;
  return u.where === "description" || factTokens(t.description).some((x) => slot.has(x.key));
}

/**
 * True when fact `ua` of topic `a` and fact `ub` of topic `b`, which differ by the `slot` keys, are
 * about the same subject (see the file comment). `files` are the topics' file names (their words are
 * part of the subject; omit for daily-log entries).
 */
export function sameSubject(
  a: Pick<TopicFile, "description" | "body">,
  ua: FactUnit,
  b: Pick<TopicFile, "description" | "body">,
  ub: FactUnit,
  slot: Set<string>,
  files: [string | undefined, string | undefined] = [undefined, undefined],
): boolean {
  if (hasListCue(a.description, ua.heading, ua.text, b.description, ub.heading, ub.text)) return false;
  if (valueInSubject(a, ua, slot) || valueInSubject(b, ub, slot)) return false;
  const ca = subjectKeys(a, ua, files[0], slot);
  const cb = subjectKeys(b, ub, files[1], slot);
  const unsaid = (xs: Set<string>, ys: Set<string>) =>
    [...xs].some((x) => ![...ys].some((y) => variant(x, y)));
  return !unsaid(ca, cb) && !unsaid(cb, ca);
}

/**
 * Every contradicting pair of facts between topics `a` and `b` (same scope and type is the
 * caller's check): `unitConflicts` on the sentences, kept only when `sameSubject` holds. `files`:
 * the topics' file names, when they are files.
 */
export function topicConflicts(
  a: Pick<TopicFile, "description" | "body">,
  b: Pick<TopicFile, "description" | "body">,
  files: [string | undefined, string | undefined] = [undefined, undefined],
): UnitConflict[] {
  return unitConflicts(factUnits(a), factUnits(b)).filter((c) => sameSubject(a, c.a, b, c.b, c.slot, files));
}
