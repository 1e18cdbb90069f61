/**
 * Blocks and merge blockers of the offline dream (exact and near duplicates are merged; these keep distinct
 * facts apart). A topic is compared block by block: block 0 is its description with its first paragraph,
 * then one block per further paragraph (a merged topic keeps each folded source as a paragraph, so a second
 * dream compares the same units as the first and does not snowball). Two blocks that look alike are still
 * NOT duplicates when something distinctive differs on both sides (`blockReason`): numbers, dates,
 * identifiers, names or links (`distinct.ts`), qualifiers of one class (`qualifiers.ts`), contradicting
 * values, or, in two sentences that are the same template, a substituted word that the other block never
 * says ("auth service" / "billing service"), opposite polarity ("mock the DB" / "do not mock the DB", "tabs
 * over spaces" / "spaces over tabs") or two words that trade places.
 */
import { isStopword, normalizeForContainment } from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";
import { sameRule, unitConflicts } from "./conflict.js";
import { diff, type Hunk } from "./diff.js";
import { DISTINCT_CLASSES, type Distinct, distinctOf, onlyIn } from "./distinct.js";
import { qualifiersOf } from "./qualifiers.js";
import { type FactUnit, factTokens, factUnits, isWhyHowLine, type Token } from "./tokens.js";

type Text = Pick<TopicFile, "description" | "body">;

export interface Block {
  /** Block 0 (it holds the description). */
  head: boolean;
  /** The block's text (description first for block 0). */
  text: string;
  /** `normalizeForContainment(text)`. */
  norm: string;
  units: FactUnit[];
  /** Every token key of the block (Why/How lines included). */
  keys: Set<string>;
  /** Keys of what the block is about: the description (block 0) or its first line, and its headings. */
  subject: Set<string>;
  distinct: Distinct;
}

/**
 * Paragraphs of `body` (blank-line separated, fences kept whole); a heading-only paragraph joins the
 * next one, a Why/How-only one the previous one.
 */
function paragraphs(body: string): string[] {
  const out: string[] = [];
  let cur: string[] = [];
  let fenced = false;
  let pendingHeads: string[] = [];
  const flush = () => {
    if (cur.length === 0) return;
    const lines = cur;
    cur = [];
    if (lines.every((l) => /^\s*#/.test(l))) {
      pendingHeads.push(...lines);
      return;
    }
    if (lines.every(isWhyHowLine) && out.length > 0) {
      out[out.length - 1] = `${out[out.length - 1]}\n${lines.join("\n")}`;
      return;
    }
    out.push([...pendingHeads, ...lines].join("\n"));
    pendingHeads = [];
  };
  for (const line of body.split("\n")) {
    if (/^\s*(?:```|~~~)/.test(line)) fenced = !fenced;
    if (!fenced && line.trim() === "") flush();
    else cur.push(line);
  }
  flush();
  if (pendingHeads.length > 0) out.push(pendingHeads.join("\n"));
  return out;
}

function block(head: boolean, description: string, para: string): Block {
  const text = head ? `${description}\n${para}`.trim() : para;
  const units = factUnits({ description: head ? description : "", body: para });
  const lines = para.split("\n");
  const about = [
    head ? description : (lines.find((l) => !/^\s*#/.test(l)) ?? ""),
    ...lines.filter((l) => /^\s*#/.test(l)),
  ];
  return {
    head,
    text,
    norm: normalizeForContainment(text),
    units,
    keys: new Set(factTokens(text).map((t) => t.key)),
    subject: new Set(factTokens(about.join("\n")).map((t) => t.key)),
    // Why/How lines are explanation ("Stated by the user on 2026-03-02"), not what tells facts apart
    distinct: distinctOf(
      text
        .split("\n")
        .filter((l) => !isWhyHowLine(l))
        .join("\n"),
    ),
  };
}

const cache = new WeakMap<object, Block[]>();

/** The blocks of a topic (cached per topic object). */
export function topicBlocks(t: Text): Block[] {
  let hit = cache.get(t);
  if (!hit) {
    const paras = paragraphs(t.body);
    hit = [block(true, t.description, paras[0] ?? ""), ...paras.slice(1).map((p) => block(false, "", p))];
    cache.set(t, hit);
  }
  return hit;
}

/** Words that negate a rule (`don't` is folded to `not` by `factTokens`). */
const NEGATORS = new Set(
  "not never no avoid stop without instead rather 말고 대신 않는다 않다 안 못 금지 절대".split(" "),
);
const NEG_LIKE = new Set([...NEGATORS, "always", "항상"]);
/** Korean negated verb endings: 하지 않는다, 하지 마라/마세요, 하지 말 것/말고. */
const KO_NEGATIVE = /^(?:않|안된|안돼|마라|마세|마십|말아|말자|말것|말$)/;
/** Words that negate the rule itself ("instead", "without", "말고" only pick another object). */
const RULE_NEGATORS = new Set("not never no avoid stop 않는다 않다 안 못 금지 절대".split(" "));
const negates = (side: Token[]) =>
  side.some((t) => RULE_NEGATORS.has(t.raw) || RULE_NEGATORS.has(t.key) || KO_NEGATIVE.test(t.raw));
const negative = (side: Token[]) =>
  side.some((t) => NEGATORS.has(t.raw) || NEGATORS.has(t.key) || KO_NEGATIVE.test(t.raw));
const HANGUL = /^[\uAC00-\uD7A3]/;

/** Inflections of one word ("commit" / "committ", "실행한다" / "실행해야"). */
function variant(x: string, y: string): boolean {
  if (x === y) return true;
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  if (HANGUL.test(x) && HANGUL.test(y)) return p >= 2;
  return p >= 5 || (p >= 4 && p === Math.min(x.length, y.length));
}

const content = (t: Token) => t.key.length >= 2 && !isStopword(t.raw) && !NEG_LIKE.has(t.raw);

/**
 * Words of one side of a hunk that name what its block is about (they are in its description or
 * first line) and that the other block never says, nor an inflection of them. Verbs of a
 * paraphrase ("begins" / "starting") are not in the description, so they never count.
 */
const unsaid = (side: Token[], own: Block, other: Block) =>
  side
    .filter((t) => content(t) && own.subject.has(t.key) && ![...other.keys].some((k) => variant(t.key, k)))
    .map((t) => t.raw);

/** Polarity words and negated Korean verb endings, which a polarity hunk may hold besides verb forms. */
const polar = (t: Token) => NEG_LIKE.has(t.raw) || NEG_LIKE.has(t.key) || KO_NEGATIVE.test(t.raw);

/**
 * A hunk that flips polarity: one side negative, the other not, and nothing else but polarity words
 * and inflections of one verb ("never" / "always", "" / "do not", "한다" / "하지 않는다").
 */
function flips(h: Hunk): boolean {
  // "rather than npm" / "never npm" both steer away from one thing: no flip
  if (negates(h.a) === negates(h.b) || negative(h.a) === negative(h.b)) return false;
  const xs = h.a.filter((t) => content(t) && !polar(t));
  const ys = h.b.filter((t) => content(t) && !polar(t));
  if (xs.length === 0 && ys.length === 0) return true;
  return xs.length === 1 && ys.length === 1 && variant(xs[0]!.key, ys[0]!.key);
}

/** Why two sentences of one template are different facts, or undefined. */
function templateReason(ua: FactUnit, ub: FactUnit, a: Block, b: Block): string | undefined {
  const n = Math.max(ua.tokens.length, ub.tokens.length);
  if (n === 0) return undefined;
  // one rule in other words: "never" and "always" moved, not flipped
  if (sameRule(ua, ub)) return undefined;
  const { matched, hunks } = diff(ua.tokens, ub.tokens);
  // opposite polarity on the shared words ("Always commit X" / "Never commit X to git", "Squash …
  // feature branches" / "Do not squash … release branches", "배포한다" / "배포하지 않는다"): never one
  // fact, whatever else differs
  const shorter = Math.min(ua.tokens.length, ub.tokens.length);
  if (matched >= 2 && matched * 2 >= shorter && hunks.some(flips))
    return `opposite polarity ("${ua.text}" / "${ub.text}")`;
  if (matched < 2 || matched * 2 < n) return undefined;
  const sub = (h: Hunk) => {
    const xs = unsaid(h.a, a, b);
    const ys = unsaid(h.b, b, a);
    return xs.length > 0 && ys.length > 0 ? `"${xs.join(" ")}" vs "${ys.join(" ")}"` : undefined;
  };
  for (const h of hunks) {
    const s = sub(h);
    if (s) return s;
  }
  return undefined;
}

/**
 * Two sentences whose content words are the same but two of them trade places ("The frontend calls
 * the backend" / "The backend calls the frontend"): another fact, or undefined.
 */
function transposed(ua: FactUnit, ub: FactUnit): string | undefined {
  const a = ua.tokens;
  const b = ub.tokens;
  if (a.length !== b.length) return undefined;
  const at: number[] = [];
  for (let i = 0; i < a.length && at.length <= 2; i++) if (a[i]!.key !== b[i]!.key) at.push(i);
  if (at.length !== 2) return undefined;
  const [i, j] = at as [number, number];
  if (a[i]!.key !== b[j]!.key || a[j]!.key !== b[i]!.key || !content(a[i]!) || !content(a[j]!))
    return undefined;
  return `word order differs ("${ua.text}" / "${ub.text}")`;
}

/**
 * Why blocks `a` and `b` must not merge, or undefined (see the file comment). Symmetric up to the
 * order of the words in the reason.
 */
export function blockReason(a: Block, b: Block): string | undefined {
  for (const cls of DISTINCT_CLASSES) {
    const xs = onlyIn(a.distinct, b.distinct, cls);
    const ys = onlyIn(b.distinct, a.distinct, cls);
    if (xs.length > 0 && ys.length > 0) return `${cls}s differ (${xs.join(", ")} / ${ys.join(", ")})`;
  }
  const qa = qualifiersOf(a.keys);
  const qb = qualifiersOf(b.keys);
  for (const [cls, xs] of qa) {
    const ys = qb.get(cls);
    if (!ys) continue;
    // a qualifier of what the block is about (its description, first line or headings), unsaid in the other
    const onlyA = [...xs].filter((x) => a.subject.has(x) && !b.keys.has(x));
    const onlyB = [...ys].filter((y) => b.subject.has(y) && !a.keys.has(y));
    if (onlyA.length > 0 && onlyB.length > 0)
      return `${cls} differs (${onlyA.join(", ")} / ${onlyB.join(", ")})`;
  }
  const c = unitConflicts(a.units, b.units)[0];
  if (c) return `contradicting values ("${c.a.text}" / "${c.b.text}")`;
  for (const ua of a.units) {
    for (const ub of b.units) {
      const r = templateReason(ua, ub, a, b) ?? transposed(ua, ub);
      if (r) return r;
    }
  }
  return undefined;
}
