/**
 * Corrections by their form: a change verb (switched, moved, changed, replaced, migrated, 바꿨어요,
 * 전환, 변경), or a word that says the earlier state ended (now, actually, anymore, no longer,
 * 이제부터, 더 이상). What stopped is read from the shape around it: "from X to Y", "replaced X with
 * Y", "Y instead of / over / rather than X", "not X", "no longer X", "X anymore", "X 말고", "X 대신",
 * "X에서 Y로", "X를 Y로 바꿨" (X a choice). A correction that names only what it chose ("we switched
 * to pnpm") replaces a stored choice of the same class (`alternatives.ts`). Pure.
 */
import { CHOICE_CLASSES, classLookup, SUBJECT_QUALIFIERS } from "./alternatives.js";
import {
  CHANGE_VERB_KO,
  isChangeVerb,
  isCorrectionForm,
  lowerText as lower,
  WORD,
} from "./correction-form.js";
import { type RuleKey, ruleKey, termKey } from "./rule-key.js";

const choiceClass = classLookup(CHOICE_CLASSES, termKey);
/** Words that name a choice class itself ("test runner", "테스트 러너"): no subject of their own. */
const CLASS_NAME_WORDS = new Set(
  (
    "package manager runner framework formatter linter bundler indentation indent broker database db " +
    "orm editor 패키지 매니저 러너 프레임워크 포매터 린터 번들러 들여쓰기 브로커 데이터베이스 에디터"
  )
    .split(" ")
    .map(termKey),
);
const subjectClass = classLookup(SUBJECT_QUALIFIERS, termKey);

/** A correction: its rule key (what stopped negated) without the change verbs. */
export interface Correction {
  key: RuleKey;
  /** Terms it says stopped (polarity -1). */
  from: Set<string>;
}

/** `text` with what stopped put in the shape the rule key negates ("not X", "X 말고"). */
function negateWhatStopped(text: string): string {
  return (
    lower(text)
      // aspect words say that it changed, not what about ("더 이상 탭 안 써요")
      .replace(/더 이상|더는|이제부터|이제|앞으로는|다시/g, " ")
      // "from X to Y", "replaced X with/by Y"
      .replace(/\bfrom\b(?=[^,;.:!?]*\bto\b)/g, " not ")
      .replace(/\breplac(?:e|ed|es|ing)\b(?=[^,;.:!?]*\b(?:with|by)\b)/g, " not ")
      // "X에서 Y로 …", "X를 Y로 바꿨어요" (X a choice: "들여쓰기를 스페이스로" keeps 들여쓰기)
      .replace(
        /([\p{L}\p{N}]+?)(에서|을|를)(?=\s+[\p{L}\p{N}]+(?:으로|로)(?:\s|[,.!?]|$))/gu,
        (all, x: string, p: string) => (p === "에서" || choiceClass(termKey(x)) ? `${x} 말고` : all),
      )
  );
}

/**
 * The correction `text` states, or undefined when it has no correction form (`known`: it is a
 * correction whatever its words, the extraction saw the form in what the user said).
 */
/**
 * The rule key of a stored text, read as a correction when it has that form ("We switched from Jest
 * to Vitest": Jest stopped, -1), else its plain `ruleKey`.
 */
export const storedKey = (text: string): RuleKey => parseCorrection(text)?.key ?? ruleKey(text);

export function parseCorrection(text: string, known = false): Correction | undefined {
  if (!known && !isCorrectionForm(text)) return undefined;
  const key = ruleKey(negateWhatStopped(text));
  const changeKeys = new Set(
    [...lower(text).matchAll(WORD)].filter((m) => isChangeVerb(m[0])).map((m) => termKey(m[0])),
  );
  for (const t of [...key.terms.keys()]) if (changeKeys.has(t) || CHANGE_VERB_KO.test(t)) key.terms.delete(t);
  const from = new Set([...key.terms].filter(([, p]) => p === -1).map(([t]) => t));
  return { key, from };
}

/**
 * What a correction replaces in a stored rule: old term → new term (undefined when it names none),
 * or undefined when it replaces nothing there. The old terms are the ones the rule states and the
 * correction says stopped, or, when it says no such thing, the rule's choices of a class the
 * correction names a new choice of. Never when the correction narrows the rule (adds a subject
 * qualifier, or more than one other term), nor when it names no new choice for a rule that says
 * more than the old choice.
 */
export function correctionMatch(c: Correction, rule: RuleKey): Map<string, string | undefined> | undefined {
  const ck = c.key.terms;
  const stated = [...rule.terms].filter(([, p]) => p === 1).map(([t]) => t);
  const fresh = [...ck].filter(([t, p]) => p === 1 && rule.terms.get(t) !== 1).map(([t]) => t);
  const classOf = (t: string) => choiceClass(t);
  const explicit = stated.filter((v) => ck.get(v) === -1);
  const old =
    explicit.length > 0
      ? explicit
      : c.from.size > 0
        ? []
        : stated.filter((v) => !ck.has(v) && classOf(v) && fresh.some((t) => classOf(t) === classOf(v)));
  if (old.length === 0) return undefined;
  const pairs = new Map<string, string | undefined>();
  const used = new Set<string>();
  for (const v of old) {
    const cls = classOf(v);
    let t = fresh.find((f) => !used.has(f) && cls !== undefined && classOf(f) === cls);
    if (t === undefined && old.length === 1 && fresh.length === 1 && !subjectClass(fresh[0]!)) t = fresh[0];
    if (t !== undefined) used.add(t);
    pairs.set(v, t);
  }
  const extra = [...ck.keys()].filter(
    (t) => !rule.terms.has(t) && !used.has(t) && !c.from.has(t) && !CLASS_NAME_WORDS.has(t),
  );
  if (extra.length > 1 || extra.some((t) => subjectClass(t))) return undefined;
  const oldClasses = new Set(old.map(classOf).filter((x) => x !== undefined));
  const rest = [...rule.terms.keys()].filter(
    (t) => !pairs.has(t) && !ck.has(t) && !oldClasses.has(classOf(t) ?? ""),
  );
  if (rest.length > 0 && [...pairs.values()].some((t) => t === undefined)) return undefined;
  return pairs;
}

/** True when a term is a subject qualifier (staging, Go, unit, …). */
export const isSubjectQualifier = (term: string): boolean => subjectClass(term) !== undefined;

/** True when a term names one choice among interchangeable ones (`alternatives.ts`). */
export const isChoice = (term: string): boolean => choiceClass(term) !== undefined;
