/**
 * Corrections within one extraction batch: a memory the user corrected later in the same
 * transcript ("I prefer tabs" … "actually no — spaces now") is rewritten the way the store rewrites
 * a stored one (`planSupersede`: the old words with the choice swapped) and the correction's own
 * memory goes; a correction memory that only repeats the choice another memory of the batch
 * states ("we switched to ruff format, black isn't in the deps anymore" next to "use ruff format
 * from now on") folds into that memory. Pure.
 */

import { isChoice } from "../../../store/correction.js";
import { isCorrectionForm } from "../../../store/correction-form.js";
import { ruleConflict, ruleKey } from "../../../store/rule-key.js";
import { planSupersede } from "../../../store/supersede.js";
import type { TopicFile } from "../../../store/types.js";
import { memoryName } from "./name.js";
import type { PlannedMemory } from "./types.js";

/** True when the sentence a memory came from has the form of a correction. */
export const saidAsCorrection = (sentence: string): boolean => isCorrectionForm(sentence);

/** A planned memory seen as a topic file (no path on disk: only its texts are read). */
const asTopic = (m: PlannedMemory, i: number): TopicFile => ({
  name: m.name ?? `m${i}`,
  description: m.description,
  type: m.type,
  body: m.body,
  metadata: {},
  extra: {},
  form: "top-level-type",
  path: `m${i}.md`,
  mtimeMs: 0,
});

const union = (a: string[] | undefined, b: string[] | undefined) => [
  ...new Set([...(a ?? []), ...(b ?? [])]),
];

/** `memories` (in transcript order) with the corrections of this batch applied (see the file comment). */
export function settleCorrections(memories: PlannedMemory[], nowMs: number): PlannedMemory[] {
  const out = [...memories];
  for (let i = 0; i < out.length; i++) {
    const c = out[i]!;
    if (c.corrects !== true) continue;
    const earlier = out.slice(0, i).map(asTopic);
    const sup = planSupersede(c, earlier, nowMs);
    if (sup) {
      const j = Number(/^m(\d+)\.md$/.exec(sup.topic.path)![1]);
      const old = out[j]!;
      out[j] = {
        ...old,
        name: sup.described ? memoryName(old.type, sup.topic.description) : old.name,
        description: sup.topic.description,
        body: sup.topic.body,
        corrects: true,
        sources: union(old.sources, c.sources),
      };
      out.splice(i--, 1);
      continue;
    }
    if (c.rule !== "correction") continue;
    const key = ruleKey(`${c.description}\n${c.body}`);
    const chosen = [...key.terms].filter(([t, p]) => p === 1 && isChoice(t)).map(([t]) => t);
    if (chosen.length === 0) continue;
    const j = out.findIndex((m, k) => {
      if (k === i || m.type !== c.type) return false;
      const mk = ruleKey(m.description);
      return chosen.some((t) => mk.terms.get(t) === 1) && ruleConflict(key, mk).length === 0;
    });
    if (j < 0) continue;
    out[j] = { ...out[j]!, corrects: true, sources: union(out[j]!.sources, c.sources) };
    out.splice(i--, 1);
  }
  return out;
}
