/**
 * Distinctive tokens of a text (offline dream merge blockers, `blockers.ts`): what tells two
 * otherwise alike facts apart and what the store's similarity ignores: numbers and versions, dates,
 * weekdays (English and Korean), identifiers (`q1`, `#45`, `abc123`), names (capitalized inside a sentence, ALL CAPS, Latin words in
 * Korean text) and links. "Service q1 …" / "Service q2 …", "team Alpha" / "team Beta", "PostgreSQL
 * 14" / "16" differ in one of these; paraphrases of one fact share them.
 */
import { stemWord } from "../../../store/similarity.js";
import { isIdentifierToken } from "./conflict.js";
import { stripParticle } from "./tokens.js";

export type DistinctClass = "number" | "date" | "day" | "id" | "name" | "link";

export interface Distinct {
  /** Distinctive tokens by class (lower case; names stemmed; links without scheme). */
  classes: Map<DistinctClass, Set<string>>;
  /** Every word of the text (links split into words too), as keys, for "not said at all" tests. */
  words: Set<string>;
}

const LINK = /\bhttps?:\/\/[^\s)<>\]"'`]+|\b[\w-]+(?:\.[\w-]+)+\/[^\s)<>\]"'`]*/giu;
const DATE = /\b\d{4}-\d{2}(?:-\d{2})?\b/g;
const WORD = /#?[\p{L}\p{N}]+(?:[.'][\p{L}\p{N}]+)*/gu;
const HANGUL = /[\uAC00-\uD7A3]/;
const LEAD = /^\s*(?:(?:[-*+>]|\d+[.)]|#{1,6})\s+)*/;

const wordKey = (w: string) =>
  /\d/.test(w) ? w : /^[\uAC00-\uD7A3]+$/.test(w) ? stripParticle(w) : stemWord(w.replace(/'s$/, ""));

const normLink = (l: string) =>
  l
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^www\./, "")
    .replace(/[.,;:!?)]+$/, "")
    .replace(/\/+$/, "");

const WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split(" ");
const KO_DAY = /^([월화수목금토일])요일/;
const KO_DAYS = "월화수목금토일";

/**
 * A weekday named by `word` as its English word key ("Tuesday", "화요일에" → the key of "tuesday"), so
 * "매주 화요일" / "매주 금요일" differ as "Tuesday" / "Friday" do.
 */
function dayOf(word: string): string | undefined {
  const ko = KO_DAY.exec(word);
  const en = ko ? WEEKDAYS[KO_DAYS.indexOf(ko[1]!)] : WEEKDAYS.find((d) => d === word.toLowerCase());
  return en === undefined ? undefined : wordKey(en);
}

/** The distinctive tokens and the word keys of `text` (see the file comment). */
export function distinctOf(text: string): Distinct {
  const classes = new Map<DistinctClass, Set<string>>();
  const add = (c: DistinctClass, v: string) => {
    const s = classes.get(c) ?? new Set<string>();
    s.add(v);
    classes.set(c, s);
  };
  const norm = text.normalize("NFKC");
  const words = new Set<string>();
  for (const m of norm.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    words.add(wordKey(m[0]));
    const day = dayOf(m[0]);
    if (day !== undefined) words.add(day);
  }
  for (const raw of norm.split("\n")) {
    let line = raw.replace(LINK, (l) => {
      add("link", normLink(l));
      return " ";
    });
    line = line.replace(DATE, (d) => {
      add("date", d);
      return " ";
    });
    line = line.replace(LEAD, "").replace(/\*\*/g, "");
    const korean = HANGUL.test(line);
    let start = true;
    let last = 0;
    for (const m of line.matchAll(WORD)) {
      const gap = line.slice(last, m.index);
      last = m.index + m[0].length;
      if (/[.!?;:]/.test(gap)) start = true;
      const w = m[0];
      const day = dayOf(w);
      if (day !== undefined) add("day", day);
      if (/\d/.test(w)) {
        const lw = w.toLowerCase();
        add(isIdentifierToken(lw) ? "id" : "number", lw);
      } else {
        const latin = /^[A-Za-z][A-Za-z0-9]*/.exec(w)?.[0] ?? "";
        const caps = latin.length >= 2 && /^[A-Z][A-Z0-9]+s?$/.test(latin);
        const named = (!start && /^[A-Z]/.test(latin)) || (korean && latin.length >= 2);
        if (latin.length >= 2 && (caps || named) && latin !== "I") add("name", wordKey(latin.toLowerCase()));
      }
      start = false;
    }
  }
  return { classes, words };
}

/**
 * Tokens of class `cls` that `a` has and `b` does not say at all (neither as that class nor as a
 * word), sorted.
 */
export function onlyIn(a: Distinct, b: Distinct, cls: DistinctClass): string[] {
  const theirs = b.classes.get(cls);
  return [...(a.classes.get(cls) ?? [])].filter((x) => !theirs?.has(x) && !b.words.has(x)).sort();
}

export const DISTINCT_CLASSES: readonly DistinctClass[] = ["number", "date", "day", "id", "name", "link"];
