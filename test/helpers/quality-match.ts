/**
 * The quality set's matching rule (test/fixtures/extraction/README.md): when a produced memory counts as a
 * gold memory, and the maximum one-to-one matching between produced and gold memories of a conversation.
 */
import type { GoldMemory } from "./conversation.js";

/** The fields of a produced memory the matching rule reads (a planned or stored memory fits). */
export interface ProducedMemory {
  type: string;
  name?: string;
  description: string;
  body: string;
}

const WHY = "**why:**";
const HOW = "**how to apply:**";

/** True when one of the `|`-separated alternatives of `keyword` occurs in `lowerText` (already lower case). */
function hasKeyword(lowerText: string, keyword: string): boolean {
  return keyword.split("|").some((alt) => lowerText.includes(alt.toLowerCase()));
}

/**
 * The body text after `**Why:**` up to `**How to apply:**` (or the end), lower case; "" when the body has
 * no `**Why:**` marker.
 */
export function whySection(body: string): string {
  const lower = body.toLowerCase();
  const start = lower.indexOf(WHY);
  if (start < 0) return "";
  const rest = lower.slice(start + WHY.length);
  const end = rest.indexOf(HOW);
  return end < 0 ? rest : rest.slice(0, end);
}

/**
 * True when `m` has the gold type, every `mustContain` entry occurs in name + description + body, every
 * `whyContains` entry occurs in the Why section of the body, and no `mustNotContain` entry occurs in name +
 * description + body. All comparisons ignore case; `a|b` = either alternative.
 */
export function satisfies(m: ProducedMemory, g: GoldMemory): boolean {
  if (m.type !== g.type) return false;
  const text = `${m.name ?? ""}\n${m.description}\n${m.body}`.toLowerCase();
  if (!g.mustContain.every((k) => hasKeyword(text, k))) return false;
  const why = whySection(m.body);
  if (!(g.whyContains ?? []).every((k) => hasKeyword(why, k))) return false;
  return !(g.mustNotContain ?? []).some((k) => hasKeyword(text, k));
}

/** Maximum one-to-one matching (augmenting paths): produced index → gold index. */
export function match(produced: readonly ProducedMemory[], gold: readonly GoldMemory[]): Map<number, number> {
  const goldOwner = new Map<number, number>();
  const tryAssign = (p: number, seen: Set<number>): boolean => {
    for (let g = 0; g < gold.length; g++) {
      if (seen.has(g) || !satisfies(produced[p]!, gold[g]!)) continue;
      seen.add(g);
      const owner = goldOwner.get(g);
      if (owner === undefined || tryAssign(owner, seen)) {
        goldOwner.set(g, p);
        return true;
      }
    }
    return false;
  };
  for (let p = 0; p < produced.length; p++) tryAssign(p, new Set());
  return new Map([...goldOwner].map(([g, p]) => [p, g]));
}
