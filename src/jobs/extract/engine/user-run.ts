/**
 * A self-introduction across sentences: the sentence that opens it and the sentences right after
 * it that are still about the person ("fluent in python and terraform, rusty on kotlin") or say
 * how to explain things to them ("skip the Go basics, but do explain the reconcile loop"). The
 * first sentence that is neither (a task, another instruction, a question) ends it.
 */
import { stripFiller } from "./cues.js";
import type { Sentence } from "./types.js";
import { type IntroSentence, introSentence, stripIntroLead } from "./user-intro.js";
import { introSentenceKo } from "./user-intro-ko.js";

/** An intro lead that is a whole sentence ("a bit about me", "some context on me:", "자기소개"). */
const BARE_LEAD =
  /^(?:(?:a (?:little |quick )?bit|some|quick|short|brief)\s+)?(?:about me|about myself|context(?: on me| about me)?|background(?: on me)?|intro(?:duction)?|who i am)\s*[:.!-]*$|^(?:간단한\s*)?(?:자기소개|제 소개|저에 대해)\s*[:.!]*$/i;

/** At most this many sentences after the first join an introduction. */
const MAX_FOLLOWING = 4;

/** An introduction: its statements about the person (third person) and its requests. */
export interface Introduction {
  /** One line per sentence, "User is …" / "User: …". */
  about: string[];
  /** Requests about explaining, in order. */
  how: string[];
  /** How many sentences after `s` it took in (`skip` included). */
  absorbs: number;
}

/**
 * The introduction that `s` opens, or `undefined` when `s` is not about the user or its signal is
 * weak (no first-person statement, no role named on its own, no intro lead). `skip`: sentences
 * after `s` another rule already took in (`absorbsNext`).
 */
export function introduction(s: Sentence, skip = 0): Introduction | undefined {
  // "a bit about me" on a line of its own: the introduction is the sentence after it
  const bare = skip === 0 && s.rest?.[0] !== undefined && BARE_LEAD.test(s.text.trim());
  const first = bare ? ledSentence(s.rest![0]!) : openingSentence(s);
  if (!first?.signal || !first.strong) return undefined;
  const about = [first.about];
  const how = [...first.how];
  let absorbs = bare ? 1 : skip;
  for (const next of (s.rest ?? []).slice(absorbs, absorbs + MAX_FOLLOWING)) {
    const n = analyze(next, { terseOk: true, first: false });
    if (!n) break;
    if (n.about) about.push(n.about);
    how.push(...n.how);
    absorbs++;
  }
  return { about, how, absorbs };
}

/**
 * True when at least half the words hold Hangul ("PyTorch만 써봤고 JAX는 처음이라" is Korean,
 * "I'm a backend dev, 주로 Go 써요" is English).
 */
function koreanFirst(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => /\p{L}/u.test(w));
  const hangul = words.filter((w) => /\p{Script=Hangul}/u.test(w)).length;
  return hangul > 0 && hangul * 2 >= words.length;
}

/** The sentence in the analysis of the language it opens in. */
function analyze(text: string, opts: { terseOk: boolean; first: boolean }): IntroSentence | undefined {
  return koreanFirst(text) ? introSentenceKo(text, opts) : introSentence(text, opts);
}

/** A sentence right after a bare intro lead, read as led by it. */
function ledSentence(text: string): IntroSentence | undefined {
  const out = analyze(text, { terseOk: true, first: true });
  return out && { ...out, strong: out.signal };
}

/**
 * The first sentence of an introduction taken apart; an intro lead ("context:", "저에 대해
 * 말씀드리면") makes any signal strong. A lead the plan cut off (`s.lead`) counts only when it is
 * an intro lead.
 */
function openingSentence(s: Sentence): IntroSentence | undefined {
  if (koreanFirst(s.text)) return introSentenceKo(s.text, { terseOk: false, first: true });
  if (s.lead !== undefined && !stripIntroLead(`${s.lead}: x`).lead) return undefined;
  const stripped = stripIntroLead(stripFiller(s.text));
  const lead = stripped.lead || s.lead !== undefined;
  const out = introSentence(stripped.text, { terseOk: lead, first: true });
  return out && lead ? { ...out, strong: out.signal } : out;
}
