/**
 * A self-introduction across sentences: the sentence that opens it and the sentences right after
 * it that are still about the person ("fluent in python and terraform, rusty on kotlin") or say
 * how to explain things to them ("skip the Go basics, but do explain the reconcile loop"). The
 * first sentence that is neither (a task, another instruction, a question) ends it.
 */
import { stripFiller } from "./cues.js";
import type { Sentence } from "./types.js";
import { introSentence, stripIntroLead } from "./user-intro.js";

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
  // the plan cut a lead-in off (`s.lead`): only an intro lead ("context:", "about me:") keeps it one
  if (s.lead !== undefined && !stripIntroLead(`${s.lead}: x`).lead) return undefined;
  const stripped = stripIntroLead(stripFiller(s.text));
  const text = stripped.text;
  const lead = stripped.lead || s.lead !== undefined;
  const first = introSentence(text, { terseOk: lead, first: true });
  if (!first?.signal || !(first.strong || lead)) return undefined;
  const about = [first.about];
  const how = [...first.how];
  let absorbs = skip;
  for (const next of (s.rest ?? []).slice(skip, skip + MAX_FOLLOWING)) {
    const n = introSentence(next, { terseOk: true, first: false });
    if (!n) break;
    if (n.about) about.push(n.about);
    how.push(...n.how);
    absorbs++;
  }
  return { about, how, absorbs };
}
