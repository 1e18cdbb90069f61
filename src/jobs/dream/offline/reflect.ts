/**
 * Reflect mode (Claude Code 2.1.100 dream prompt: synthesize scattered fragments into structured
 * topic files): small topics of one scope and type whose descriptions share a subject (at least
 * two content words common to all of them) become one topic with a description covering them and
 * one `##` section per fragment. Every fact is kept (each fragment's body moves whole) and the
 * provenance of all is unioned.
 */
import { squashWhitespace, truncateCodePoints } from "../../../core/text.js";
import { factText } from "../../../store/similarity.js";
import { label } from "./contradictions.js";
import { topicsConflict } from "./duplicates.js";
import { byTargetOrder, foldInto } from "./fold.js";
import { bodyUnits, dreamWords, stripParticle } from "./tokens.js";
import type { WorkTopic } from "./types.js";

/** A fragment has at most this many body facts… */
const MAX_FRAGMENT_FACTS = 3;
/** …and a body of at most this many characters. */
const MAX_FRAGMENT_CHARS = 600;
/** Words every fragment of a group shares with the others (the subject). */
const MIN_SUBJECT_WORDS = 2;
/** A synthesized description is cut to this many code points. */
const DESCRIPTION_MAX = 240;

const subjectWords = (w: WorkTopic) =>
  dreamWords(
    factText(w.topic.description.trim() === "" ? w.topic.body.split("\n")[0]! : w.topic.description),
  );

const isFragment = (w: WorkTopic) =>
  w.status === "alive" &&
  !w.frozen &&
  w.topic.body.length <= MAX_FRAGMENT_CHARS &&
  bodyUnits(w.topic).length <= MAX_FRAGMENT_FACTS;

/** Groups fragments and folds each group into one structured topic; returns the number of groups. */
export function reflectFragments(work: WorkTopic[]): number {
  const frags = work.filter(isFragment).sort(byTargetOrder);
  const subject = new Map(frags.map((w) => [w, subjectWords(w)]));
  const grouped = new Set<WorkTopic>();
  let n = 0;
  for (const seed of frags) {
    if (grouped.has(seed)) continue;
    const group = [seed];
    let core = subject.get(seed)!;
    for (const o of frags) {
      if (o === seed || grouped.has(o) || o.scope !== seed.scope || o.topic.type !== seed.topic.type)
        continue;
      const next = new Set([...subject.get(o)!].filter((x) => core.has(x)));
      if (next.size < MIN_SUBJECT_WORDS) continue;
      if (group.some((g) => topicsConflict(g.topic, o.topic))) continue;
      group.push(o);
      core = next;
    }
    if (group.length < 2) continue;
    for (const g of group) grouped.add(g);
    synthesize(group, core);
    n++;
  }
  return n;
}

/** The subject as written in the first description: its words whose content form is in `core`. */
function subjectPhrase(description: string, core: Set<string>): string {
  const words = description.split(/\s+/).filter((w) => {
    const keys = [...dreamWords(w)];
    return keys.length > 0 && keys.every((k) => core.has(stripParticle(k)));
  });
  const phrase = words.join(" ").replace(/[,.;:!?]+$/, "");
  return phrase === "" ? [...core].sort().join(" ") : phrase.charAt(0).toUpperCase() + phrase.slice(1);
}

function synthesize(group: WorkTopic[], core: Set<string>): void {
  const [target, ...rest] = group;
  const subject = subjectPhrase(target!.topic.description, core);
  const heads = group.map(
    (g) => squashWhitespace(g.topic.description) || squashWhitespace(g.topic.body.split("\n")[0]!),
  );
  const sections = group.map((g, i) => `## ${heads[i]}\n\n${g.topic.body.replace(/^\s*\n/, "").trimEnd()}`);
  const body = sections.join("\n\n");
  const reason = `reflect: ${group.length} fragments about "${subject}" (${group.map(label).join(", ")})`;
  for (const o of rest) foldInto(target!, o, "reflect", reason, body);
  const description = truncateCodePoints(`${subject}: ${heads.join("; ")}`, DESCRIPTION_MAX);
  target!.topic = { ...target!.topic, description, body };
}
