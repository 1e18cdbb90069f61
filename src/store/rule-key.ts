/**
 * Rule keys: what a rule or preference is about, normalised so restatements meet and near misses
 * stay apart. A text becomes its content terms (English stemmed, Korean particles and verb endings
 * stripped, short forms folded, filler such as "repo"/"here" dropped), each with a polarity: -1 for
 * the term a negator governs ("never npm", "not npm", "instead of npm", "tabs over spaces" → spaces,
 * "npm 말고", "npm 대신", "npm 쓰지 마세요"), +1 otherwise. "Always use pnpm, never npm" and "Never use
 * npm here, always pnpm" have one key; "Always squash commits" and "Never squash commits" have the
 * same terms with opposite polarity: a conflict, never one memory.
 */
import { finalConsonant, gluedParticle, KO_PARTICLES } from "../core/korean.js";
import { QUALIFIER_CLASSES } from "./qualifier-words.js";
import { STOPWORDS, stem } from "./words.js";

/** Polarity of a term: +1 stated, -1 negated. */
export type Polarity = 1 | -1;

/** Terms of a rule with their polarity (a term both stated and negated in one text counts as stated). */
export interface RuleKey {
  terms: Map<string, Polarity>;
  /** Terms a polarity marker governs directly (the objects of always/never/only/instead of/말고…). */
  governed: Set<string>;
}

/** Words that say where or how generally a rule applies, or that any rule may use: no content. */
const FILLER = new Set(
  (
    "repo repository here project codebase code base run running ran execute always never ever only " +
    "everything anything thing things stuff whenever one ok okay really actually now anymore longer switched " +
    "switch moved go going stick sticking time times 항상 절대 늘 무조건 반드시 꼭 언제나 여기 여기서 " +
    "이 저장소 레포 프로젝트 코드 이제 이제부터 앞으로 때 할 것 거 해 돼 돼요 되 써 쓰 써요 쓰세요 사용 " +
    "저 저는 제가 나 나는 내가 선호 작성 주세요 줘 줘요"
  ).split(" "),
);
/** Markers that negate the next content term. */
const NEGATE_NEXT = new Set("never not no avoid stop without don't dont doesn't doesnt nothing".split(" "));
/** Markers that state the next content term (they govern it, with polarity +1). */
const STATE_NEXT = new Set("always only use prefer prefers 항상 오직 무조건 반드시".split(" "));
/** Korean markers that negate the term before them ("npm 말고", "npm 대신", "npm 금지"). */
const KO_NEGATE_PREV = /^(?:말고|대신|대신에|금지|빼고|제외|안|못)$/;
/** A Korean negated verb (쓰지, 하지, 돌리지 before 마/말/않): it and the term before it are negated. */
const KO_NEG_VERB = /지$/;
const KO_NEG_AUX =
  /^(?:마|마세요|마요|말고|말아|말아요|말자|말것|마라|마십시오|않|않아|않아요|않는다|않기|않게|않도록)/;
const KO_ENDINGS = [
  "하세요",
  "해주세요",
  "해줘요",
  "해줘",
  "해주라",
  "합니다",
  "해야",
  "해요",
  "하고",
  "하지",
  "한다",
  "하는",
  "할",
  "해",
  "하기",
  "함",
  "하면",
  "되어야",
  "돼야",
  "되는",
  "된다",
];
const HANGUL = /^[\uAC00-\uD7A3]+$/;
/** `X보다` ("rather than X"): X is the value not chosen. */
const KO_THAN = /^([\p{L}\d][\p{L}\d.+#-]*?)보다$/u;
/** Short forms that name the same thing (stemmed keys). */
const SAME = new Map([
  ["db", "databas"],
  ["database", "databas"],
  ["데이터베이스", "databas"],
  ["디비", "databas"],
  ["repositori", "repo"],
  ["pg", "postgr"],
  ["postgresql", "postgr"],
  ["k8s", "kubernet"],
  ["env", "environ"],
  ["테스트", "test"],
]);

/** A Hangul word without its particle or 하다-verb ending (`배포는` → `배포`, `사용하세요` → `사용`). */
export function koreanStem(word: string): string {
  if (!HANGUL.test(word)) return word;
  for (const e of KO_ENDINGS) if (word.endsWith(e) && word.length > e.length) return word.slice(0, -e.length);
  for (const p of KO_PARTICLES) {
    const rest = word.length - p.length;
    if (word.endsWith(p) && (rest >= (p.length === 1 ? 2 : 1) || (rest === 1 && agrees(word[0]!, p))))
      return word.slice(0, rest);
  }
  return word;
}

/** Particles whose form follows the syllable before: [after a final consonant, after a vowel]. */
const AGREEING: Record<string, boolean> = {
  을: true,
  은: true,
  이: true,
  과: true,
  를: false,
  는: false,
  가: false,
  와: false,
};
/**
 * True when one-syllable `stem` takes particle `p` in the form `p` has (`탭을`, `차를`): then `p` is
 * a particle, not the end of a two-syllable word (`사이`, `회의`).
 */
function agrees(stem: string, p: string): boolean {
  const final = AGREEING[p];
  if (final === undefined) return false;
  return finalConsonant(stem) > 0 === final;
}

/** The key of one word (lower case): stemmed or particle-stripped (`pnpm으로` → `pnpm`), short forms folded. */
export function termKey(word: string): string {
  const glued = gluedParticle(word);
  if (glued) return termKey(glued[0]);
  const w = HANGUL.test(word) ? koreanStem(word) : stem(word.replace(/'s$/, ""));
  return SAME.get(w) ?? SAME.get(word) ?? w;
}

let qualifierClassOf: Map<string, string> | undefined;
/** The qualifier class of a term key, or undefined (built on first use: `similarity.ts` imports this file). */
function qualifierClass(key: string): string | undefined {
  if (!qualifierClassOf) {
    qualifierClassOf = new Map();
    for (const [cls, words] of Object.entries(QUALIFIER_CLASSES))
      for (const w of words.split(" ")) qualifierClassOf.set(termKey(w), cls);
  }
  return qualifierClassOf.get(key);
}

/** One-letter keys say nothing, except digits and a one-syllable qualifier (`탭`). */
const isContent = (raw: string, key: string) =>
  (key.length >= 2 || /\d/.test(key) || (HANGUL.test(key) && qualifierClass(key) !== undefined)) &&
  !STOPWORDS.has(raw) &&
  !FILLER.has(raw) &&
  !FILLER.has(key);

/**
 * The rule key of `text` (see the file comment). Clause boundaries (`,` `;` `.` `:` `!` `?`, "but")
 * end a pending negation.
 */
export function ruleKey(text: string): RuleKey {
  const terms = new Map<string, Polarity>();
  const governed = new Set<string>();
  const norm = text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\b(?:do|does|did) not\b/g, "don't")
    .replace(/\binstead of\b|\brather than\b|\bover\b/g, " not ")
    // "force-pushing to main is not allowed" says "never force-push to main"
    .replace(/^(.+?)\s+(?:is|are)\s+(?:not allowed|not permitted|forbidden|prohibited|banned)\b/, "never $1");
  let pending: Polarity | undefined;
  const words: { raw: string; key: string; content: boolean }[] = [];
  // a later statement of a negated term states it ("목 DB 말고 실제 DB로"); a Korean negator after a term negates it
  const put = (key: string, p: Polarity, gov: boolean, after = false) => {
    if (p === 1 || after || !terms.has(key)) terms.set(key, p);
    if (gov) governed.add(key);
  };
  for (const m of norm.matchAll(/[\p{L}\p{N}']+|[,;.:!?]/gu)) {
    const raw = m[0].replace(/^'+|'+$/g, "");
    if (raw === "") continue;
    if (/^[,;.:!?]$/.test(raw) || raw === "but") {
      pending = undefined;
      continue;
    }
    if (NEGATE_NEXT.has(raw)) {
      pending = -1;
      continue;
    }
    if (STATE_NEXT.has(raw)) {
      pending ??= 1;
      continue;
    }
    const than = KO_THAN.exec(raw);
    if (than) {
      put(termKey(than[1]!), -1, true, true);
      pending = 1;
      continue;
    }
    if (HANGUL.test(raw) && (KO_NEGATE_PREV.test(raw) || KO_NEG_AUX.test(raw))) {
      // the last content term (and a negated verb before the auxiliary, `쓰지 마세요`) is negated
      const prev = [...words].reverse().find((w) => w.content);
      if (prev) put(prev.key, -1, true, true);
      // "npm 말고 pnpm", "npm 대신 pnpm": what follows is the stated choice
      pending = /^(?:말고|대신|대신에|빼고)$/.test(raw) ? 1 : undefined;
      continue;
    }
    const key = termKey(raw);
    const content = isContent(raw, key) && !(HANGUL.test(raw) && KO_NEG_VERB.test(raw) && raw.length <= 3);
    words.push({ raw, key, content });
    if (!content) continue;
    put(key, pending ?? 1, pending !== undefined);
    pending = undefined;
  }
  return { terms, governed };
}

/** True when two keys state one rule: the same terms (at least two), each with the same polarity. */
export function sameRuleKey(a: RuleKey, b: RuleKey): boolean {
  if (a.terms.size < 2 || a.terms.size !== b.terms.size) return false;
  for (const [t, p] of a.terms) if (b.terms.get(t) !== p) return false;
  return true;
}

/** Terms that one key states and the other negates, sorted. */
export function ruleConflict(a: RuleKey, b: RuleKey): string[] {
  const out: string[] = [];
  for (const [t, p] of a.terms) if (b.terms.has(t) && b.terms.get(t) !== p) out.push(t);
  return out.sort();
}

/**
 * Why two rule keys are different rules although they share terms, or undefined: a term stated by
 * one and negated by the other, each side governing a term the other never says ("always pnpm" /
 * "always yarn"), or each side holding a qualifier of one class the other lacks (staging / prod).
 */
export function ruleApart(a: RuleKey, b: RuleKey): string | undefined {
  const c = ruleConflict(a, b);
  if (c.length > 0) return `opposite polarity on ${c.join(", ")}`;
  const onlyGov = (x: RuleKey, y: RuleKey) => [...x.governed].filter((t) => !y.terms.has(t));
  const ga = onlyGov(a, b);
  const gb = onlyGov(b, a);
  if (ga.length > 0 && gb.length > 0) return `different objects (${ga.join(", ")} / ${gb.join(", ")})`;
  const qual = (x: RuleKey, y: RuleKey) => {
    const out = new Map<string, string>();
    for (const t of x.terms.keys()) {
      const cls = qualifierClass(t);
      if (cls && !y.terms.has(t)) out.set(cls, t);
    }
    return out;
  };
  const qa = qual(a, b);
  const qb = qual(b, a);
  for (const [cls, t] of qa) if (qb.has(cls)) return `${cls} differs (${t} / ${qb.get(cls)})`;
  return undefined;
}

/** |A∩B| / min(|A|,|B|) over the terms (polarity left out), 0 when either is empty. */
export function ruleOverlap(a: RuleKey, b: RuleKey): number {
  const n = Math.min(a.terms.size, b.terms.size);
  if (n === 0) return 0;
  let i = 0;
  for (const t of a.terms.keys()) if (b.terms.has(t)) i++;
  return i / Math.max(n, 2);
}

/**
 * True when `fact` says nothing that `known` does not: not told apart (`ruleApart`), and every one
 * of its terms found in `known`. A restatement adds no block to a topic file; a new detail does.
 */
export function restates(fact: string, known: string): boolean {
  const f = ruleKey(fact);
  const k = ruleKey(known);
  if (f.terms.size === 0 || ruleApart(f, k) !== undefined) return false;
  return [...f.terms.keys()].every((t) => k.terms.has(t));
}

/**
 * How alike two rules are (0..1): `ruleOverlap` of their keys, 0 when `ruleApart` tells them apart.
 */
export function ruleScore(a: string, b: string): number {
  const ka = ruleKey(a);
  const kb = ruleKey(b);
  return ruleApart(ka, kb) === undefined ? ruleOverlap(ka, kb) : 0;
}
