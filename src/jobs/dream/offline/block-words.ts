/**
 * The word sets the duplicate score compares (`duplicates.ts`), cached per block and per topic
 * object: `dreamWords` of the fact text (numbers and Why/How lines left out). Shared with the
 * candidate pairs (`candidates.ts`), which index the same sets.
 */
import { factText } from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";
import type { Block } from "./blockers.js";
import { dreamWords } from "./tokens.js";

const wordCache = new WeakMap<Block, Set<string>>();
const descCache = new WeakMap<object, Set<string>>();

/** `dreamWords` of a block's fact text, cached. */
export function blockWords(b: Block): Set<string> {
  let w = wordCache.get(b);
  if (!w) {
    w = dreamWords(factText(b.text));
    wordCache.set(b, w);
  }
  return w;
}

/** `dreamWords` of a topic's description fact text, cached per topic object. */
export function descWords(t: Pick<TopicFile, "description">): Set<string> {
  let d = descCache.get(t);
  if (!d) {
    d = dreamWords(factText(t.description));
    descCache.set(t, d);
  }
  return d;
}
