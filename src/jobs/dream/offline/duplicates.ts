/**
 * Duplicates: exact and near duplicates (normalized text, token overlap) are merged, keeping the
 * provenance of both. Topics of one scope and type are compared block by block
 * (`blockers.ts`): two topics are near duplicates when every block of each has a block of the other
 * that scores at least the store's MERGE_THRESHOLD and is not told apart by a blocker (numbers,
 * names, identifiers, qualifiers, polarity, contradicting values). Clusters are complete-linkage:
 * every pair in a cluster is a near duplicate, so no chain of look-alikes snowballs into one topic,
 * and a second dream over the result finds nothing more (each folded source stays a paragraph).
 * Stricter than the store's upsert: no "short rule" containment, so "Always use pnpm" and "Always
 * use pnpm workspaces" stay apart.
 */
import { type RuleKey, ruleKey, sameRuleKey } from "../../../store/rule-key.js";
import { MERGE_THRESHOLD, overlap } from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";
import { descWords, blockWords as words } from "./block-words.js";
import { type Block, blockReason, topicBlocks } from "./blockers.js";
import { allPairs, duplicateCandidates } from "./candidates.js";
import { unitConflicts } from "./conflict.js";
import { label } from "./contradictions.js";
import { byTargetOrder, foldInto, pickTarget } from "./fold.js";
import { cmp } from "./orient.js";
import { factUnits } from "./tokens.js";
import type { WorkTopic } from "./types.js";

type Text = Pick<TopicFile, "description" | "body">;

/** The rule key of a topic's description, cached per topic object. */
const descKeys = new WeakMap<Text, RuleKey>();
const descKey = (t: Text): RuleKey => {
  let k = descKeys.get(t);
  if (!k) {
    k = ruleKey(t.description);
    descKeys.set(t, k);
  }
  return k;
};

/**
 * How alike two blocks are (0..1): 1 for equal normalized text or, for two first blocks, for
 * descriptions with one rule key; else the word overlap (the descriptions' too, for two first blocks).
 */
function blockScore(a: Block, b: Block, ta: Text, tb: Text): number {
  if (a.norm === b.norm) return 1;
  // two descriptions that state one rule ("Always use pnpm in this repo, never npm" / "Never use npm here, always pnpm")
  if (a.head && b.head && sameRuleKey(descKey(ta), descKey(tb))) return 1;
  const s = overlap(words(a), words(b));
  return a.head && b.head ? Math.max(s, overlap(descWords(ta), descWords(tb))) : s;
}

/**
 * For each block of `a`, its best score against the blocks of `b` (only unblocked ones when
 * `strict`); returns the worst of those, and why the worst one was blocked when it was.
 */
function cover(a: Text, b: Text, strict: boolean): { score: number; why?: string } {
  let worst = 1;
  let why: string | undefined;
  for (const x of topicBlocks(a)) {
    let best = 0;
    let blocked: string | undefined;
    for (const y of topicBlocks(b)) {
      const s = blockScore(x, y, a, b);
      if (s <= best) continue;
      if (strict && s >= MERGE_THRESHOLD) {
        const r = blockReason(x, y);
        if (r) {
          blocked ??= r;
          continue;
        }
      }
      best = s;
    }
    if (best < worst) {
      worst = best;
      why = best < MERGE_THRESHOLD ? blocked : undefined;
    }
  }
  return why === undefined ? { score: worst } : { score: worst, why };
}

/**
 * How alike two topics are (0..1, symmetric): every block of each is matched with its best block
 * of the other (equal normalized text 1, else word overlap over `dreamWords` of the fact text,
 * descriptions compared too for the first blocks); the score is the worst of those matches.
 * Blockers are not applied (see `duplicateCheck`).
 */
export function dupScore(a: Text, b: Text): number {
  return Math.min(cover(a, b, false).score, cover(b, a, false).score);
}

/**
 * Whether `a` and `b` are near duplicates: `{score}` (the `dupScore` over unblocked block pairs) and,
 * when a blocker kept a block from its match, `blocked` with why.
 */
export function duplicateCheck(a: Text, b: Text): { score: number; blocked?: string } {
  const x = cover(a, b, true);
  const y = cover(b, a, true);
  const blocked = x.why ?? y.why;
  const score = Math.min(x.score, y.score);
  return blocked === undefined ? { score } : { score, blocked };
}

/** True when any fact of `a` contradicts any fact of `b` (sentences alone, no subject check). */
export function topicsConflict(a: TopicFile, b: TopicFile): boolean {
  return unitConflicts(factUnits(a), factUnits(b)).length > 0;
}

interface Edge {
  a: WorkTopic;
  b: WorkTopic;
  score: number;
}

/**
 * Clusters the live, unfrozen topics of `work` (complete linkage over `duplicateCheck`) and folds
 * each cluster into its target (`pickTarget`). Returns the number of clusters merged. `compare`: the
 * pairs compared, `duplicateCandidates` (default) or every pair (the reference, same result, slower).
 */
export function mergeDuplicates(work: WorkTopic[], compare: "candidates" | "all" = "candidates"): number {
  const live = work.filter((w) => w.status === "alive" && !w.frozen);
  const edges: Edge[] = [];
  // near pairs as i * n + j (i < j, indexes into `live`)
  const at = new Map<WorkTopic, number>(live.map((w, i) => [w, i]));
  const n = live.length;
  const pairKey = (x: WorkTopic, y: WorkTopic) => {
    const i = at.get(x)!;
    const j = at.get(y)!;
    return i < j ? i * n + j : j * n + i;
  };
  const near = new Set<number>();
  for (const [i, j] of compare === "all" ? allPairs(live.length) : duplicateCandidates(live)) {
    const a = live[i]!;
    const b = live[j]!;
    if (a.scope !== b.scope || a.topic.type !== b.topic.type) continue;
    if (dupScore(a.topic, b.topic) < MERGE_THRESHOLD) continue;
    const r = duplicateCheck(a.topic, b.topic);
    if (r.score < MERGE_THRESHOLD) continue;
    edges.push({ a, b, score: r.score });
    near.add(i * n + j);
  }
  edges.sort((x, y) => y.score - x.score || cmp(key(x), key(y)));
  const cluster = new Map<WorkTopic, WorkTopic[]>(live.map((w) => [w, [w]]));
  const used = new Map<WorkTopic[], Edge[]>();
  for (const e of edges) {
    const ca = cluster.get(e.a)!;
    const cb = cluster.get(e.b)!;
    if (ca === cb) continue;
    if (!ca.every((x) => cb.every((y) => near.has(pairKey(x, y))))) continue;
    const merged = [...ca, ...cb];
    for (const w of merged) cluster.set(w, merged);
    used.set(merged, [...(used.get(ca) ?? []), ...(used.get(cb) ?? []), e]);
    used.delete(ca);
    used.delete(cb);
  }
  let clusters = 0;
  for (const [members, es] of [...used].sort((x, y) => cmp(pickTarget(x[0]).file, pickTarget(y[0]).file))) {
    const target = pickTarget(members);
    for (const m of members.filter((w) => w !== target).sort(byTargetOrder)) {
      const mine = es.filter((e) => e.a === m || e.b === m);
      const why = mine.map((e) => `${label(e.a === m ? e.b : e.a)} ${e.score.toFixed(2)}`).join(", ");
      foldInto(target, m, "duplicate", `near duplicate of ${why}`);
    }
    clusters++;
  }
  return clusters;
}

const key = (e: Edge) => `${e.a.scope}/${e.a.file}\0${e.b.file}`;
